import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, PASSWORD, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createCustomRole, createUser } from '../../db/seed/factories';

// The Emails page's calls (issue 14, item 11): the outbox for the technology resource (the super administrator's
// bundle), scoped to the tenant of each email's recipient; bodies only outside production without SMTP.

let t: TestApp;
let w: World;
/** a custom role with the super administrator's bundle, held inside domain A and inside account A1 */
let domainTech: string;
let accountTech: string;
const ids: Record<string, number> = {};
/** the server's request log, at info level */
let log = '';

type Row = { id: number; to: string; subject: string; status: string; created_at: string; sent_at: string | null };

async function signIn(email: string): Promise<string> {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

async function requestReset(email: string, app: 'dashboard' | 'student' = 'dashboard'): Promise<number> {
  expect((await call(t.app, 'POST', `/${app}/reset-password`, { body: { email } })).statusCode).toBe(200);
  const r = await w.pool.query<{ id: number }>('select max(id)::int as id from email_outbox where "to" = $1', [email]);
  return r.rows[0]!.id;
}

async function listIds(token: string, body: object = { per_page: 300 }): Promise<number[]> {
  const res = await call(t.app, 'POST', '/dashboard/emails/list', { token, body });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Row[] }>().data.map((r) => r.id);
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
  w = await buildWorld(t);
  const tech = await createCustomRole(w.db, { permissions: ['role-super-admin'], domainId: w.domA.id });
  await createUser(w.db, { role: 'custom', roleId: tech.id, domainId: w.domA.id, email: 'tech@a.test' });
  await createUser(w.db, {
    role: 'custom',
    roleId: tech.id,
    ...{ domainId: w.domA.id, accountId: w.accA1.id },
    email: 'tech@a1.test',
  });
  domainTech = await signIn('tech@a.test');
  accountTech = await signIn('tech@a1.test');
  await createUser(w.db, { role: 'teacher', domainId: w.domA.id, accountId: w.accA2.id, email: 'teacher@a2.test' });
  await createUser(w.db, { role: 'teacher', domainId: w.domB.id, accountId: w.accB1.id, email: 'teacher@b1.test' });
  ids.a1 = await requestReset('teacher@a.test');
  ids.a1student = await requestReset('student@a.test', 'student');
  ids.domainA = await requestReset('domain@a.test');
  ids.a2 = await requestReset('teacher@a2.test');
  ids.b1 = await requestReset('teacher@b1.test');
});
afterAll(() => t.close());

