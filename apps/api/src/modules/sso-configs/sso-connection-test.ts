import {
  allowInsecureRequests,
  ClientSecretBasic,
  ClientSecretPost,
  clientCredentialsGrant,
  discovery,
  genericGrantRequest,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
  Configuration,
} from 'openid-client';
import type { SsoClientCheck } from '@aula/domain/sso';
import type { MessageRef } from '../../lib/errors';

// 'Test connection' of an SSO provider (issue 17 item 6): OpenID discovery of the issuer (openid-client checks the
// document names the same issuer), then the client id and secret at the token endpoint. A provider that offers the
// client credentials grant is asked for a token; one that does not (Google) is sent a made-up authorization code:
// servers authenticate the client before they judge the grant, so 'invalid_grant' means the client was accepted and
// 'invalid_client' that it was refused. Nothing is signed in and no token is kept.

export interface ConnectionTestInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface ConnectionTestOutcome {
  ok: boolean;
  error: MessageRef | null;
  discovered: boolean;
  client: SsoClientCheck;
  authorizationEndpoint: string | null;
}

export interface ConnectionTestOptions {
  timeoutSeconds?: number;
}

const PROBE_CODE = 'aula-connection-test';
const PROBE_REDIRECT = 'https://aula.invalid/oauth/connection-test';
/** grant errors a server gives only after it has authenticated the client */
const CLIENT_ACCEPTED_ERRORS = new Set([
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

const err = (key: string, params?: Record<string, string | number>): MessageRef => ({
  key: `ssoSettings.errors.${key}`,
  ...(params ? { params } : {}),
});

function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:';
}

/** Why a request did not get an answer: a timeout, or the network error's code (ECONNREFUSED, ENOTFOUND...). */
function transportError(e: unknown, url: string, seconds: number): MessageRef | null {
  const error = e as Error & { cause?: { code?: string; message?: string } };
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return err('timeout', { seconds });
  if (error instanceof TypeError && error.message === 'fetch failed')
    return err('unreachable', { url, reason: error.cause?.code ?? error.cause?.message ?? 'fetch failed' });
  return null;
}

function discoveryError(e: unknown, issuer: string, seconds: number): MessageRef {
  const transport = transportError(e, new URL(issuer).origin, seconds);
  if (transport) return transport;
  const error = e as Error & { code?: string; cause?: unknown };
  const cause = error.cause as { status?: number; expected?: string; attribute?: string } | Response | undefined;
  if (cause instanceof Response) return err('discoveryStatus', { status: cause.status });
  if (error.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return err('issuerMismatch', { issuer });
  if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON')
    return err('discoveryInvalid', { reason: error.message });
  return err('discoveryInvalid', { reason: error.message ?? String(e) });
}

async function checkClient(
  config: Configuration,
  seconds: number,
): Promise<{ client: SsoClientCheck; error: MessageRef | null }> {
  const meta = config.serverMetadata();
  if (!meta.token_endpoint) return { client: 'not_checked', error: null };
  try {
    if (meta.grant_types_supported?.includes('client_credentials')) await clientCredentialsGrant(config);
    else await genericGrantRequest(config, 'authorization_code', { code: PROBE_CODE, redirect_uri: PROBE_REDIRECT });
    return { client: 'accepted', error: null };
  } catch (e) {
    if (e instanceof ResponseBodyError) {
      if (e.error === 'invalid_client') return { client: 'refused', error: err('clientRefused') };
      if (CLIENT_ACCEPTED_ERRORS.has(e.error)) return { client: 'accepted', error: null };
      return { client: 'not_checked', error: err('tokenError', { error: e.error, status: e.status }) };
    }
    if (e instanceof WWWAuthenticateChallengeError)
      return e.status === 401
        ? { client: 'refused', error: err('clientRefused') }
        : { client: 'not_checked', error: err('tokenStatus', { status: e.status }) };
    const transport = transportError(e, new URL(meta.token_endpoint).origin, seconds);
    if (transport) return { client: 'not_checked', error: transport };
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof Response)
      return { client: 'not_checked', error: err('tokenStatus', { status: cause.status }) };
    return { client: 'not_checked', error: err('tokenError', { error: (e as Error).message, status: 0 }) };
  }
}

/** Never throws for what the provider does: every failure is an outcome with its message. */
export async function testSsoConnection(
  input: ConnectionTestInput,
  opts: ConnectionTestOptions = {},
): Promise<ConnectionTestOutcome> {
  const seconds = opts.timeoutSeconds ?? 10;
  const issuer = new URL(input.issuer);
  let config: Configuration;
  try {
    // the method is chosen after discovery; ClientSecretBasic is openid-client's default too
    config = await discovery(issuer, input.clientId, undefined, ClientSecretBasic(input.clientSecret), {
      timeout: seconds,
      ...(isLoopbackHttp(issuer) ? { execute: [allowInsecureRequests] } : {}),
    });
  } catch (e) {
    return {
      ok: false,
      error: discoveryError(e, input.issuer, seconds),
      discovered: false,
      client: 'not_checked',
      authorizationEndpoint: null,
    };
  }
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    config = new Configuration(
      config.serverMetadata(),
      input.clientId,
      undefined,
      ClientSecretPost(input.clientSecret),
    );
    config.timeout = seconds;
    if (isLoopbackHttp(issuer)) allowInsecureRequests(config);
  }
  const check = await checkClient(config, seconds);
  return {
    ok: check.error === null,
    error: check.error,
    discovered: true,
    client: check.client,
    authorizationEndpoint: config.serverMetadata().authorization_endpoint ?? null,
  };
}
