import { isRetryable, API_MAX_RETRIES } from './api-retry';
import type { ApiError } from './api-errors';
import { backoffDelayMs, parseRetryAfterMs } from './backoff';
import { requestLanguage } from './i18n';
import { runtimeConfig } from './runtime-config';

/** What a call answers: the response body, or the same error RTK Query's base query gives (lib/api-errors.ts reads both). */
export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

export interface ApiFetchOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The session's token, when the call needs one. */
  token?: string | null;
  /** For tests: how long to wait between tries. */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  // as RTK Query's fetchBaseQuery reads it: JSON, an empty body as null
  return text === '' ? null : (JSON.parse(text) as unknown);
}

async function once(
  path: string,
  { method = 'GET', body, token }: ApiFetchOptions,
): Promise<{ result: ApiResult<unknown>; retryAfter: string | null }> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': requestLanguage() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const request = new Request(`${runtimeConfig.apiUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    return { result: { error: { status: 'FETCH_ERROR', error: String(err) } }, retryAfter: null };
  }
  const retryAfter = response.headers.get('retry-after');
  let data: unknown;
  try {
    data = await readBody(response);
  } catch (err) {
    return {
      result: { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: '', error: String(err) } },
      retryAfter,
    };
  }
  return { result: response.ok ? { data } : { error: { status: response.status, data } }, retryAfter };
}

/**
 * A call to the API without RTK Query, for the calls of the sign-in page (signing in, the sign-in providers), whose
 * first screen does not load RTK Query (docs/performance-front-end.md). The same headers, errors and retries as the
 * API slice's base query (lib/api.ts, lib/api-retry.ts): a 503 with Retry-After is sent again whatever the method,
 * network failures and other 503s only for reading calls, with jittered back-off. A 401 is for the caller to handle.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<ApiResult<T>> {
  const method = (options.method ?? 'GET').toUpperCase();
  const sleep = options.sleep ?? sleepFor;
  for (let attempt = 0; ; attempt++) {
    const { result, retryAfter } = await once(path, { ...options, method });
    if (!result.error) return result as ApiResult<T>;
    const retryAfterMs = parseRetryAfterMs(retryAfter);
    const error: ApiError = retryAfterMs === undefined ? result.error : { ...result.error, retryAfterMs };
    if (attempt >= API_MAX_RETRIES || !isRetryable(method, error, retryAfterMs)) return { error };
    await sleep(backoffDelayMs(attempt, { retryAfterMs }));
  }
}