describe('who may read the outbox', () => {
  it('is the technology resource: the super administrator; every other role is refused', async () => {
    const expected = { super: 200, domain: 403, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
    expect(await statusesByActor(t, w, 'POST', '/dashboard/emails/list', {})).toEqual(expected);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/emails/${ids.a1}`)).toEqual(expected);
    expect((await call(t.app, 'POST', '/dashboard/emails/list', { body: {} })).statusCode).toBe(401);
  });

  it('lists the newest first with state and times, never the body', async () => {
    const res = await call(t.app, 'POST', '/dashboard/emails/list', { token: w.tokens.super, body: { per_page: 2 } });
    const body = res.json<{ data: (Row & { text?: string })[]; meta: Record<string, unknown> }>();
    expect(body.meta).toEqual({ page: 1, per_page: 2, total: 5, bodies: true });
    expect(body.data.map((r) => r.id)).toEqual([ids.b1, ids.a2]);
    expect(body.data[0]).toMatchObject({
      to: 'teacher@b1.test',
      subject: 'Reset your Aula password',
      status: 'stored',
      sent_at: null,
    });
    expect(Date.parse(body.data[0]!.created_at)).not.toBeNaN();
    expect(body.data[0]).not.toHaveProperty('text');
    expect(JSON.stringify(body)).not.toContain('reset-password/');

    expect(await listIds(w.tokens.super, { search: 'a2.TEST' })).toEqual([ids.a2]);
    expect(await listIds(w.tokens.super, { status: 'sent' })).toEqual([]);
    const bad = await call(t.app, 'POST', '/dashboard/emails/list', {
      token: w.tokens.super,
      body: { status: 'lost', per_page: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['status', 'per_page']));
  });

  it('opens one email with its body and its working reset link', async () => {
    const res = await call(t.app, 'GET', `/dashboard/emails/${ids.a1}`, { token: w.tokens.super });
    expect(res.statusCode).toBe(200);
    const email = res.json<{ data: Row & { text: string } }>().data;
    expect(email).toMatchObject({ id: ids.a1, to: 'teacher@a.test', status: 'stored' });
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(email.text)?.[1];
    expect(token).toBeDefined();
    const check = await call(t.app, 'POST', `/dashboard/reset-password/${token}`);
    expect(check.json()).toEqual({ data: { valid: true, email: 'teacher@a.test' } });

    expect((await call(t.app, 'GET', '/dashboard/emails/999999', { token: w.tokens.super })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/dashboard/emails/abc', { token: w.tokens.super })).statusCode).toBe(422);
  });
});

describe('the log', () => {
  it('holds no email text and no reset link after the emails were written, listed and read', async () => {
    await call(t.app, 'GET', `/dashboard/emails/${ids.b1}`, { token: w.tokens.super });
    expect(log).toContain('/dashboard/emails/');
    expect(log).not.toContain('Someone asked to reset');
    expect(log).not.toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);
  });
});

describe('another tenant’s emails do not exist', () => {
  it('for a super administrator role held inside domain A: domain A’s users only', async () => {
    expect((await listIds(domainTech)).sort()).toEqual([ids.a1, ids.a1student, ids.domainA, ids.a2].sort());
    expect((await call(t.app, 'GET', `/dashboard/emails/${ids.b1}`, { token: domainTech })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/dashboard/emails/${ids.a2}`, { token: domainTech })).statusCode).toBe(200);
  });

  it('for one held inside account A1: that account’s users only', async () => {
    expect((await listIds(accountTech)).sort()).toEqual([ids.a1, ids.a1student].sort());
    for (const other of [ids.a2, ids.b1, ids.domainA])
      expect((await call(t.app, 'GET', `/dashboard/emails/${other}`, { token: accountTech })).statusCode).toBe(404);
  });
});

describe('where bodies are not shown', () => {
  it('production: the list shows states, an email’s body is refused', async () => {
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        TOKEN_SECRET: 'p'.repeat(40),
        SECRETS_KEY: 'a'.repeat(64),
        DATABASE_URL: 'postgres://unused.invalid/x',
        PUBLIC_API_URL: 'https://api.school.test',
        PUBLIC_DASHBOARD_URL: 'https://dashboard.school.test',
        PUBLIC_STUDENT_URL: 'https://student.school.test',
      },
    });
    try {
      const [staff] = await Promise.all([
        createUser(prod.db.database.db, { role: 'super-administrator', email: 'prod-staff@x.test' }),
        createUser(prod.db.database.db, { role: 'teacher', email: 'prod-teacher@x.test' }),
      ]);
      await call(prod.app, 'POST', '/dashboard/reset-password', { body: { email: 'prod-teacher@x.test' } });
      const signIn = await call(prod.app, 'POST', '/dashboard/auth/form', {
        body: { login: staff.email, password: PASSWORD },
      });
      const token = signIn.json<{ data: { token: string } }>().data.token;
      const list = await call(prod.app, 'POST', '/dashboard/emails/list', { token, body: {} });
      expect(list.statusCode).toBe(200);
      const page = list.json<{ data: Row[]; meta: { bodies: boolean } }>();
      expect(page.meta.bodies).toBe(false);
      expect(page.data).toEqual([expect.objectContaining({ to: 'prod-teacher@x.test', status: 'stored' })]);
      const one = await call(prod.app, 'GET', `/dashboard/emails/${page.data[0]!.id}`, { token });
      expect(one.statusCode).toBe(403);
      expect(one.json()).toEqual({
        message: 'Email contents are shown only outside production when no SMTP server is set.',
      });
      expect(one.body).not.toContain('reset-password');
    } finally {
      await prod.close();
    }
  });
});
