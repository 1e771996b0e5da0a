import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { isLtiUrl } from '@aula/domain/lti';
import type { Deps } from '../../lib/deps';
import { currentSigningKey } from './lti-keys.service';

// Aula calling a platform's LTI Advantage services (issue 18 item 5; docs/lti.md): an OAuth 2 client-credentials
// token obtained with a JWT client assertion signed by Aula's current LTI key (RFC 7523, LTI Security Framework
// 4.1), cached until shortly before it expires, and the HTTP calls made with it. Every failure is a
// PlatformServiceError with a short message stored as the send's last error.

export class PlatformServiceError extends Error {
  constructor(
    message: string,
    /** an HTTP status the platform answered, if any */
    readonly status: number | null = null,
    /** no retry can mend it (a missing scope, identity or URL): the send fails at once */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'PlatformServiceError';
  }
}

export interface PlatformAuth {
  /** lti_platforms.id, part of the token cache key */
  id: number;
  clientId: string;
  accessTokenUrl: string;
}

const TIMEOUT_MS = 20_000;
/** the client assertion lives this long (well under LTI_MAX_TOKEN_LIFETIME_SECONDS) */
const ASSERTION_SECONDS = 5 * 60;
/** a cached token is renewed this long before the platform said it expires */
const EXPIRY_MARGIN_MS = 60_000;

// keyed by platform, token URL, client id and the scopes asked: a changed registration never reuses a token
const tokens = new LRUCache<string, string>({ max: 1000 });
const cacheKey = (p: PlatformAuth, scopes: readonly string[]) =>
  [p.id, p.accessTokenUrl, p.clientId, [...scopes].sort().join(' ')].join('\n');

export function forgetPlatformToken(p: PlatformAuth, scopes: readonly string[]): void {
  tokens.delete(cacheKey(p, scopes));
}

/** One HTTP call with a timeout; a network failure or timeout is a PlatformServiceError naming the origin. */
export async function platformRequest(url: string, init: RequestInit, what: string): Promise<Response> {
  // the URLs come from the platform's signed claims and answers: https only (http on this machine for development)
  if (!isLtiUrl(url)) throw new PlatformServiceError(`${what}: not an https URL: ${url.slice(0, 200)}`, null, true);
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new PlatformServiceError(`${what}: no answer from ${new URL(url).origin} within ${TIMEOUT_MS / 1000} s`);
    throw new PlatformServiceError(
      `${what}: ${new URL(url).origin} unreachable (${e.cause?.code ?? e.cause?.message ?? e.message})`,
    );
  }
}

/** A short description of a refused call: the status and the start of the body. */
export async function refusal(res: Response, what: string): Promise<PlatformServiceError> {
  const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  return new PlatformServiceError(`${what}: HTTP ${res.status}${text ? ` ${text}` : ''}`, res.status);
}

/** The signed client assertion: iss = sub = the client id, aud = the token URL, a fresh jti, a short life. */
export async function clientAssertion(deps: Pick<Deps, 'db' | 'config'>, p: PlatformAuth): Promise<string> {
  const key = await currentSigningKey(deps);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(p.clientId)
    .setSubject(p.clientId)
    .setAudience(p.accessTokenUrl)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ASSERTION_SECONDS}s`)
    .sign(key.privateKey);
}

/** An access token for these scopes: from the cache, or from the platform's token endpoint. */
export async function platformAccessToken(
  deps: Pick<Deps, 'db' | 'config'>,
  p: PlatformAuth,
  scopes: readonly string[],
): Promise<string> {
  const key = cacheKey(p, scopes);
  const cached = tokens.get(key);
  if (cached) return cached;
  const assertion = await clientAssertion(deps, p);
  const res = await platformRequest(
    p.accessTokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: scopes.join(' '),
      }).toString(),
    },
    'token',
  );
  if (!res.ok) throw await refusal(res, 'token');
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!body || typeof body.access_token !== 'string' || !body.access_token)
    throw new PlatformServiceError('token: the platform answered without an access_token');
  const expiresIn = Number(body.expires_in);
  const ttl = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 - EXPIRY_MARGIN_MS : 0;
  if (ttl > 0) tokens.set(key, body.access_token, { ttl });
  return body.access_token;
}

/**
 * A call to a service endpoint with the bearer token. A 401 drops the cached token and tries once more with a new
 * one (the platform may have revoked it early); any other answer is returned as is.
 */
export async function serviceCall(
  deps: Pick<Deps, 'db' | 'config'>,
  p: PlatformAuth,
  scopes: readonly string[],
  url: string,
  init: RequestInit & { headers?: Record<string, string> },
  what: string,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = await platformAccessToken(deps, p, scopes);
    const res = await platformRequest(
      url,
      { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } },
      what,
    );
    if (res.status === 401 && attempt === 0) {
      await res.body?.cancel();
      forgetPlatformToken(p, scopes);
      continue;
    }
    return res;
  }
}

/** `{lineItem}/scores`: the scores path appended to the line item URL's path, its query kept. */
export function scoresUrl(lineItemUrl: string): string {
  if (!isLtiUrl(lineItemUrl))
    throw new PlatformServiceError(`score: not an https URL: ${lineItemUrl.slice(0, 200)}`, null, true);
  const u = new URL(lineItemUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

/** The rel="next" target of a Link header (RFC 8288), resolved against the request URL; null without one. */
export function nextLink(header: string | null, base: string): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!m) continue;
    const rel = /(?:^|;)\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2]!);
    if (rel && rel[1]!.toLowerCase().split(/\s+/).includes('next')) return new URL(m[1]!, base).toString();
  }
  return null;
}
