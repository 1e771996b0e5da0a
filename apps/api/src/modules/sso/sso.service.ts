import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_PROVIDERS, type SessionScope } from '@aula/domain/auth';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { decryptSecret } from '../../lib/secrets';
import { openSession } from '../auth/auth.service';
import * as oidc from './sso-oidc';
import { resolveUsers, sideOf, sourcedIdClaim, ssoFailure } from './sso-identity';
import * as repo from './sso.repo';

// Single sign-on through ClassLink (1), Clever (2) and Google (4): start, callback, role choice. docs/sso.md.

const MINUTE = 60_000;
export const SSO_STATE_TTL_MINUTES = 10;
export const SSO_CONNECT_TTL_MINUTES = 15;

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export function providerOf(code: number): 'classlink' | 'clever' | 'google' {
  const name = OAUTH_PROVIDERS[code as keyof typeof OAUTH_PROVIDERS];
  if (name !== 'classlink' && name !== 'clever' && name !== 'google') throw new NotFoundError();
  return name;
}

/** The sign-in page must name the district: more than one district set this provider up. */
export class DistrictRequiredError extends Error {}

export function redirectUriOf(deps: Pick<Deps, 'config'>, scope: SessionScope, code: number): string {
  // the configured public URL, never the Host header: the provider sends the code only there
  const base = scope === 'student' ? deps.config.PUBLIC_STUDENT_URL : deps.config.PUBLIC_DASHBOARD_URL;
  return `${base}/oauth/${code}`;
}

async function clientOf(deps: Pick<Deps, 'config'>, config: repo.SsoConfigRow) {
  return oidc.discover({
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: decryptSecret(deps.config.SECRETS_KEY, config.clientSecretEncrypted),
    allowHttpLoopback: deps.config.NODE_ENV !== 'production',
  });
}

/**
 * Step one: the provider's authorization URL for this app, with a fresh state, nonce and PKCE verifier kept
 * (hashed state) for SSO_STATE_TTL_MINUTES. The district: the one named (accounts.district_id), else the only
 * live config of the provider.
 */
export async function startSignIn(
  deps: Deps,
  input: { code: number; scope: SessionScope; district?: string | undefined },
): Promise<string> {
  const provider = providerOf(input.code);
  const ids = await repo.findActiveConfigs(deps.db, provider, input.district);
  if (ids.length === 0) throw ssoFailure(input.district ? 'districtUnknown' : 'notConfigured');
  // a district's own config wins over its domain's (Google)
  const config = await repo.findConfig(deps.db, ids[0]!);
  if (!config) throw ssoFailure('notConfigured');
  if (ids.length > 1 && !(input.district && config.accountId !== null)) throw new DistrictRequiredError();
  if (config.accountId !== null) {
    const settings = await repo.loadSsoSettings(deps.db, [config.accountId]);
    if (!(settings.get(config.accountId) ?? []).includes(provider)) throw ssoFailure('ssoOff');
  }
  let client;
  try {
    client = await clientOf(deps, config);
  } catch (err) {
    deps.log.warn({ err, configId: config.id }, 'sso discovery failed');
    throw ssoFailure('providerUnreachable');
  }
  const request = oidc.newAuthorizationRequest();
  const redirectUri = redirectUriOf(deps, input.scope, input.code);
  const url = await oidc.authorizationUrl(
    client,
    request,
    redirectUri,
    provider === 'google' && config.hostedDomains.length === 1 ? { hd: config.hostedDomains[0]! } : {},
  );
  await repo.deleteExpiredStates(deps.db);
  await repo.insertState(deps.db, {
    stateHash: sha256(request.state),
    configId: config.id,
    provider: input.code,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    scope: input.scope,
    redirectUri,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MINUTES * MINUTE),
  });
  return url;
}

export type SsoResult =
  | { status: 'success'; type: number; scope: SessionScope; token: string; expires_at: string }
  | { status: 'success'; type: number; scope: null; hash: string; roles: SessionScope[] }
  | { status: 'connect'; type: number; scope: SessionScope; hash: string };

interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** A choice of role: one state row per side, the user to sign in kept in connect_user_id (docs/sso.md). */
const CHOICE_NONCE = 'role-choice';
const choiceKey = (hash: string, scope: SessionScope) => sha256(`choice:${hash}:${scope}`);

/**
 * Step two, the callback (POST /{app}/auth/oauth/{code} with the provider's query): spends the state, exchanges the
 * code (PKCE, state, nonce, ID token checks in openid-client), then signs in the user the identity belongs to.
 */
