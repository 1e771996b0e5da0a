import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createOrganization, createUser, createClass } from '../../db/seed/factories';

let t: TestApp;
let accountId: number;
let domainId: number;
let orgId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { SESSION_CACHE_SECONDS: '30' } });
  const db = t.db.database.db;
  const domain = await createDomain(db);
  domainId = domain.id;
  const account = await createAccount(db, { domainId });
  accountId = account.id;
  orgId = (await createOrganization(db, { accountId })).id;
});
afterAll(() => t.close());

async function signIn(login: string, password = 'Passw0rd!', extra: object = {}, path = '/dashboard/auth/form') {
  return call(t.app, 'POST', path, { body: { login, password, ...extra } });
}

describe('POST /dashboard/auth/form', () => {
  it('signs a teacher in and GET /dashboard/my describes them', async () => {
    const teacher = await createUser(t.db.database.db, {
      role: 'teacher',
      domainId,
      accountId,
      email: 'tina@example.test',
      organizationIds: [orgId],
      firstName: 'Tina',
      lastName: 'Turner',
    });
    await createClass(t.db.database.db, {
      accountId,
      organizationId: orgId,
      title: 'Biology',
      periods: '3',
      teacherIds: [teacher.id],
    });
    const res = await signIn('TINA@example.test');
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const my = await call(t.app, 'GET', '/dashboard/my', { token });
    expect(my.statusCode).toBe(200);
    const data = my.json().data;
    expect(data.user).toMatchObject({
      id: teacher.id,
      email: 'tina@example.test',
      account_id: accountId,
      role: 'teacher',
      first_name: 'Tina',
      last_name: 'Turner',
    });
    expect(data.permissions).toEqual(['role-teacher']);
    expect(data.actions).toEqual([]);
    expect(data.classes).toEqual([{ id: expect.any(Number), title: 'Biology', custom_title: null, periods: '3' }]);
    expect(data.organizations).toEqual([{ id: orgId, name: expect.any(String) }]);
    expect(data.settings.map((s: { setting: string }) => s.setting)).toEqual([
      'language_switcher',
      'auto_logout',
      'language',
    ]);
    expect(data.policies.rules.context).toEqual([
      { name: 'account', allow: false },
      { name: 'organization', allow: false },
    ]);
  });

  it('stores only a hash of the token', async () => {
    await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: 'hash@example.test' });
    const token = (await signIn('hash@example.test')).json().data.token as string;
    const rows = await t.db.database.pool.query('select token_hash from sessions');
    expect(rows.rows.some((r: { token_hash: string }) => r.token_hash === token)).toBe(false);
    expect(rows.rows.every((r: { token_hash: string }) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a wrong password and an unknown login with the same message', async () => {
    await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: 'wrong@example.test' });
    const wrong = await signIn('wrong@example.test', 'Nope-1234!');
    const unknown = await signIn('nobody@example.test', 'Nope-1234!');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Wrong Credentials. Invalid username or password.',
        errors: { login: ['Wrong Credentials. Invalid username or password.'] },
      });
    }
  });

  it('answers in Spanish when asked', async () => {
    const res = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'x@example.test', password: 'y' },
      lang: 'es-ES,es;q=0.9',
    });
    expect(res.json().message).toBe('Credenciales incorrectas. Usuario o contraseña no válidos.');
  });

  it('tells a disabled user, but only with the right password', async () => {
    await createUser(t.db.database.db, {
      role: 'teacher',
      domainId,
      accountId,
      email: 'off@example.test',
      disabled: true,
    });
    expect((await signIn('off@example.test')).json().message).toBe(
      'Your account is disabled. Please contact your administrator.',
    );
    expect((await signIn('off@example.test', 'Wrong-123!')).json().message).toBe(
      'Wrong Credentials. Invalid username or password.',
    );
  });

  it('validates the body with 422 and field messages, never 500', async () => {
    const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: '', password: 5 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.login).toEqual(['Please enter email address']);
    expect(res.json().errors.password).toBeDefined();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/dashboard/auth/form',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps students out of the dashboard and staff out of the student app', async () => {
    await createUser(t.db.database.db, { role: 'student', domainId, accountId, email: null, username: 'kid1' });
    expect((await signIn('kid1')).statusCode).toBe(422);
    const s = await signIn('kid1', 'Passw0rd!', {}, '/student/auth/form');
    expect(s.statusCode).toBe(200);
    const token = s.json().data.token as string;
    expect((await call(t.app, 'GET', '/student/my', { token })).json().data.user.role).toBe('student');
    // a student token is not a dashboard session
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    await createUser(t.db.database.db, {
      role: 'teacher',
      domainId,
      accountId,
      email: 'staff-in-student@example.test',
    });
    expect((await signIn('staff-in-student@example.test', 'Passw0rd!', {}, '/student/auth/form')).statusCode).toBe(422);
  });

  it('gives a long-lived token with remember me and a short one without', async () => {
    await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: 'remember@example.test' });
    const short = new Date((await signIn('remember@example.test')).json().data.expires_at).getTime() - Date.now();
    const long =
      new Date(
        (await signIn('remember@example.test', 'Passw0rd!', { rememberMe: true })).json().data.expires_at,
      ).getTime() - Date.now();
    expect(short).toBeLessThanOrEqual(12 * 3600_000);
    expect(long).toBeGreaterThan(29 * 24 * 3600_000);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: 'logout@example.test' });
    const token = (await signIn('logout@example.test')).json().data.token as string;
    expect((await call(t.app, 'POST', '/dashboard/auth/logout', { token })).statusCode).toBe(200);
    const after = await call(t.app, 'GET', '/dashboard/my', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has expired. Please re-login.');
  });

  it('401 without, or with a made-up, token', async () => {
    expect((await call(t.app, 'GET', '/dashboard/my')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/dashboard/my', { token: 'made-up' })).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: 'expired@example.test' });
    const token = (await signIn('expired@example.test')).json().data.token as string;
    await t.db.database.pool.query(`update sessions set expires_at = now() - interval '1 second'`);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
  });

  it('disabling a user ends their sessions at once', async () => {
    const u = await createUser(t.db.database.db, {
      role: 'teacher',
      domainId,
      accountId,
      email: 'tobedisabled@example.test',
    });
    const token = (await signIn('tobedisabled@example.test')).json().data.token as string;
    await t.db.database.pool.query('update users set disabled = true where id = $1', [u.id]);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
  });
});
