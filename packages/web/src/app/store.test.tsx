// in the dom project (jsdom, the build-time app name): the store and the calls read both

import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStarted, signedOut } from '../features/auth/auth.slice';
import type { MyInfo } from '../features/auth/auth.types';
import { createStore } from './store';

// The sign-in page works without RTK Query (docs/performance-front-end.md): the API slice joins the store when
// lib/api.ts is first imported. This file imports it only inside the first test, after a store exists.

const MY: MyInfo = {
  user: { id: 7, email: 'ana@example.test', account_id: 1, role: 'student', first_name: 'Ana', last_name: 'Ruiz' },
  settings: [],
  actions: ['change-password'],
  permissions: ['attempts.own'],
  broadcasts: [],
  classes: [],
  organizations: [{ id: 3 }],
  oauthConnections: [],
  policies: { resources: {}, rules: { context: [] } },
};

function answerMy() {
  const calls: { url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request) => {
      calls.push({ url: input.url, auth: input.headers.get('authorization') });
      return Promise.resolve(
        new Response(JSON.stringify({ data: MY }), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the store and the API slice', () => {
  it('has no API state before lib/api.ts is imported, then gets it; /my fills the auth slice', async () => {
    const store = createStore();
    store.dispatch(sessionStarted({ token: 'tok', remember: false }));
    expect((store.getState() as { api?: unknown }).api).toBeUndefined();

    const calls = answerMy();
    const { authApi } = await import('../features/auth/api');
    expect(store.getState().api).toBeDefined();
    await store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false }));

    expect(calls).toEqual([{ url: expect.stringMatching(/\/dashboard\/my$/), auth: 'Bearer tok' }]);
    // isMyLoaded (auth.slice.ts) matched RTK Query's own answer action
    expect(store.getState().auth.user?.first_name).toBe('Ana');
    expect(store.getState().auth.actions).toEqual(['change-password']);
    expect(store.getState().auth.organizationIds).toEqual([3]);
  });

  it('gives a store made after the import the API slice too, and empties its cache on sign-out', async () => {
    const { authApi } = await import('../features/auth/api');
    const store = createStore();
    expect(store.getState().api).toBeDefined();
    store.dispatch(sessionStarted({ token: 'tok2', remember: false }));
    answerMy();
    await store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false }));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(signedOut());
    expect(store.getState().auth.user).toBeNull();
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
  });

  it('empties the cache when a new session starts over a signed-in one (an LTI launch in a signed-in tab)', async () => {
    const { authApi } = await import('../features/auth/api');
    const store = createStore();
    store.dispatch(sessionStarted({ token: 'old', remember: false }));
    answerMy();
    await store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false }));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(sessionStarted({ token: 'new', remember: false }));
    expect(store.getState().auth.user).toBeNull();
    // the old user's /my is gone, so the new session loads its own
    expect(Object.keys(store.getState().api.queries)).toHaveLength(0);
  });
});
