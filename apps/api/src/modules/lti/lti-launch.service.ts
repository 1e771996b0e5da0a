import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { SessionScope } from '@aula/domain/auth';
import { LTI_CLAIM, LTI_VERSION, ltiSideOfRoles, type LtiSide } from '@aula/domain/lti-launch';
import type { Deps } from '../../lib/deps';
import { LTI_FRAME_PARAM, originOf, signFrameOrigin } from '../../lib/lti-frame';
import { openSession } from '../auth/auth.service';
import { sha256 } from '../sso/sso.service';
import { findLinkedUsers, findRosteredUser, findUserForSession, insertConnection } from '../sso/sso.repo';
import { LtiLaunchRefused } from './lti-launch-refused';
import { resolveTarget } from './lti-launch-target';
import * as repo from './lti-launch.repo';
import { verifyPlatformToken } from './lti-platform-jwks';

// LTI 1.3 launches (issue 18 item 3; docs/lti.md): the third-party initiated login, the id_token POST and the
// handoff that opens the session in the app. Every refusal is an LtiLaunchRefused with one clear message and leaves
// no session behind.

export const LTI_PROVIDER_CODE = 3;
const MINUTE = 60_000;
export const LTI_LAUNCH_STATE_TTL_MINUTES = 10;
export const LTI_HANDOFF_TTL_MINUTES = 2;
/** how long an instructor may take in the deep-linking picker */
export const LTI_DEEP_LINK_TTL_MINUTES = 60;

export const launchUrlOf = (deps: Pick<Deps, 'config'>) =>
  `${deps.config.PUBLIC_API_URL.replace(/\/+$/, '')}/lti/launch`;

export interface LoginInput {
  iss?: string | undefined;
  login_hint?: string | undefined;
  target_link_uri?: string | undefined;
  lti_message_hint?: string | undefined;
  client_id?: string | undefined;
  lti_deployment_id?: string | undefined;
}

/**
 * OIDC third-party initiated login: the registered platform of `iss` (and `client_id`, required when the issuer has
 * several registrations), a fresh state and nonce kept hashed for LTI_LAUNCH_STATE_TTL_MINUTES, and the platform's
 * OIDC auth URL to send the browser to (response_mode form_post back to /lti/launch).
 */
