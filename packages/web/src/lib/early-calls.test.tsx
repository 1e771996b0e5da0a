// in the dom project (jsdom, the build-time app name 'dashboard'): the loader runs as index.html runs it

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStarted } from '../features/auth/auth.slice';
import type { MyInfo } from '../features/auth/auth.types';
import { createStore } from '../app/store';
import { bootLoaderScript } from '../boot-loader';
import { EARLY_CALL_MAX_AGE_MS, takeEarlyCall } from './early-calls';
import { runtimeConfig } from './runtime-config';

// A signed-in page's first calls start in index.html's loader, before any bundle (boot-loader.ts), and the API
// client takes each once (early-calls.ts).

const API = runtimeConfig.apiUrl;
const MY: MyInfo = {
  user: { id: 7, email: 'ana@example.test', account_id: 1, role: 'teacher', first_name: 'Ana', last_name: 'Ruiz' },
  settings: [],
  actions: [],
  permissions: [],
  broadcasts: [],
  classes: [],
  organizations: [{ id: 3 }],
  oauthConnections: [],
  policies: { resources: {}, rules: { context: [] } },
};
const BOOT = {
  entry: '/assets/index.js',
  signIn: [],
  preloads: [],
  token: 'aula.dashboard.token',
  language: 'aula.dashboard.language',
  languages: ['en', 'es', 'uk'],
  routes: [
    ['^/$', ['/assets/home.js'], ['/dashboard/my']],
    ['^/work/(\\d{1,9})/?$', ['/assets/work.js'], ['/dashboard/my', '/student/attempts/$1']],
  ],
};

function answering(body: unknown) {
  const requests: Request[] = [];
  const fetchStub = vi.fn((input: Request | string, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

/** Runs the loader as the built index.html does, on `path`. */
function runLoader(path: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<script type="application/json" id="aula-boot">${JSON.stringify(BOOT)}</script>`;
  window.__AULA_CONFIG__ = { apiUrl: API };
  // the loader's own text, as the page runs it (a classic script, no module scope; jsdom runs no inline script)
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the text under test is the page's inline script
  new Function(bootLoaderScript())();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.__AULA_EARLY__;
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__AULA_CONFIG__;
  document.body.innerHTML = '';
});

describe("index.html's loader", () => {
  it("starts /my and the page's calls with the session, the API's headers and the stored language", () => {
    localStorage.setItem('aula.dashboard.token', 'tok');
    localStorage.setItem('aula.dashboard.language', 'uk');
    const requests = answering({});
    runLoader('/work/42');
    expect(requests.map((r) => r.url)).toEqual([`${API}/dashboard/my`, `${API}/student/attempts/42`]);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.headers.get('authorization')).toBe('Bearer tok');
      expect(request.headers.get('accept')).toBe('application/json');
      expect(request.headers.get('accept-language')).toBe('uk');
    }
    expect(Object.keys(window.__AULA_EARLY__ ?? {})).toEqual([`${API}/dashboard/my`, `${API}/student/attempts/42`]);
  });

  it('asks nothing without a stored session, on an address no page lists, or in an unknown language', () => {
    const requests = answering({});
    runLoader('/work/42');
    expect(requests).toEqual([]);

    sessionStorage.setItem('aula.dashboard.token', 'tok');
    runLoader('/classes/3');
    expect(requests).toEqual([]);

    localStorage.setItem('aula.dashboard.language', 'fr');
    runLoader('/');
    expect(requests.map((r) => [r.url, r.headers.get('accept-language')])).toEqual([[`${API}/dashboard/my`, 'en']]);
  });
});

describe('the API client and the early calls', () => {
  it('answers /my from the call the loader started: one request in all', async () => {
    localStorage.setItem('aula.dashboard.token', 'tok');
    const requests = answering({ data: MY });
    runLoader('/');
    const store = createStore();
    store.dispatch(sessionStarted({ token: 'tok', remember: true }));
    const { authApi } = await import('../features/auth/api');
    await store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false }));
    expect(requests).toHaveLength(1);
    expect(store.getState().auth.user?.first_name).toBe('Ana');
    // taken once: the next /my asks the API
    await store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false, forceRefetch: true }));
    expect(requests).toHaveLength(2);
  });

  it('is not used for another session, another language, another method, or once too old', () => {
    const early = (headers: Record<string, string>, at = Date.now()) => {
      window.__AULA_EARLY__ = {
        [`${API}/dashboard/my`]: { at, headers, response: Promise.resolve(new Response('{}')) },
      };
    };
    const request = (init: RequestInit = {}) =>
      new Request(`${API}/dashboard/my`, {
        ...init,
        headers: { Authorization: 'Bearer tok', 'Accept-Language': 'en', ...(init.headers ?? {}) },
      });
    const same = { Authorization: 'Bearer tok', 'Accept-Language': 'en' };

    early({ ...same, Authorization: 'Bearer old' });
    expect(takeEarlyCall(request())).toBeUndefined();
    early({ ...same, 'Accept-Language': 'es' });
    expect(takeEarlyCall(request())).toBeUndefined();
    early(same);
    expect(takeEarlyCall(request({ method: 'POST', body: '{}' }))).toBeUndefined();
    early(same, Date.now() - EARLY_CALL_MAX_AGE_MS - 1);
    expect(takeEarlyCall(request())).toBeUndefined();
    // a refused one is gone too: the page asks the API
    expect(window.__AULA_EARLY__).toEqual({});

    early(same);
    expect(takeEarlyCall(request())).toBeInstanceOf(Promise);
    expect(takeEarlyCall(request())).toBeUndefined();
  });
});
