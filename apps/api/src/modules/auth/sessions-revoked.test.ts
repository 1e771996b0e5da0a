import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createUser } from '../../db/seed/factories';
import { buildWorld, PASSWORD, type World } from '../../../test/tenancy-fixtures';

// Bearer tokens stay in the browser's storage (docs/decisions/0006): every way a session must end ends it at once,
// also on the node that has the caller cached (the cache is on here, as in production). Issue 13 item 5.

let t: TestApp;
let w: World;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ env: { SESSION_CACHE_SECONDS: '60' } });
  w = await buildWorld(t);
});
afterAll(() => t.close());

async function signIn(login: string, password = PASSWORD) {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login, password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}
/** a teacher of school A1a with two signed-in devices, both seen (and so cached) once */
async function teacherWithTwoDevices() {
  const email = `revoke${n++}@a.test`;
  const user = await createUser(w.db, {
    role: 'teacher',
    domainId: w.domA.id,
    accountId: w.accA1.id,
    organizationIds: [w.orgA1a.id],
    email,
  });
  const tokens = [await signIn(email), await signIn(email)] as const;
  for (const token of tokens) expect(await status(token)).toBe(200);
  return { user, email, tokens };
}
const status = async (token: string) => (await call(t.app, 'GET', '/dashboard/my', { token })).statusCode;

describe('a token stops working (401) after', () => {
  it('logout: that token only', async () => {
    const { tokens } = await teacherWithTwoDevices();
    expect((await call(t.app, 'POST', '/dashboard/auth/logout', { token: tokens[0] })).statusCode).toBe(200);
    expect([await status(tokens[0]), await status(tokens[1])]).toEqual([401, 200]);
  });

  it("the user's own password change: every other device", async () => {
    const { tokens } = await teacherWithTwoDevices();
    const res = await call(t.app, 'PATCH', '/dashboard/settings/password', {
      token: tokens[0],
      body: { current_password: PASSWORD, password: 'N3w-pass#1', password_confirmation: 'N3w-pass#1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(tokens[1])).toBe(401);
  });

  it('a password reset: every device', async () => {
    const { email, tokens } = await teacherWithTwoDevices();
    await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } });
    const mail = await w.pool.query('select text from email_outbox where "to" = $1', [email]);
    const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((mail.rows[0] as { text: string }).text)![1]!;
    const res = await call(t.app, 'PUT', '/dashboard/reset-password', {
      body: { token: link, password: 'R3set-pass#1', password_confirmation: 'R3set-pass#1' },
    });
    expect(res.statusCode).toBe(200);
    expect([await status(tokens[0]), await status(tokens[1])]).toEqual([401, 401]);
  });

  it('an admin setting the password, disabling or deleting the user: every device', async () => {
    const changes = [
      (id: number) =>
        call(t.app, 'PATCH', `/dashboard/users/${id}/password`, {
          token: w.tokens.district,
          body: { password: 'Adm1n-set#1', password_confirmation: 'Adm1n-set#1' },
        }),
      (id: number) =>
        call(t.app, 'PUT', `/dashboard/users/${id}`, { token: w.tokens.school, body: { disabled: true } }),
      (id: number) => call(t.app, 'DELETE', `/dashboard/users/${id}`, { token: w.tokens.district }),
    ];
    for (const change of changes) {
      const { user, tokens } = await teacherWithTwoDevices();
      expect((await change(user.id)).statusCode).toBe(200);
      expect([await status(tokens[0]), await status(tokens[1])]).toEqual([401, 401]);
    }
  });

  it('a disabled user cannot sign in again until enabled', async () => {
    const { user, email } = await teacherWithTwoDevices();
    await call(t.app, 'PUT', `/dashboard/users/${user.id}`, { token: w.tokens.district, body: { disabled: true } });
    const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: PASSWORD } });
    expect(res.statusCode).toBe(422);
    await call(t.app, 'PUT', `/dashboard/users/${user.id}`, { token: w.tokens.district, body: { disabled: false } });
    expect(await status(await signIn(email))).toBe(200);
  });
});

describe('nobody disables a user they may not manage', () => {
  it('another tenant gets 404, a lesser role 403; the user stays enabled and signed in', async () => {
    const { user, tokens } = await teacherWithTwoDevices();
    await createUser(w.db, {
      role: 'administrator',
      domainId: w.domB.id,
      accountId: w.accB1.id,
      email: 'admin@b.test',
      organizationIds: [w.orgB1.id],
    });
    const otherTenant = await signIn('admin@b.test');
    const peer = await teacherWithTwoDevices();
    const attempts: [string, number][] = [
      [otherTenant, 404],
      [w.tokens.teacher, 403],
      [peer.tokens[0], 403],
    ];
    for (const [token, expected] of attempts) {
      const res = await call(t.app, 'PUT', `/dashboard/users/${user.id}`, { token, body: { disabled: true } });
      expect(res.statusCode).toBe(expected);
    }
    const row = await w.pool.query('select disabled from users where id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ disabled: false });
    expect([await status(tokens[0]), await status(tokens[1])]).toEqual([200, 200]);
  });
});
