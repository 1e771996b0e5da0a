import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomPKCECodeVerifier } from 'openid-client';
import { completeLogin, type WorkshopToken } from '../../../test/oidc-server';
import {
  buildSsoWorld,
  callback,
  expectRefused,
  linkIdentity,
  sessionCount,
  setSso,
  start,
  whoAmI,
  type SsoWorld,
} from '../../../test/sso-fixtures';
import { sha256 } from './sso.service';

// Issue 17 item 5: every way a sign-in must fail, each refused with a clear message and no session row.
// The real provider (oidc-provider) for what it can be made to do; the jose workshop issuer (test/oidc-server.ts)
// for ID tokens a real provider never issues.

let s: SsoWorld;

beforeAll(async () => {
  s = await buildSsoWorld();
  await s.w.pool.query(`update users set sourced_id = 'CL-S1' where id = $1`, [s.w.users.student.id]);
  s.oidc.issuers.classlink.accounts.set('cl-student', { sourcedId: 'CL-S1' });
});
afterAll(() => s.close());

/** Starts a ClassLink sign-in for the rostered student and logs in at the provider: the callback's query. */
async function providerAnswer() {
  const url = await start(s, 1, 'student');
  return completeLogin(url.href, 'cl-student');
}

describe('refusals at the real provider', () => {
  let before: number;
  beforeEach(async () => {
    before = await sessionCount(s);
  });

  it('the same flow succeeds when nothing is tampered with (the control)', async () => {
    const res = await callback(s, 1, 'student', await providerAnswer());
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionCount(s)).toBe(before + 1);
  });

  it('provider denied: the user cancelled at the provider (error=access_denied)', async () => {
    const url = await start(s, 1, 'student');
    const query = await completeLogin(url.href, 'cl-student', { deny: true });
    expect(query.error).toBe('access_denied');
    await expectRefused(s, await callback(s, 1, 'student', query), 'providerDenied', before);
    // and the state is spent
    await expectRefused(s, await callback(s, 1, 'student', { ...query, error: '' }), 'stateInvalid', before);
  });

  it('state mismatch: a state Aula never issued, a missing state, another provider’s state', async () => {
    const query = await providerAnswer();
    await expectRefused(s, await callback(s, 1, 'student', { ...query, state: 'forged' }), 'stateInvalid', before);
    const { state: _state, ...noState } = query;
    await expectRefused(s, await callback(s, 1, 'student', noState), 'stateInvalid', before);
    await expectRefused(s, await callback(s, 2, 'student', query), 'stateInvalid', before);
  });

  it('state from the other app is refused', async () => {
    const query = await providerAnswer();
    await expectRefused(s, await callback(s, 1, 'dashboard', query), 'stateInvalid', before);
  });

  it('expired state', async () => {
    const query = await providerAnswer();
    await s.w.pool.query(`update sso_states set expires_at = now() - interval '1 second' where state_hash = $1`, [
      sha256(query.state!),
    ]);
    await expectRefused(s, await callback(s, 1, 'student', query), 'stateInvalid', before);
  });

  it('code replay: the same callback twice, and the used code under a fresh state', async () => {
    const query = await providerAnswer();
    expect((await callback(s, 1, 'student', query)).statusCode).toBe(200);
    const after = await sessionCount(s);
    await expectRefused(s, await callback(s, 1, 'student', query), 'stateInvalid', after);
    // a new state row with the same nonce and verifier: only the provider can refuse the spent code now
    await s.w.pool.query(
      `insert into sso_states (state_hash, config_id, provider, nonce, code_verifier, scope, redirect_uri, expires_at)
       select $2, config_id, provider, nonce, code_verifier, scope, redirect_uri, now() + interval '5 minutes'
       from sso_states where state_hash = $1`,
      [sha256(query.state!), sha256('fresh-state')],
    );
    await expectRefused(s, await callback(s, 1, 'student', { ...query, state: 'fresh-state' }), 'signInFailed', after);
    expect(s.lastExchangeError()).toMatch(/invalid_grant/);
  });

  it('PKCE verifier mismatch: the provider refuses the code', async () => {
    const query = await providerAnswer();
    await s.w.pool.query('update sso_states set code_verifier = $2 where state_hash = $1', [
      sha256(query.state!),
      randomPKCECodeVerifier(),
    ]);
    await expectRefused(s, await callback(s, 1, 'student', query), 'signInFailed', before);
    expect(s.lastExchangeError()).toMatch(/invalid_grant/);
  });

  it('reused nonce: the ID token carries the nonce of another request', async () => {
    const query = await providerAnswer();
    const other = await start(s, 1, 'student');
    await s.w.pool.query('update sso_states set nonce = $2 where state_hash = $1', [
      sha256(query.state!),
      other.searchParams.get('nonce'),
    ]);
    await expectRefused(s, await callback(s, 1, 'student', query), 'signInFailed', before);
    expect(s.lastExchangeError()).toMatch(/"nonce" claim value/);
  });

  it('a subject linked in another district', async () => {
    const { classlink } = s.oidc.issuers;
    await linkIdentity(s.w, s.a2Teacher.id, 1, classlink.issuer, 'cl-elsewhere');
    classlink.accounts.set('cl-elsewhere', {});
    const url = await start(s, 1, 'dashboard');
    const res = await callback(s, 1, 'dashboard', await completeLogin(url.href, 'cl-elsewhere'));
    await expectRefused(s, res, 'linkedElsewhere', before);
  });

  it('a district with single sign-on turned off (at the start and between start and callback)', async () => {
    const query = await providerAnswer();
    await setSso(s.w, s.w.accA1.id, ['classlink', 'clever', 'google'], false);
    try {
      await expectRefused(s, await callback(s, 1, 'student', query), 'ssoOff', before);
      const res = await s.t.app.inject({ method: 'GET', url: '/oauth/1?scope=student' });
      const url = new URL(res.headers.location as string);
      expect(url.searchParams.get('status')).toBe('fail');
      expect(url.searchParams.get('message')).toMatch(/turned off sign-in/);
      // on, but without this provider
      await setSso(s.w, s.w.accA1.id, ['clever']);
      const again = await s.t.app.inject({ method: 'GET', url: '/oauth/1?scope=student' });
      expect(new URL(again.headers.location as string).searchParams.get('status')).toBe('fail');
    } finally {
      await setSso(s.w, s.w.accA1.id, ['classlink', 'clever', 'google']);
    }
  });

  it('a disabled user', async () => {
    const query = await providerAnswer();
    await s.w.pool.query('update users set disabled = true where id = $1', [s.w.users.student.id]);
    try {
      await expectRefused(s, await callback(s, 1, 'student', query), 'accountDisabled', before);
    } finally {
      await s.w.pool.query('update users set disabled = false where id = $1', [s.w.users.student.id]);
    }
  });
});

