import * as client from 'openid-client';

// The one place that speaks OpenID Connect (openid-client 6): discovery from the config's issuer, the authorization
// URL with state, nonce and PKCE S256, and the code exchange that validates the ID token (iss, aud, exp, iat,
// nonce and, with non-repudiation checks on, its signature against the provider's JWKS).

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** development and tests only: a provider on this machine over plain http */
  allowHttpLoopback: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function discover(p: ProviderClient): Promise<client.Configuration> {
  const issuer = new URL(p.issuer);
  const insecure = p.allowHttpLoopback && issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  return client.discovery(issuer, p.clientId, p.clientSecret, client.ClientSecretBasic(p.clientSecret), {
    execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
    timeout: 10,
  });
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newAuthorizationRequest(): AuthorizationRequest {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

export async function authorizationUrl(
  config: client.Configuration,
  req: AuthorizationRequest,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: req.state,
    nonce: req.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(req.codeVerifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return url.href;
}

export type IdClaims = client.IDToken;

/**
 * Exchanges the code of the callback (its query as the provider sent it, on our redirect URI) and returns the
 * validated ID token's claims. Throws on anything wrong: an error response, a state or nonce that differs, a
 * rejected code or verifier, or an ID token that does not verify.
 */
export async function exchangeCode(
  config: client.Configuration,
  redirectUri: string,
  query: Record<string, string>,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<IdClaims> {
  const current = new URL(redirectUri);
  for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
  const tokens = await client.authorizationCodeGrant(config, current, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  return claims;
}
