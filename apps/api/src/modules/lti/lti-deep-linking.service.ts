import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  LTI_CLAIM,
  LTI_CUSTOM,
  LTI_VERSION,
  type LtiDeepLinkPickerDto,
  type LtiDeepLinkReplyDto,
  type LtiDeepLinkResponseInput,
} from '@aula/domain/lti-launch';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { offeredAssignmentSets } from './lti-assignment-sets.repo';
import { currentSigningKey } from './lti-keys.service';
import * as repo from './lti-launch.repo';
import { launchUrlOf } from './lti-launch.service';

// Deep linking (issue 18 item 4; docs/lti.md): the instructor who launched an LtiDeepLinkingRequest picks Aula
// activities in the dashboard; Aula answers the platform with a signed LtiDeepLinkingResponse whose ltiResourceLink
// items carry a line item and the custom parameter naming the activity (read back at launch).

/** How long the platform may take to receive the response JWT. */
export const LTI_DEEP_LINK_RESPONSE_TTL_SECONDS = 5 * 60;

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

async function openLaunch(deps: Deps, auth: AuthContext, id: number) {
  const launch = await repo.findOpenDeepLink(deps.db, id, auth.user.id);
  if (!launch) throw new NotFoundError();
  const found = await repo.findDeploymentById(deps.db, launch.deploymentId);
  if (!found?.deployment.isActive) throw new NotFoundError();
  return { launch, settings: obj(launch.deepLinking), ...found };
}

const offerOf = (found: Awaited<ReturnType<typeof openLaunch>>) => ({
  accountId: found.deployment.accountId,
  domainId: found.domainId,
  isCatalog: found.deployment.isCatalog,
});

/** GET /dashboard/lti/deep-linking/:id: the picker's content (the caller's own open request only). */
export async function getPicker(deps: Deps, auth: AuthContext, id: number): Promise<LtiDeepLinkPickerDto> {
  const found = await openLaunch(deps, auth, id);
  return {
    id,
    platform: found.platform.name,
    accept_multiple: found.settings.accept_multiple !== false,
    title: typeof found.settings.title === 'string' ? found.settings.title : null,
    activities: await repo.offeredActivities(deps.db, offerOf(found)),
    assignment_sets: (await offeredAssignmentSets(deps.db, found.deployment.accountId)).map((s) => ({
      id: s.id,
      name: s.name,
      assignments_count: s.assignmentsCount,
    })),
  };
}

/**
 * POST /dashboard/lti/deep-linking/:id/response: the signed LtiDeepLinkingResponse for the chosen activities (none:
 * the instructor cancelled) and the platform's return URL, once per request.
 */
export async function respond(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: LtiDeepLinkResponseInput,
  ip: string,
): Promise<LtiDeepLinkReplyDto> {
  const found = await openLaunch(deps, auth, id);
  const { settings, platform, deployment } = found;
  const ids = [...new Set(input.activity_ids)];
  const setIds = [...new Set(input.assignment_set_ids)];
  if (ids.length + setIds.length > 1 && settings.accept_multiple === false)
    throw ValidationError.field(ids.length ? 'activity_ids' : 'assignment_set_ids', 'lti.deepLinking.oneOnly');
  const acceptTypes = Array.isArray(settings.accept_types) ? settings.accept_types : ['ltiResourceLink'];
  if (ids.length + setIds.length && !acceptTypes.includes('ltiResourceLink'))
    throw new ConflictError({ key: 'lti.deepLinking.typeRefused' });
  const offered = ids.length ? await repo.offeredActivities(deps.db, offerOf(found), ids) : [];
  if (offered.length !== ids.length) throw ValidationError.field('activity_ids', 'lti.deepLinking.notOffered');
  const offeredSets = setIds.length ? await offeredAssignmentSets(deps.db, deployment.accountId, setIds) : [];
  if (offeredSets.length !== setIds.length)
    throw ValidationError.field('assignment_set_ids', 'lti.deepLinking.setNotOffered');
  const setById = new Map(offeredSets.map((s) => [s.id, s]));
  const byId = new Map(offered.map((a) => [a.id, a]));
  const items: Record<string, unknown>[] = ids.map((activityId) => {
    const a = byId.get(activityId)!;
    return {
      type: 'ltiResourceLink',
      title: a.title,
      url: launchUrlOf(deps),
      custom: { [LTI_CUSTOM.activityId]: String(a.id) },
      lineItem: { scoreMaximum: input.score_maximum, label: a.title, resourceId: `aula-activity-${a.id}` },
    };
  });
  // a set is one link with no line item: Aula does not send a set's scores (yet), so it adds no grade column that
  // would stay empty; each assignment's own links carry scores (docs/lti.md)
  for (const setId of setIds) {
    const set = setById.get(setId)!;
    items.push({
      type: 'ltiResourceLink',
      title: set.name,
      url: launchUrlOf(deps),
      custom: { [LTI_CUSTOM.assignmentSetId]: String(set.id) },
    });
  }
  const key = await currentSigningKey(deps);
  const claims: Record<string, unknown> = {
    nonce: randomBytes(16).toString('base64url'),
    [LTI_CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [LTI_CLAIM.version]: LTI_VERSION,
    [LTI_CLAIM.deploymentId]: deployment.deploymentId,
    [LTI_CLAIM.deepLinkingContentItems]: items,
  };
  if (typeof settings.data === 'string') claims[LTI_CLAIM.deepLinkingData] = settings.data;
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime(`${LTI_DEEP_LINK_RESPONSE_TTL_SECONDS}s`)
    .sign(key.privateKey);
  const returnUrl = String(settings.deep_link_return_url);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markResponded(tx, id))) throw new NotFoundError();
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: deployment.accountId,
      action: 'lti.deep-linking-response',
      entityType: 'lti-deployment',
      entityId: deployment.id,
      ip,
      details: { activity_ids: ids, assignment_set_ids: setIds },
    });
  });
  return { return_url: returnUrl, jwt };
}
