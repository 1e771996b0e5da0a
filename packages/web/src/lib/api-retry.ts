import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { ApiError } from './api-errors';
import { backoffDelayMs, parseRetryAfterMs } from './backoff';

export const API_MAX_RETRIES = 3;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

function methodOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
}

/**
 * Whether a failed call is sent again. A 503 with Retry-After is the API shedding load before it ran anything
 * (@fastify/under-pressure answers in its first hook), so any call may be repeated. Network failures and other
 * 503s may have reached the handler: only calls that change nothing are repeated.
 */
export function isRetryable(method: string, error: ApiError, retryAfterMs: number | undefined): boolean {
  if (error.status === 503 && retryAfterMs !== undefined) return true;
  const transient = error.status === 503 || error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
  return transient && IDEMPOTENT.has(method);
}

export interface RetryOptions {
  maxRetries?: number;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

type Query = BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta>;

/**
 * Wraps the API's base query: retryable failures (above) are sent again up to `maxRetries` times with jittered
 * exponential back-off, never before the server's Retry-After. A failure that stays carries `retryAfterMs`, so a
 * caller with its own retry loop (the student's save queue) can honour it too.
 */
export function withRetry(baseQuery: Query, opts: RetryOptions = {}): Query {
  const maxRetries = opts.maxRetries ?? API_MAX_RETRIES;
  const sleep = opts.sleep ?? sleepFor;
  return async (args, api: BaseQueryApi, extraOptions) => {
    const method = methodOf(args);
    for (let attempt = 0; ; attempt++) {
      const result = await baseQuery(args, api, extraOptions);
      if (!result.error) return result;
      const retryAfterMs = parseRetryAfterMs(result.meta?.response?.headers.get('retry-after'), opts.now?.());
      const error: ApiError = retryAfterMs === undefined ? result.error : { ...result.error, retryAfterMs };
      if (attempt >= maxRetries || api.signal.aborted || !isRetryable(method, error, retryAfterMs)) {
        return { ...result, error };
      }
      await sleep(backoffDelayMs(attempt, { retryAfterMs, random: opts.random }), api.signal);
      if (api.signal.aborted) return { ...result, error };
    }
  };
}
