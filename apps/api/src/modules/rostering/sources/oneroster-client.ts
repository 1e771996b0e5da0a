import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { oauth1Authorization } from './oauth1';
import { sourceError } from './roster-source-error';

// OneRoster 1.1 REST over HTTP (issue 16 item 9): an OAuth 2 client credentials token, cached until shortly before
// it expires, or every request signed with OAuth 1.0a (oauth1.ts; ClassLink), then limit/offset paging of one
// collection honouring X-Total-Count. Every failure is a
// RosterSourceError naming what failed; a collection is returned whole or not at all.

export const ONEROSTER_PATH = '/ims/oneroster/v1p1';
/** OneRoster 1.1 OAuth 2 scopes for reading the core roster and demographics. */
export const ONEROSTER_SCOPES = [
  'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-core.readonly',
  'https://purl.imsglobal.org/spec/or/v1p1/scope/roster-demographics.readonly',
].join(' ');

export interface OneRosterConnection {
  /** the data root, ending in /ims/oneroster/v1p1 */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** oauth2 (default): a client credentials bearer token; oauth1: each request signed, the token URL unused */
  auth?: 'oauth2' | 'oauth1';
}

export interface ClientOptions {
  /** per HTTP request */
  timeoutMs?: number;
  pageSize?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_PAGE_SIZE = 500;
/** a server that never stops paging is not followed past this */
const MAX_ROWS_PER_COLLECTION = 5_000_000;
/** refetch a cached token this long before the server said it expires */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The endpoint URL a district admin types is the server's root, or the data root itself; {tenant} in it is replaced
 * by the tenant. The token URL defaults to the root + /token (docs/rostering-sources.md).
 */
export function connectionUrls(endpointUrl: string, tokenUrl: string | null, tenant: string | null) {
  const fill = (u: string) => u.replaceAll('{tenant}', encodeURIComponent(tenant ?? '')).replace(/\/+$/, '');
  const endpoint = fill(endpointUrl);
  const root = endpoint.endsWith(ONEROSTER_PATH) ? endpoint.slice(0, -ONEROSTER_PATH.length) : endpoint;
  return { baseUrl: `${root}${ONEROSTER_PATH}`, tokenUrl: tokenUrl ? fill(tokenUrl) : `${root}/token` };
}

// keyed by token URL, client id and a hash of the secret: a changed secret never reuses the old token
const tokens = new LRUCache<string, string>({ max: 1000 });
const cacheKey = (c: OneRosterConnection) =>
  [c.tokenUrl, c.clientId, createHash('sha256').update(c.clientSecret).digest('hex')].join('\n');

export function forgetToken(c: OneRosterConnection): void {
  tokens.delete(cacheKey(c));
}

/** One HTTP call with the timeout; a network failure or timeout is a RosterSourceError naming what was asked. */
export async function request(url: string, init: RequestInit, opts: ClientOptions, what: string): Promise<Response> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    return await (opts.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw sourceError('timeout', { what, seconds: Math.round(timeoutMs / 1000) });
    throw sourceError('unreachable', {
      url: new URL(url).origin,
      reason: e.cause?.code ?? e.cause?.message ?? e.message,
    });
  }
}

/** A token from the cache, or a new one from the token endpoint. */
export async function accessToken(c: OneRosterConnection, opts: ClientOptions = {}): Promise<string> {
  const key = cacheKey(c);
  const cached = tokens.get(key);
  if (cached) return cached;
  // RFC 6749 2.3.1: client id and secret form-encoded, then HTTP Basic
  const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString(
    'base64',
  );
  const res = await request(
    c.tokenUrl,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: ONEROSTER_SCOPES }).toString(),
    },
    opts,
    'token',
  );
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw sourceError('refused');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw sourceError('tokenStatus', { status: res.status });
  }
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!body || typeof body.access_token !== 'string' || !body.access_token) throw sourceError('noToken');
  const expiresIn = Number(body.expires_in);
  const ttl = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 - EXPIRY_MARGIN_MS : 0;
  if (ttl > 0) tokens.set(key, body.access_token, { ttl });
  return body.access_token;
}

export interface PageResult {
  rows: unknown[];
  total: number | null;
}

/** One page; a 401 drops the cached token and asks for a new one once before giving up. */
export async function fetchPage(
  c: OneRosterConnection,
  collection: string,
  offset: number,
  limit: number,
  opts: ClientOptions = {},
): Promise<PageResult> {
  const url = `${c.baseUrl}/${collection}?limit=${limit}&offset=${offset}`;
  for (let attempt = 0; ; attempt++) {
    const authorization =
      c.auth === 'oauth1'
        ? oauth1Authorization('GET', url, { consumerKey: c.clientId, consumerSecret: c.clientSecret })
        : `Bearer ${await accessToken(c, opts)}`;
    const res = await request(url, { headers: { authorization, accept: 'application/json' } }, opts, collection);
    if ((res.status === 401 || res.status === 403) && c.auth === 'oauth1') {
      // a signature is not a cached token: asking again would be refused the same way
      await res.body?.cancel();
      throw sourceError('signatureRefused', { collection });
    }
    if (res.status === 401) {
      await res.body?.cancel();
      forgetToken(c);
      if (attempt === 0) continue;
      throw sourceError('tokenRefused', { collection });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw sourceError(res.status === 404 ? 'notFound' : 'pageStatus', { status: res.status, collection, offset });
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const rows = body?.[collection];
    if (!Array.isArray(rows)) throw sourceError('badPage', { collection, offset });
    const header = res.headers.get('x-total-count');
    const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
    return { rows, total };
  }
}

/**
 * Every row of a collection, page by page: until X-Total-Count is reached, or without it until an empty page (a
 * server may cap the page below the limit asked, so a short page alone does not end it).
 */
export async function fetchCollection(
  c: OneRosterConnection,
  collection: string,
  opts: ClientOptions = {},
): Promise<unknown[]> {
  const limit = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  const all: unknown[] = [];
  for (;;) {
    const { rows, total } = await fetchPage(c, collection, all.length, limit, opts);
    all.push(...rows);
    if (rows.length === 0) {
      if (total !== null && all.length < total)
        throw sourceError('shortCollection', { collection, received: all.length, total });
      return all;
    }
    if (total !== null && all.length >= total) return all;
    if (all.length > MAX_ROWS_PER_COLLECTION)
      throw sourceError('tooManyRows', { collection, max: MAX_ROWS_PER_COLLECTION });
  }
}
