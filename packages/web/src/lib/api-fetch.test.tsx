// in the dom project (jsdom, the build-time app name): the store and the calls read both

import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-fetch';
import { runtimeConfig } from './runtime-config';

// The sign-in page's calls without RTK Query: the same headers, errors and retries as the API slice's base query.

function respond(...answers: (Response | Error)[]) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request) => {
      requests.push(input);
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    }),
  );
  return requests;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const noSleep = () => Promise.resolve();

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends JSON with the API headers and answers the body', async () => {
    const requests = respond(json(200, { data: { token: 't' } }));
    const result = await apiFetch('/student/auth/form', { method: 'POST', body: { login: 'ana' } });
    expect(result).toEqual({ data: { data: { token: 't' } } });
    const [request] = requests;
    expect(request!.url).toBe(`${runtimeConfig.apiUrl}/student/auth/form`);
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(request!.headers.get('accept-language')).toBe('en');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('authorization')).toBeNull();
    expect(await request!.json()).toEqual({ login: 'ana' });
  });

  it('answers a refusal as RTK Query does ({ status, data }), without retrying it', async () => {
    const requests = respond(json(401, { message: 'Wrong Credentials.' }));
    const result = await apiFetch('/student/auth/form', { method: 'POST', body: {}, sleep: noSleep });
    expect(result).toEqual({ error: { status: 401, data: { message: 'Wrong Credentials.' } } });
    expect(requests).toHaveLength(1);
  });

  it('sends a POST again after a 503 with Retry-After, but not after a network failure', async () => {
    let requests = respond(json(503, { message: 'busy' }, { 'retry-after': '1' }), json(200, { data: 1 }));
    expect(await apiFetch('/x', { method: 'POST', body: {}, sleep: noSleep })).toEqual({ data: { data: 1 } });
    expect(requests).toHaveLength(2);

    requests = respond(new TypeError('Failed to fetch'));
    const result = await apiFetch('/x', { method: 'POST', body: {}, sleep: noSleep });
    expect(result.error?.status).toBe('FETCH_ERROR');
    expect(requests).toHaveLength(1);
  });

  it('retries a GET after network failures at most three times', async () => {
    const down = () => new TypeError('Failed to fetch');
    const requests = respond(down(), down(), down(), down(), json(200, {}));
    const result = await apiFetch('/student/auth/sign-in-providers', { sleep: noSleep });
    expect(result.error?.status).toBe('FETCH_ERROR');
    expect(requests).toHaveLength(4);
  });
});
