import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@aula/i18n/translate';
import { completeLogin } from '../../../test/oidc-server';
import { buildSsoWorld, callback, sessionCount, start, whoAmI, type SsoWorld } from '../../../test/sso-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';

// Issue 17 item 2: an identity that matches nobody is linked only through the connect step (GET
// /oauth/{provider}/connect?hash= by a user signed in with their password): single use, expiring, same district.
// Disconnecting in settings makes the next sign-in ask again.

let s: SsoWorld;

beforeAll(async () => {
  s = await buildSsoWorld();
  s.oidc.issuers.clever.accounts.set('cv-new', { email: 'teacher@a.test' });
});
afterAll(() => s.close());

/** A Clever sign-in (A1) of the unknown subject: the connect hash. */
async function connectHash(scope: 'dashboard' | 'student' = 'dashboard'): Promise<string> {
  const url = await start(s, 2, scope, 'A1-ID');
  const res = await callback(s, 2, scope, await completeLogin(url.href, 'cv-new'));
  const data = res.json<{ data: { status: string; hash: string } }>().data;
  expect(data.status).toBe('connect');
  return data.hash;
}

const connect = (hash: string, token?: string) =>
  call(s.t.app, 'GET', `/oauth/2/connect?hash=${encodeURIComponent(hash)}`, token ? { token } : {});

async function signInAgain() {
  const url = await start(s, 2, 'dashboard', 'A1-ID');
  return callback(s, 2, 'dashboard', await completeLogin(url.href, 'cv-new'));
}

describe('GET /oauth/{provider}/connect?hash=', () => {
  it('needs a signed-in user', async () => {
    const hash = await connectHash();
    expect((await connect(hash)).statusCode).toBe(401);
    expect((await connect(hash, 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses a user of another district (or none) and links nothing', async () => {
    const hash = await connectHash();
    const res = await connect(hash, s.w.tokens.super);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(translate('en', 'sso.connectWrongDistrict'));
    expect(await countOf(s.w, 'oauth_connections', `subject = 'cv-new'`)).toBe(0);
  });

  it('refuses an expired hash', async () => {
    const hash = await connectHash();
    await s.w.pool.query(`update sso_connect_requests set expires_at = now() - interval '1 second'`);
    const res = await connect(hash, s.w.tokens.teacher);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(translate('en', 'sso.connectInvalid'));
    expect(await countOf(s.w, 'oauth_connections', `subject = 'cv-new'`)).toBe(0);
  });

  it('links the identity to the signed-in user once; the hash is single use; the next sign-in goes straight in', async () => {
    const hash = await connectHash();
    const res = await connect(hash, s.w.tokens.teacher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { success: true, login_type: 2 } });
    const rows = await s.w.pool.query(
      `select user_id, provider, email from oauth_connections where subject = 'cv-new'`,
    );
    expect(rows.rows).toEqual([{ user_id: s.w.users.teacher.id, provider: 2, email: 'teacher@a.test' }]);
    expect(
      await countOf(s.w, 'audit_log', `action = 'auth.oauth-connected' and actor_user_id = ${s.w.users.teacher.id}`),
    ).toBe(1);

    const reused = await connect(hash, s.w.tokens.school);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ message: string }>().message).toBe(translate('en', 'sso.connectInvalid'));

    const again = await signInAgain();
    const data = again.json<{ data: { status: string; token: string } }>().data;
    expect(data.status).toBe('success');
    expect((await whoAmI(s, 'dashboard', data.token)).id).toBe(s.w.users.teacher.id);
  });

  it('a student connects from the student app (any app’s session may connect)', async () => {
    s.oidc.issuers.clever.accounts.set('cv-kid', {});
    const url = await start(s, 2, 'student', 'A1-ID');
    const res = await callback(s, 2, 'student', await completeLogin(url.href, 'cv-kid'));
    const { hash } = res.json<{ data: { hash: string } }>().data;
    expect((await connect(hash, s.w.tokens.student)).statusCode).toBe(200);
  });
});

describe('DELETE /dashboard/settings/oauth (disconnect)', () => {
  it('removes the connection; the next sign-in is the connect step again and makes no session', async () => {
    const res = await call(s.t.app, 'DELETE', '/dashboard/settings/oauth', {
      token: s.w.tokens.teacher,
      body: { login_type: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(await countOf(s.w, 'oauth_connections', `subject = 'cv-new'`)).toBe(0);
    const before = await sessionCount(s);
    const again = await signInAgain();
    expect(again.json<{ data: { status: string } }>().data.status).toBe('connect');
    expect(await sessionCount(s)).toBe(before);
  });
});
