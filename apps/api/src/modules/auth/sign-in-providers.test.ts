import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, type World } from '../../../test/tenancy-fixtures';

// Issue 14, item 10: the sign-in pages show 'Or continue with' and a provider's button only for providers a
// district has turned on in its `sso` setting; none by default. The call is public, for both apps.

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

describe('GET /{app}/auth/sign-in-providers', () => {
  it('offers no provider while no district has single sign-on turned on', async () => {
    expect(await providers('dashboard')).toEqual([]);
    expect(await providers('student')).toEqual([]);
  });

  it('offers what a live district turned on, in the spec’s order, without LTI', async () => {
    await setSso(w.accA1.id, { enabled: true, providers: ['google', 'lti', 'clever'] });
    const expected = [
      { code: 2, provider: 'clever' },
      { code: 4, provider: 'google' },
    ];
    expect(await providers('dashboard')).toEqual(expected);
    expect(await providers('student')).toEqual(expected);

    // a second district adds ClassLink; Google once only
    await setSso(w.accA2.id, { enabled: true, providers: ['google', 'classlink'] });
    expect((await providers('dashboard')).map((p) => p.provider)).toEqual(['classlink', 'clever', 'google']);
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