export async function completeSignIn(
  deps: Deps,
  input: { code: number; scope: SessionScope; query: Record<string, string> } & RequestMeta,
): Promise<SsoResult> {
  const provider = providerOf(input.code);
  const { query } = input;
  if (query.hash && !query.state && !query.code) return redeemChoice(deps, input, query.hash);
  const state = query.state ? await repo.consumeState(deps.db, sha256(query.state)) : undefined;
  if (query.error) throw ssoFailure(query.error === 'access_denied' ? 'providerDenied' : 'providerError');
  if (!state || state.provider !== input.code || state.scope !== input.scope || state.nonce === CHOICE_NONCE)
    throw ssoFailure('stateInvalid');
  const config = await repo.findConfig(deps.db, state.configId);
  if (!config?.isActive) throw ssoFailure('notConfigured');
  let claims: oidc.IdClaims;
  try {
    const client = await clientOf(deps, config);
    claims = await oidc.exchangeCode(client, state.redirectUri, query, {
      state: query.state!,
      nonce: state.nonce,
      codeVerifier: state.codeVerifier,
    });
  } catch (err) {
    deps.log.info({ err, configId: config.id }, 'sso code exchange refused');
    throw ssoFailure('signInFailed');
  }
  if (
    provider === 'google' &&
    config.hostedDomains.length > 0 &&
    !(typeof claims.hd === 'string' && config.hostedDomains.includes(claims.hd))
  )
    throw ssoFailure('hostedDomain');
  const identity = { issuer: claims.iss, subject: claims.sub, sourcedId: sourcedIdClaim(provider, claims) };
  const email = typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null;
  const users = await resolveUsers(deps.db, config, identity);
  if (users.length === 0) {
    const hash = randomBytes(32).toString('base64url');
    await repo.insertConnectRequest(deps.db, {
      requestHash: sha256(hash),
      configId: config.id,
      provider: input.code,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      expiresAt: new Date(Date.now() + SSO_CONNECT_TTL_MINUTES * MINUTE),
    });
    return { status: 'connect', type: input.code, scope: input.scope, hash };
  }
  // a rostered match is linked on its first sign-in (never by e-mail)
  const link = async (tx: Parameters<typeof repo.insertConnection>[0], userId: number) => {
    if (users.find((u) => u.id === userId)?.linked) return;
    await repo.insertConnection(tx, { userId, provider: input.code, ...identity, email });
  };
  if (users.length > 1) {
    const hash = randomBytes(32).toString('base64url');
    for (const u of users) {
      await link(deps.db, u.id);
      await repo.insertState(deps.db, {
        stateHash: choiceKey(hash, sideOf(u.role)),
        configId: config.id,
        provider: input.code,
        nonce: CHOICE_NONCE,
        codeVerifier: CHOICE_NONCE,
        scope: sideOf(u.role),
        redirectUri: redirectUriOf(deps, sideOf(u.role), input.code),
        connectUserId: u.id,
        expiresAt: new Date(Date.now() + SSO_STATE_TTL_MINUTES * MINUTE),
      });
    }
    return { status: 'success', type: input.code, scope: null, hash, roles: users.map((u) => sideOf(u.role)) };
  }
  const user = users[0]!;
  const scope = sideOf(user.role);
  const { token, expiresAt } = await openSession(deps, user, {
    scope,
    remember: false,
    ip: input.ip,
    userAgent: input.userAgent,
    method: provider,
    before: (tx) => link(tx, user.id),
  });
  return { status: 'success', type: input.code, scope, token, expires_at: expiresAt.toISOString() };
}

/** The role chooser's answer: the side asked for, once; the other side's choice is spent with it. */
async function redeemChoice(
  deps: Deps,
  input: { code: number; query: Record<string, string> } & RequestMeta,
  hash: string,
): Promise<SsoResult> {
  const provider = providerOf(input.code);
  const wanted = input.query.scope === 'student' || input.query.scope === 'dashboard' ? input.query.scope : null;
  if (!wanted) throw ssoFailure('stateInvalid');
  const row = await repo.consumeState(deps.db, choiceKey(hash, wanted));
  const other = wanted === 'student' ? 'dashboard' : 'student';
  await repo.consumeState(deps.db, choiceKey(hash, other));
  if (!row || row.nonce !== CHOICE_NONCE || row.provider !== input.code || !row.connectUserId)
    throw ssoFailure('stateInvalid');
  const user = await repo.findUserForSession(deps.db, row.connectUserId);
  if (!user || user.deletedAt) throw ssoFailure('userNotFound');
  if (user.disabled) throw ssoFailure('accountDisabled');
  const { token, expiresAt } = await openSession(deps, user, {
    scope: wanted,
    remember: false,
    ip: input.ip,
    userAgent: input.userAgent,
    method: provider,
  });
  return { status: 'success', type: input.code, scope: wanted, token, expires_at: expiresAt.toISOString() };
}