export async function startLogin(deps: Deps, input: LoginInput): Promise<string> {
  if (!input.iss || !input.login_hint || !input.target_link_uri) throw new LtiLaunchRefused('loginIncomplete');
  const platforms = await repo.findPlatformsByIssuer(deps.db, input.iss, input.client_id || undefined);
  if (platforms.length !== 1) throw new LtiLaunchRefused(platforms.length ? 'clientRequired' : 'platformUnknown');
  const platform = platforms[0]!;
  // the platform asks Aula to launch its own address only (not a redirect to anywhere)
  if (originOf(input.target_link_uri) !== originOf(deps.config.PUBLIC_API_URL))
    throw new LtiLaunchRefused('targetInvalid', originOf(platform.oidcAuthUrl));
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  await repo.insertState(deps.db, {
    stateHash: sha256(state),
    nonceHash: sha256(nonce),
    platformId: platform.id,
    deploymentHint: input.lti_deployment_id || null,
    expiresAt: new Date(Date.now() + LTI_LAUNCH_STATE_TTL_MINUTES * MINUTE),
  });
  const url = new URL(platform.oidcAuthUrl);
  const params: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: launchUrlOf(deps),
    login_hint: input.login_hint,
    state,
    nonce,
  };
  if (input.lti_message_hint) params.lti_message_hint = input.lti_message_hint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The origin that frames Aula for this launch: the platform says where it lives in signed claims (the deep-linking
 * return URL, the launch presentation's return URL, the tool_platform url); otherwise its OIDC auth URL's origin.
 */
function platformOrigin(claims: JWTPayload, oidcAuthUrl: string): string | null {
  const candidates = [
    str(obj(claims[LTI_CLAIM.deepLinkingSettings]).deep_link_return_url),
    str(obj(claims['https://purl.imsglobal.org/spec/lti/claim/launch_presentation']).return_url),
    str(obj(claims['https://purl.imsglobal.org/spec/lti/claim/tool_platform']).url),
  ];
  for (const c of candidates) {
    const o = c ? originOf(c) : null;
    if (o) return o;
  }
  return originOf(oidcAuthUrl);
}

interface LaunchUser {
  id: number;
  role: string;
  accountId: number | null;
  linked: boolean;
}

/** The Aula user of the deployment's district this identity is, on the side its roles claim says. */
async function resolveUser(
  deps: Deps,
  accountId: number,
  side: LtiSide,
  identity: { issuer: string; subject: string; sourcedId: string | null },
  frame: string | null,
): Promise<LaunchUser> {
  const linked = await findLinkedUsers(deps.db, identity.issuer, identity.subject);
  // one district's identity never opens another's account
  if (linked.some((u) => u.accountId !== accountId)) throw new LtiLaunchRefused('linkedElsewhere', frame, 403);
  const candidates = [...linked];
  if (identity.sourcedId) {
    const rostered = await findRosteredUser(deps.db, accountId, identity.sourcedId);
    if (rostered && !candidates.some((c) => c.id === rostered.id)) candidates.push(rostered);
  }
  const onSide = candidates.filter((c) => (c.role === 'student' ? 'student' : 'dashboard') === side);
  if (onSide.length === 0)
    throw new LtiLaunchRefused(side === 'student' ? 'studentUnknown' : 'staffUnknown', frame, 403);
  const usable = onSide.filter((c) => !c.disabled);
  if (usable.length === 0) throw new LtiLaunchRefused('accountDisabled', frame, 403);
  return usable.find((u) => u.linked) ?? usable[0]!;
}

export interface LaunchInput {
  idToken: string | undefined;
  state: string | undefined;
}

/**
 * The id_token POST: spends the state, verifies the token (signature, iss, aud/azp, exp/iat, nonce), the message
 * (type, version, deployment known and active), maps the user, records the resource link, and returns where the
 * browser goes: the app's return page with a one-time handoff that opens the session.
 */
export async function completeLaunch(deps: Deps, input: LaunchInput): Promise<{ redirect: string; frame: string }> {
  if (!input.state || !input.idToken) throw new LtiLaunchRefused('stateInvalid');
  const state = await repo.consumeState(deps.db, sha256(input.state));
  if (!state) throw new LtiLaunchRefused('stateInvalid');
  const platform = await repo.findPlatform(deps.db, state.platformId);
  if (!platform) throw new LtiLaunchRefused('stateInvalid');
  let frame = originOf(platform.oidcAuthUrl);
  let claims: JWTPayload;
  try {
    claims = await verifyPlatformToken(input.idToken, platform);
  } catch (err) {
    deps.log.info({ err, platformId: platform.id }, 'lti id_token refused');
    throw new LtiLaunchRefused('tokenInvalid', frame);
  }
  if (typeof claims.nonce !== 'string' || sha256(claims.nonce) !== state.nonceHash) {
    deps.log.info({ platformId: platform.id }, 'lti nonce does not match the state');
    throw new LtiLaunchRefused('tokenInvalid', frame);
  }
  frame = platformOrigin(claims, platform.oidcAuthUrl);
  const messageType = claims[LTI_CLAIM.messageType];
  if (
    claims[LTI_CLAIM.version] !== LTI_VERSION ||
    (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest')
  )
    throw new LtiLaunchRefused('messageUnsupported', frame);
  const deploymentId = str(claims[LTI_CLAIM.deploymentId]);
  if (!deploymentId || (state.deploymentHint && state.deploymentHint !== deploymentId))
    throw new LtiLaunchRefused('deploymentUnknown', frame);
  const found = await repo.findDeployment(deps.db, platform.id, deploymentId);
  if (!found) throw new LtiLaunchRefused('deploymentUnknown', frame);
  if (!found.deployment.isActive || found.accountDeleted) throw new LtiLaunchRefused('deploymentInactive', frame);
  const deployment = found.deployment;
  const side = ltiSideOfRoles(claims[LTI_CLAIM.roles]);
  if (!side) throw new LtiLaunchRefused('roleUnsupported', frame, 403);
  if (messageType === 'LtiDeepLinkingRequest' && side !== 'dashboard')
    throw new LtiLaunchRefused('deepLinkingStaffOnly', frame, 403);
  const identity = {
    issuer: platform.issuer,
    subject: claims.sub!,
    sourcedId: str(obj(claims[LTI_CLAIM.lis]).person_sourcedid),
  };
  const user = await resolveUser(deps, deployment.accountId, side, identity, frame);

  let deepLinking: Record<string, unknown> | null = null;
  if (messageType === 'LtiDeepLinkingRequest') {
    deepLinking = obj(claims[LTI_CLAIM.deepLinkingSettings]);
    const returnUrl = str(deepLinking.deep_link_return_url);
    if (!returnUrl || originOf(returnUrl) !== frame) throw new LtiLaunchRefused('messageInvalid', frame);
  }
  const handoff = randomBytes(32).toString('base64url');
  const now = Date.now();
  const launch = await deps.db.transaction(async (tx) => {
    const target =
      messageType === 'LtiDeepLinkingRequest'
        ? null
        : await resolveTarget(tx, {
            claims,
            deployment,
            user,
            side,
            refuse: (key) => new LtiLaunchRefused(key, frame),
          });
    const row = await repo.insertLaunch(tx, {
      handoffHash: sha256(handoff),
      userId: user.id,
      deploymentId: deployment.id,
      scope: side,
      messageType,
      targetPath: target ?? '',
      deepLinking,
      handoffExpiresAt: new Date(now + LTI_HANDOFF_TTL_MINUTES * MINUTE),
      expiresAt: new Date(now + (deepLinking ? LTI_DEEP_LINK_TTL_MINUTES : LTI_HANDOFF_TTL_MINUTES) * MINUTE),
    });
    // the identity is linked on its first launch (never by e-mail)
    if (!user.linked) {
      await insertConnection(tx, {
        userId: user.id,
        provider: LTI_PROVIDER_CODE,
        issuer: identity.issuer,
        subject: identity.subject,
        email: null,
      });
    }
    return row;
  });
  const targetPath =
    launch.messageType === 'LtiDeepLinkingRequest' ? `/lti-deep-linking/${launch.id}` : launch.targetPath;
  const base = side === 'student' ? deps.config.PUBLIC_STUDENT_URL : deps.config.PUBLIC_DASHBOARD_URL;
  const returnPage = side === 'student' ? `${base}/oauth` : `${base}/oauth/${LTI_PROVIDER_CODE}`;
  const query = new URLSearchParams({
    status: 'success',
    type: String(LTI_PROVIDER_CODE),
    scope: side,
    hash: handoff,
    targetUrl: `${base}${targetPath}`,
    ltiMessageType: messageType,
    [LTI_FRAME_PARAM]: signFrameOrigin(deps.config.TOKEN_SECRET, frame ?? ''),
  });
  return { redirect: `${returnPage}?${query.toString()}`, frame: frame ?? '' };
}

export type LtiSignInResult = {
  status: 'success';
  type: number;
  scope: SessionScope;
  token: string;
  expires_at: string;
  target: string;
};

/**
 * POST /{app}/auth/oauth/3 with the handoff: the launch's session, once, in the app the launch was for. Any
 * problem is the SSO state message (the page says to launch again from the LMS).
 */
export async function redeemHandoff(
  deps: Deps,
  input: { scope: SessionScope; hash: string | undefined; ip: string; userAgent: string | null },
): Promise<LtiSignInResult | null> {
  if (!input.hash) return null;
  const launch = await repo.consumeHandoff(deps.db, sha256(input.hash));
  if (!launch || launch.scope !== input.scope) return null;
  const user = await findUserForSession(deps.db, launch.userId);
  if (!user || user.deletedAt || user.disabled) return null;
  const { token, expiresAt } = await openSession(deps, user, {
    scope: input.scope,
    remember: false,
    ip: input.ip,
    userAgent: input.userAgent,
    method: 'lti',
  });
  const target =
    launch.messageType === 'LtiDeepLinkingRequest' ? `/lti-deep-linking/${launch.id}` : launch.targetPath || '/';
  return {
    status: 'success',
    type: LTI_PROVIDER_CODE,
    scope: input.scope,
    token,
    expires_at: expiresAt.toISOString(),
    target,
  };
}
