// A signed-in page's first API calls, started by index.html's loader before any bundle has loaded (boot-loader.ts):
// on a slow link they go out beside the page's code instead of after it. The API client takes each one once, for a
// GET of the same URL with the same session and language, within EARLY_CALL_MAX_AGE_MS of its start; otherwise it
// asks the API itself, as without them.

/** How long an early call may wait to be taken; later, the page asks again rather than show something stale. */
export const EARLY_CALL_MAX_AGE_MS = 30_000;

interface EarlyCall {
  at: number;
  headers: Record<string, string>;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __AULA_EARLY__?: Record<string, EarlyCall | undefined>;
  }
}

const SAME_HEADERS = ['Authorization', 'Accept-Language'] as const;

/** The early call's answer for `request`, taken (a second request asks the API), or undefined. */
export function takeEarlyCall(request: Request, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined' || request.method !== 'GET') return undefined;
  const calls = window.__AULA_EARLY__;
  const call = calls?.[request.url];
  if (!calls || !call) return undefined;
  delete calls[request.url];
  if (now - call.at > EARLY_CALL_MAX_AGE_MS) return undefined;
  if (SAME_HEADERS.some((name) => (request.headers.get(name) ?? '') !== (call.headers[name] ?? ''))) return undefined;
  return call.response;
}

/** `fetch`, answered by an early call when one matches. */
export const fetchWithEarlyCalls: typeof fetch = (input, init) => {
  const early = input instanceof Request && init === undefined ? takeEarlyCall(input) : undefined;
  return early ?? fetch(input, init);
};
