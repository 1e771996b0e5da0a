import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';

let t: TestApp;
let domainId: number;
let accountId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '5', SESSION_CACHE_SECONDS: '30' } });
  domainId = (await createDomain(t.db.database.db)).id;
  accountId = (await createAccount(t.db.database.db, { domainId })).id;
});
afterAll(() => t.close());

let n = 0;
async function newUser(password = 'Passw0rd!', email?: string) {
  const e = email ?? `pw${n++}@example.test`;
  const user = await createUser(t.db.database.db, { role: 'teacher', domainId, accountId, email: e, password });
  return { user, email: e };
}
async function tokenFor(login: string, password = 'Passw0rd!') {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login, password } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}
async function outboxFor(email: string) {
  const r = await t.db.database.pool.query('select * from email_outbox where "to" = $1 order by id', [email]);
  return r.rows as { subject: string; text: string; status: string; template: string }[];
}
const linkToken = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('change password', () => {
  it('lists the change-password action while the password equals the email, and not after a change', async () => {
    const email = 'same@example.test';
    await newUser(email, email);
    const token = await tokenFor(email, email);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).json().data.actions).toEqual(['change-password']);
    const res = await call(t.app, 'PATCH', '/dashboard/settings/password', {
      token,
      body: { current_password: email, password: 'N3w-password!', password_confirmation: 'N3w-password!' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Your password has been successfully updated');
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).json().data.actions).toEqual([]);
  });

  it('requires the current password', async () => {
    const { email } = await newUser();
    const token = await tokenFor(email);
    const res = await call(t.app, 'PATCH', '/dashboard/settings/password', {
      token,
      body: { current_password: 'Wrong-pass1!', password: 'N3w-password!', password_confirmation: 'N3w-password!' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Current password is incorrect.',
      errors: { current_password: ['Current password is incorrect.'] },
    });
    // unchanged: the old password still works
    await tokenFor(email);
  });

  it('enforces the password rules and the confirmation', async () => {
    const { email } = await newUser();
    const token = await tokenFor(email);
    const attempt = (password: string, password_confirmation = password) =>
      call(t.app, 'PATCH', '/dashboard/settings/password', {
        token,
        body: { current_password: 'Passw0rd!', password, password_confirmation },
      });
    expect((await attempt('a1!')).json().errors.password).toEqual(['Password must be at least 8 characters long']);
    expect((await attempt('abcdefgh1')).json().errors.password).toEqual([
      'Password must include numbers, letters and special characters',
    ]);
    expect((await attempt('abcdefgh!')).json().errors.password).toEqual([
      'Password must include numbers, letters and special characters',
    ]);
    expect((await attempt('12345678!')).json().errors.password).toEqual([
      'Password must include numbers, letters and special characters',
    ]);
    expect((await attempt('Good-pass1', 'Good-pass2')).json().errors.password_confirmation).toEqual([
      'The two passwords that you entered do not match!',
    ]);
  });

  it('signs the user out everywhere else', async () => {
    const { email } = await newUser();
    const here = await tokenFor(email);
    const elsewhere = await tokenFor(email);
    await call(t.app, 'PATCH', '/dashboard/settings/password', {
      token: here,
      body: { current_password: 'Passw0rd!', password: 'N3w-password!', password_confirmation: 'N3w-password!' },
    });
    expect((await call(t.app, 'GET', '/dashboard/my', { token: here })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/my', { token: elsewhere })).statusCode).toBe(401);
  });
});

describe('password reset in three steps', () => {
  it('emails a link, validates it, sets the password once, and the used link is then invalid', async () => {
    const { email } = await newUser();
    const oldSession = await tokenFor(email);
    const step1 = await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } });
    expect(step1.statusCode).toBe(200);
    const [mail] = await outboxFor(email);
    expect(mail).toMatchObject({ subject: 'Reset your Aula password', status: 'stored', template: 'password-reset' });
    const token = linkToken(mail!.text);
    expect(mail!.text).toContain(`http://localhost:3001/reset-password/${token}`);

    const step2 = await call(t.app, 'POST', `/dashboard/reset-password/${token}`);
    expect(step2.statusCode).toBe(200);
    expect(step2.json().data).toEqual({ valid: true, email });

    const step3 = await call(t.app, 'PUT', '/dashboard/reset-password', {
      body: { token, password: 'Reset-pass1!', password_confirmation: 'Reset-pass1!' },
    });
    expect(step3.statusCode).toBe(200);
    await tokenFor(email, 'Reset-pass1!');
    expect((await call(t.app, 'GET', '/dashboard/my', { token: oldSession })).statusCode).toBe(401);

    const again = await call(t.app, 'PUT', '/dashboard/reset-password', {
      body: { token, password: 'Other-pass1!', password_confirmation: 'Other-pass1!' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The password reset URL is no longer valid. Please submit a new request.');
    expect((await call(t.app, 'POST', `/dashboard/reset-password/${token}`)).statusCode).toBe(422);
  });

  it('an older link stops working when a newer one is requested, and an expired link is refused', async () => {
    const { email } = await newUser();
    await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } });
    await call(t.app, 'POST', '/dashboard/reset-password', { body: { email } });
    const [first, second] = (await outboxFor(email)).map((m) => linkToken(m.text));
    expect((await call(t.app, 'POST', `/dashboard/reset-password/${first}`)).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/dashboard/reset-password/${second}`)).statusCode).toBe(200);
    await t.db.database.pool.query(`update password_resets set expires_at = now() - interval '1 minute'`);
    expect((await call(t.app, 'POST', `/dashboard/reset-password/${second}`)).json().message).toBe(
      'The password reset URL is no longer valid. Please submit a new request.',
    );
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = await newUser();
    const a = await call(t.app, 'POST', '/dashboard/reset-password', { body: { email: known.email } });
    const b = await call(t.app, 'POST', '/dashboard/reset-password', { body: { email: 'nobody-here@example.test' } });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    expect(await outboxFor('nobody-here@example.test')).toEqual([]);
  });

  it('checks the email is valid', async () => {
    const res = await call(t.app, 'POST', '/dashboard/reset-password', { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Invalid email address']);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per login with 429, without revealing the account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await call(t.app, 'POST', '/dashboard/auth/form', {
            body: { login: 'brute@example.test', password: `x${i}` },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // another login from the same address is still served
    expect(
      (await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: 'other@example.test', password: 'x' } }))
        .statusCode,
    ).toBe(422);
  });

  it('limits reset requests too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await call(t.app, 'POST', '/dashboard/reset-password', { body: { email: 'flood@example.test' } })).statusCode,
      );
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('settings', () => {
  it('PATCH /dashboard/settings stores user settings and names, and /my reflects them', async () => {
    const { email } = await newUser();
    const token = await tokenFor(email);
    const res = await call(t.app, 'PATCH', '/dashboard/settings', {
      token,
      body: { language_switcher: false, auto_logout: 15, language: 'es', first_name: 'Ana' },
    });
    expect(res.statusCode).toBe(200);
    const data = (await call(t.app, 'GET', '/dashboard/my', { token })).json().data;
    expect(data.settings).toEqual([
      { setting: 'language_switcher', value: false },
      { setting: 'auto_logout', value: 15 },
      { setting: 'language', value: 'es' },
    ]);
    expect(data.user.first_name).toBe('Ana');
    expect((await call(t.app, 'PATCH', '/dashboard/settings', { token, body: { auto_logout: -1 } })).statusCode).toBe(
      422,
    );
    expect(
      (await call(t.app, 'PATCH', '/dashboard/settings', { token, body: { role: 'super-administrator' } })).statusCode,
    ).toBe(422);
  });

  it('lists and disconnects OAuth connections of the caller only', async () => {
    const { user, email } = await newUser();
    const other = await newUser();
    await t.db.database.pool.query(
      `insert into oauth_connections (user_id, provider, issuer, subject, email) values ($1, 4, 'https://accounts.google.com', 'g-1', $2), ($3, 4, 'https://accounts.google.com', 'g-2', $4)`,
      [user.id, email, other.user.id, other.email],
    );
    const token = await tokenFor(email);
    const list = await call(t.app, 'GET', '/dashboard/auth/get-oauth-connections', { token });
    expect(list.json().data).toEqual([expect.objectContaining({ login_type: 4, provider: 'google', email })]);
    expect(
      (await call(t.app, 'DELETE', '/dashboard/settings/oauth', { token, body: { login_type: 4 } })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/auth/get-oauth-connections', { token })).json().data).toEqual([]);
    const left = await t.db.database.pool.query('select count(*)::int as n from oauth_connections where user_id = $1', [
      other.user.id,
    ]);
    expect(left.rows[0].n).toBe(1);
  });
});
