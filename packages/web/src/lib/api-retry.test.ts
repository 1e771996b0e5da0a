import { describe, expect, it } from 'vitest';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ApiError } from './api-errors';
import { API_MAX_RETRIES, isRetryable, withRetry } from './api-retry';

type Answer = { status: number; retryAfter?: string } | 'network' | 'ok';

/** A base query that answers as the script says, and records each call. */
function scripted(answers: Answer[]) {
  const calls: (string | FetchArgs)[] = [];
  const query = async (args: string | FetchArgs) => {
    calls.push(args);
    const a = answers.shift() ?? 'ok';
    if (a === 'ok') return { data: { data: 'fine' }, meta: { request: new Request('http://api.test/') } };
    if (a === 'network')
      return {
        error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } as ApiError,
        meta: { request: new Request('http://api.test/') },
      };
    const headers = new Headers(a.retryAfter ? { 'retry-after': a.retryAfter } : {});
    return {
      error: { status: a.status, data: { message: 'busy' } } as ApiError,
      meta: { request: new Request('http://api.test/'), response: new Response(null, { status: a.status, headers }) },
    };
  };
  return { calls, query };
}

async function run(answers: Answer[], args: string | FetchArgs, abort?: AbortController) {
  const { calls, query } = scripted(answers);
  const waits: number[] = [];
  const controller = abort ?? new AbortController();
  const wrapped = withRetry(query, {
    random: () => 1,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const api = { signal: controller.signal } as BaseQueryApi;
  const result = await wrapped(args, api, {});
  return { result, calls, waits };
}

describe('the API base query retries', () => {
  it('a GET through network failures and 503s, with growing jittered waits', async () => {
    const { result, calls, waits } = await run(['network', { status: 503 }, 'ok'], '/dashboard/my');
    expect(result).toMatchObject({ data: { data: 'fine' } });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('waits for Retry-After when the server sheds load, for any method (nothing ran)', async () => {
    const post = { url: '/student/auth/form', method: 'POST', body: {} };
    const { result, calls, waits } = await run([{ status: 503, retryAfter: '5' }, 'ok'], post);
    expect(result).toMatchObject({ data: { data: 'fine' } });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([6000]);
  });

  it('never repeats a POST after a network failure or a plain 503 (it may have been done)', async () => {
    const post = { url: '/dashboard/classes', method: 'POST', body: {} };
    const network = await run(['network', 'ok'], post);
    expect(network.calls).toHaveLength(1);
    expect(network.result.error?.status).toBe('FETCH_ERROR');
    const plain = await run([{ status: 503 }, 'ok'], post);
    expect(plain.calls).toHaveLength(1);
    expect(plain.result.error?.status).toBe(503);
  });

  it('never repeats a refusal or a server error', async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500]) {
      const { calls, result } = await run([{ status }, 'ok'], '/dashboard/my');
      expect(calls, String(status)).toHaveLength(1);
      expect(result.error?.status).toBe(status);
    }
  });

  it('gives up after the last retry and hands the Retry-After on to the caller', async () => {
    const busy = { status: 503, retryAfter: '7' };
    const { calls, result, waits } = await run(Array(10).fill(busy), '/dashboard/my');
    expect(calls).toHaveLength(API_MAX_RETRIES + 1);
    expect(waits).toEqual([8000, 9000, 11000]);
    expect(result.error).toMatchObject({ status: 503, retryAfterMs: 7000 });
  });

  it('stops when the call is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { calls } = await run(['network', 'ok'], '/dashboard/my', controller);
    expect(calls).toHaveLength(1);
  });

  it('retries only what is safe', () => {
    const e = (status: ApiError['status']) => ({ status }) as ApiError;
    expect(isRetryable('GET', e('TIMEOUT_ERROR'), undefined)).toBe(true);
    expect(isRetryable('HEAD', e(503), undefined)).toBe(true);
    expect(isRetryable('DELETE', e(503), undefined)).toBe(false);
    expect(isRetryable('PATCH', e(503), 5000)).toBe(true);
    expect(isRetryable('GET', e(502), undefined)).toBe(false);
  });
});
