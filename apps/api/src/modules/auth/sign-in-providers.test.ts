import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, type World } from '../../../test/tenancy-fixtures';

// Issue 14, item 10 and issue 17 item 6: the sign-in pages show 'Or continue with' and a provider's button only for
// providers a district has turned on in its `sso` setting and has an active connection to (its own, or its domain's
// Google); none by default. The call is public, for both apps.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

async function providers(app: 'dashboard' | 'student') {
  const res = await call(t.app, 'GET', `/${app}/auth/sign-in-providers`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ data: { code: number; provider: string }[] }>().data;
}

async function setSso(accountId: number, value: { enabled: boolean; providers: string[] }) {
  const res = await call(t.app, 'POST', `/dashboard/accounts/${accountId}/settings`, {
    token: w.tokens.domain,
    body: { settings: [{ setting: 'sso', value }] },
  });
  expect(res.statusCode).toBe(200);
}

/** A connection row as the settings page stores it (the secret is never read here). */
async function connect(owner: { accountId?: number; domainId?: number }, provider: string, isActive = true) {
  await w.pool.query(
    `insert into sso_configs (account_id, domain_id, provider, issuer, client_id, client_secret_encrypted, tenant, is_active)
     values ($1, $2, $3, 'https://idp.example', 'client', 'encrypted', $4, $5)`,
    [owner.accountId ?? null, owner.domainId ?? null, provider, provider === 'classlink' ? 'tenant' : null, isActive],
  );
}

describe('GET /{app}/auth/sign-in-providers', () => {
  it('offers no provider while no district has single sign-on turned on', async () => {
    expect(await providers('dashboard')).toEqual([]);
    expect(await providers('student')).toEqual([]);
  });

  it('offers nothing a district turned on without a connection to the provider', async () => {
    await setSso(w.accA1.id, { enabled: true, providers: ['google', 'lti', 'clever'] });
    expect(await providers('dashboard')).toEqual([]);
    // a connection switched off offers nothing either
    await connect({ accountId: w.accA1.id }, 'clever', false);
    expect(await providers('student')).toEqual([]);
    await w.pool.query('delete from sso_configs');
  });

  it('offers what a live district turned on and connected, in the spec’s order, without LTI', async () => {
    await setSso(w.accA1.id, { enabled: true, providers: ['google', 'lti', 'clever'] });
    await connect({ accountId: w.accA1.id }, 'clever');
    await connect({ accountId: w.accA1.id }, 'google');
    // another district's connection does not stand in for this one's
    await connect({ accountId: w.accB1.id }, 'classlink');
    const expected = [
      { code: 2, provider: 'clever' },
      { code: 4, provider: 'google' },
    ];
    expect(await providers('dashboard')).toEqual(expected);
    expect(await providers('student')).toEqual(expected);

    // a second district adds ClassLink; Google once only
    await setSso(w.accA2.id, { enabled: true, providers: ['google', 'classlink'] });
    await connect({ accountId: w.accA2.id }, 'classlink');
    expect((await providers('dashboard')).map((p) => p.provider)).toEqual(['classlink', 'clever', 'google']);
  });

  it("a district's Google may be its domain's connection; another domain's does not count", async () => {
    await w.pool.query(`delete from sso_configs where provider = 'google'`);
    await setSso(w.accA1.id, { enabled: true, providers: ['google'] });
    await connect({ domainId: w.domB.id }, 'google');
    expect(await providers('dashboard')).toEqual([{ code: 1, provider: 'classlink' }]);
    await connect({ domainId: w.domA.id }, 'google');
    expect(await providers('dashboard')).toEqual([
      { code: 1, provider: 'classlink' },
      { code: 4, provider: 'google' },
    ]);
    await setSso(w.accA1.id, { enabled: true, providers: ['google', 'clever'] });
  });

  it('forgets a district that turns single sign-on off or is deleted', async () => {
    await setSso(w.accA2.id, { enabled: false, providers: ['google', 'classlink'] });
    expect((await providers('dashboard')).map((p) => p.provider)).toEqual(['clever', 'google']);
    await w.pool.query('update accounts set deleted_at = now() where id = $1', [w.accA1.id]);
    expect(await providers('dashboard')).toEqual([]);
    await w.pool.query('update accounts set deleted_at = null where id = $1', [w.accA1.id]);
    await setSso(w.accA1.id, { enabled: false, providers: [] });
    expect(await providers('student')).toEqual([]);
  });
});