describe('refusals of ID tokens a real provider never issues (jose workshop issuer)', () => {
  let before: number;
  beforeEach(async () => {
    before = await sessionCount(s);
    s.oidc.workshop.next = {};
  });

  /** A workshop sign-in for A2 (its Clever config); `code` is anything, the workshop answers any. */
  async function workshopCallback() {
    const url = await start(s, 2, 'dashboard', 'A2-ID');
    expect(url.origin).toBe(s.oidc.workshop.issuer);
    await fetch(url); // the workshop remembers the nonce, as a provider would
    return callback(s, 2, 'dashboard', { code: 'workshop-code', state: url.searchParams.get('state')! });
  }

  it('a well-formed token signs the linked A2 teacher in (the control), with the PKCE verifier sent', async () => {
    const res = await workshopCallback();
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    expect((await whoAmI(s, 'dashboard', token)).id).toBe(s.a2Teacher.id);
    expect(s.oidc.workshop.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
  });

  const cases: [string, WorkshopToken, RegExp][] = [
    ['wrong issuer', { claims: { iss: 'https://evil.example' } }, /"iss"/],
    ['wrong audience', { claims: { aud: 'someone-else' } }, /"aud"/],
    ['expired ID token', { expiresIn: -120 }, /"exp"/],
    ['bad signature (a key not in the JWKS)', { foreignKey: true }, /signature verification failed/],
    ['missing nonce', { claims: { nonce: undefined } }, /"nonce" \(nonce\) claim missing/],
    ['another request’s nonce', { claims: { nonce: 'not-the-one-sent' } }, /"nonce" claim value/],
  ];
  for (const [name, next, reason] of cases) {
    it(name, async () => {
      s.oidc.workshop.next = next;
      await expectRefused(s, await workshopCallback(), 'signInFailed', before);
      expect(s.lastExchangeError()).toMatch(reason);
    });
  }
});
