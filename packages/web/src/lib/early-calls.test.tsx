// in the dom project (jsdom, the build-time app name 'dashboard'): the loader runs as index.html runs it

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStarted } from '../features/auth/auth.slice';
import type { MyInfo } from '../features/auth/auth.types';
import { createStore } from '../app/store';
import { bootLoaderScript } from '../boot-loader';
import { PAGE_HEAD_ID, pageHeadBoot } from '../page-head-shell';
import { en } from '@aula/i18n/locales/en';
import { es } from '@aula/i18n/locales/es';
import { uk } from '@aula/i18n/locales/uk';
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
  headWait: 300,
  routes: [
    ['^/$', ['/assets/home.js'], ['/dashboard/my']],
    [
      '^/work/(\\d{1,9})/?$',
      ['/assets/work.js'],
      ['/dashboard/my', '/student/attempts/$1'],
      // as apps/student/vite.config.ts gives it (its `call` 0 is the second of the list: /my goes first)
      pageHeadBoot(
        'student',
        { en, es, uk },
        {
          call: 1,
          title: ['data', 'activity', 'title'],
          subtitle: ['data', 'assignment', 'name'],
          unless: [['data', 'attempt', 'status'], 'submitted'],
          back: 'studentWork.player.back',
        },
      ),
    ],
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

/** Runs the loader as the built index.html does, on `path` (with #root's loading text, as sign-in-shell.ts shows it). */
function runLoader(path: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root"><div id="aula-shell-loading" role="status" style="--aula-link: #0f766e">Loading…</div></div><script type="application/json" id="aula-boot">${JSON.stringify(BOOT)}</script>`;
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

describe("the page head the loader draws from the page's first call", () => {
  const ATTEMPT = {
    data: {
      activity: { title: '<img src=x onerror=alert(1)>Water & Matter' },
      assignment: { name: 'Unit 2' },
      attempt: { id: 42, status: 'in_progress' },
    },
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const head = () => document.getElementById(PAGE_HEAD_ID);

  it('draws the top bar, back link, title and subtitle in the stored language, as text, leaving the answer to the app', async () => {
    localStorage.setItem('aula.dashboard.token', 'tok');
    localStorage.setItem('aula.dashboard.language', 'es');
    answering(ATTEMPT);
    runLoader('/work/42');
    await settled();
    const drawn = head();
    expect(drawn).not.toBeNull();
    expect(drawn!.parentElement).toBe(document.body);
    expect(drawn!.getAttribute('aria-hidden')).toBe('true');
    expect(drawn!.hasAttribute('inert')).toBe(true);
    expect(drawn!.style.getPropertyValue('--aula-link')).toBe('#0f766e');
    expect(drawn!.querySelector('h1')!.textContent).toBe('<img src=x onerror=alert(1)>Water & Matter');
    expect(drawn!.querySelector('img')).toBeNull();
    expect(drawn!.textContent).toContain('Unit 2');
    expect(drawn!.textContent).toContain(es.studentWork.player.back);
    expect(drawn!.textContent).toContain(es.student.pages.loading);
    // the API client still reads the whole answer
    const taken = takeEarlyCall(
      new Request(`${API}/student/attempts/42`, { headers: { Authorization: 'Bearer tok', 'Accept-Language': 'es' } }),
    );
    expect(await (await taken!).json()).toEqual(ATTEMPT);
  });

  it("starts the app's scripts after the frame that paints the head, or after headWait when the call hangs", async () => {
    // the loaders of the tests before have started their scripts by then (their timers would count here)
    await new Promise((resolve) => setTimeout(resolve, BOOT.headWait + 50));
    localStorage.setItem('aula.dashboard.token', 'tok');
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.addedNodes]))
        if (node instanceof HTMLElement && (node.id === PAGE_HEAD_ID || node.getAttribute('src') === BOOT.entry))
          added.push(node.id || 'entry');
    });
    observer.observe(document, { childList: true, subtree: true });
    answering(ATTEMPT);
    runLoader('/work/42');
    await vi.waitFor(() => expect(added).toEqual([PAGE_HEAD_ID, 'entry']));

    added.length = 0;
    document.head.innerHTML = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const started = Date.now();
    runLoader('/work/42');
    await vi.waitFor(() => expect(added).toEqual(['entry']));
    expect(Date.now() - started).toBeGreaterThanOrEqual(BOOT.headWait - 5);
    observer.disconnect();
  });

  it('draws nothing for a submitted attempt, a refused call, once the app has rendered, or on a page without a head', async () => {
    localStorage.setItem('aula.dashboard.token', 'tok');
    answering({ data: { ...ATTEMPT.data, attempt: { id: 42, status: 'submitted' } } });
    runLoader('/work/42');
    await settled();
    expect(head()).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"error":"not found"}', { status: 404 }))),
    );
    runLoader('/work/42');
    await settled();
    expect(head()).toBeNull();

    answering(ATTEMPT);
    runLoader('/work/42');
    // the app rendered before the answer came: React replaced #root's loading text
    document.getElementById('root')!.innerHTML = '<main>the app</main>';
    await settled();
    expect(head()).toBeNull();

    runLoader('/');
    await settled();
    expect(head()).toBeNull();
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
