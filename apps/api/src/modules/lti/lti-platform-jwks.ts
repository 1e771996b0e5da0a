import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { LTI_KEY_ALG } from '@aula/domain/lti';

// The platforms' public keys (issue 18 item 3): each platform's JWKS (its key set URL) is fetched over HTTP, kept
// for JWKS_CACHE_MS, and fetched again once when a token names a kid the cached set lacks (the platform rotated).
// A token whose kid is still unknown after that one refetch is refused.

const JWKS_CACHE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_JWKS_BYTES = 256 * 1024;
/** clock slack between the platform and Aula, for exp, iat and nbf */
export const LTI_CLOCK_TOLERANCE_SECONDS = 30;
/** an id_token is for immediate use: one issued longer ago than this is refused even if its exp is later */
export const LTI_ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;

interface Cached {
  keys: ReturnType<typeof createLocalJWKSet>;
  fetchedAt: number;
}

const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached>>();

async function fetchJwks(url: string): Promise<Cached> {
  const pending = inFlight.get(url);
  if (pending) return pending;
  const load = (async () => {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`JWKS ${url} answered ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_JWKS_BYTES) throw new Error(`JWKS ${url} is too large`);
    const entry = { keys: createLocalJWKSet(JSON.parse(text) as JSONWebKeySet), fetchedAt: Date.now() };
    cache.set(url, entry);
    return entry;
  })();
  inFlight.set(url, load);
  try {
    return await load;
  } finally {
    inFlight.delete(url);
  }
}

export interface ExpectedToken {
  keySetUrl: string;
  issuer: string;
  clientId: string;
}

/**
 * Verifies an id_token from a platform: RS256 signature against its JWKS, iss, aud containing the client id (and azp
 * naming it when there are several audiences or azp is present), exp, iat (not in the future, not older than
 * LTI_ID_TOKEN_MAX_AGE_SECONDS). Throws on anything wrong (jose's errors, or an Error for azp).
 */
export async function verifyPlatformToken(token: string, expected: ExpectedToken): Promise<JWTPayload> {
  const verify = (entry: Cached) =>
    jwtVerify(token, entry.keys, {
      algorithms: [LTI_KEY_ALG],
      issuer: expected.issuer,
      audience: expected.clientId,
      clockTolerance: LTI_CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: LTI_ID_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    });
  let entry = cache.get(expected.keySetUrl);
  const fresh = !entry || Date.now() - entry.fetchedAt > JWKS_CACHE_MS;
  if (!entry || fresh) entry = await fetchJwks(expected.keySetUrl);
  let result;
  try {
    result = await verify(entry);
  } catch (err) {
    // an unknown kid: the platform may have rotated since we fetched; fetch once more (unless we just did)
    if (!(err instanceof errors.JWKSNoMatchingKey) || fresh) throw err;
    result = await verify(await fetchJwks(expected.keySetUrl));
  }
  const { payload } = result;
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const azp = payload.azp;
  if ((aud.length > 1 || azp !== undefined) && azp !== expected.clientId) {
    throw new Error('azp does not name this client');
  }
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + LTI_CLOCK_TOLERANCE_SECONDS) {
    throw new Error('iat is in the future');
  }
  return payload;
}

/** Forget cached key sets (a platform's key set URL changed; tests). */
export function clearPlatformJwksCache(): void {
  cache.clear();
}
