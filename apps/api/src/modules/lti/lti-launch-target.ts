import type { JWTPayload } from 'jose';
import { LTI_CLAIM, LTI_CUSTOM, type LtiSide } from '@aula/domain/lti-launch';
import type { DbOrTx } from '../../db/client';
import * as repo from './lti-launch.repo';
import type { LtiLaunchRefused as Refused } from './lti-launch-refused';
import { setTarget } from './lti-launch-set-target';
import { findResourceLinkByPlatformId, upsertResourceLink } from './resource-links.repo';

// What a resource-link launch opens (issue 18 item 3; docs/lti.md). The link's custom parameters name the Aula
// activity (aula_activity_id, put there by deep linking) or an existing assignment (aula_assignment_id) of the
// deployment's district. An activity link gets its own Aula assignment on first launch, which every learner who
// launches it is named on: their attempts and scores belong to the link (AGS sends them to its line item).

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const id = (v: unknown): number | null => {
  const s = typeof v === 'number' ? String(v) : str(v);
  return s && /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null;
};

export interface TargetInput {
  claims: JWTPayload;
  deployment: { id: number; accountId: number; isCatalog: boolean };
  user: { id: number };
  side: LtiSide;
  refuse: (key: string) => Refused;
}

/** Records the resource link (AGS and NRPS endpoints included) and returns the path the app opens. */
export async function resolveTarget(tx: DbOrTx, input: TargetInput): Promise<string> {
  const { claims, deployment, user, side, refuse } = input;
  const link = obj(claims[LTI_CLAIM.resourceLink]);
  const linkId = str(link.id);
  if (!linkId) throw refuse('messageInvalid');
  const context = obj(claims[LTI_CLAIM.context]);
  const custom = obj(claims[LTI_CLAIM.custom]);
  const existing = await findResourceLinkByPlatformId(tx, deployment.id, linkId);
  const dep = await repo.findDeploymentById(tx, deployment.id);
  if (!dep) throw refuse('deploymentUnknown');

  const namedSet = id(custom[LTI_CUSTOM.assignmentSetId]);
  const namedAssignment = id(custom[LTI_CUSTOM.assignmentId]);
  const setId = namedAssignment
    ? null
    : (namedSet ?? (id(custom[LTI_CUSTOM.activityId]) ? null : existing?.assignmentSetId));
  const ags = obj(claims[LTI_CLAIM.ags]);
  const nrps = obj(claims[LTI_CLAIM.nrps]);
  const endpoints = {
    deploymentId: deployment.id,
    resourceLinkId: linkId,
    contextId: str(context.id) ?? linkId,
    contextTitle: str(context.title),
    ...(str(ags.lineitem) ? { lineItemUrl: str(ags.lineitem) } : {}),
    ...(str(ags.lineitems) ? { lineItemsUrl: str(ags.lineitems) } : {}),
    ...(Array.isArray(ags.scope) ? { agsScopes: ags.scope.filter((s): s is string => typeof s === 'string') } : {}),
    ...(str(nrps.context_memberships_url) ? { membershipsUrl: str(nrps.context_memberships_url) } : {}),
  };
  // a whole assignment set (custom aula_assignment_set_id): lti-launch-set-target.ts
  if (setId) {
    const target = await setTarget(tx, { accountId: deployment.accountId, setId, user, side, refuse });
    await upsertResourceLink(tx, { ...endpoints, activityId: null, assignmentId: null, assignmentSetId: setId });
    return target;
  }

  let assignmentId: number | null = null;
  let activityId: number | null = null;
  /** who authored the assignment (null: nobody yet) */
  let author: number | null = null;
  const namedActivity = id(custom[LTI_CUSTOM.activityId]) ?? existing?.activityId ?? null;
  if (namedAssignment) {
    const a = await repo.findDistrictAssignment(tx, deployment.accountId, namedAssignment);
    if (!a) throw refuse('resourceUnknown');
    assignmentId = a.id;
    author = a.createdBy;
    activityId = namedActivity && a.activityIds.includes(namedActivity) ? namedActivity : (a.activityIds[0] ?? null);
  } else if (namedActivity) {
    const [offered] = await repo.offeredActivities(
      tx,
      { accountId: deployment.accountId, domainId: dep.domainId, isCatalog: deployment.isCatalog },
      [namedActivity],
    );
    if (!offered) throw refuse('resourceUnknown');
    activityId = offered.id;
    const kept =
      existing?.assignmentId && existing.activityId === activityId
        ? await repo.findDistrictAssignment(tx, deployment.accountId, existing.assignmentId)
        : undefined;
    if (kept?.activityIds.includes(activityId)) {
      assignmentId = kept.id;
      author = kept.createdBy;
    } else {
      const version = await repo.publishedVersionOf(tx, activityId);
      if (!version?.versionId) throw refuse('resourceUnknown');
      assignmentId = await repo.insertLtiAssignment(tx, {
        accountId: deployment.accountId,
        name: str(link.title) ?? offered.title,
        activityId,
        versionId: version.versionId,
        createdBy: side === 'dashboard' ? user.id : null,
      });
      author = side === 'dashboard' ? user.id : null;
    }
  } else if (existing?.assignmentId) {
    const a = await repo.findDistrictAssignment(tx, deployment.accountId, existing.assignmentId);
    if (!a) throw refuse('resourceUnknown');
    assignmentId = a.id;
    author = a.createdBy;
  } else {
    throw refuse('resourceUnknown');
  }

  await upsertResourceLink(tx, { ...endpoints, activityId, assignmentId, assignmentSetId: null });

  if (side === 'student') {
    await repo.addStudentMember(tx, assignmentId, user.id);
    const query = new URLSearchParams({
      type: 'LtiResourceLinkRequest',
      resource_id: String(assignmentId),
      resource_type: 'assignment',
      ...(activityId ? { activity_id: String(activityId) } : {}),
    });
    return `/lti?${query.toString()}`;
  }
  // the course's instructor authors the link's assignment (a learner's first launch left it unauthored) and lands on
  // it (progress, and the scores sent to the LMS); another instructor, who may not reach it, on the activity
  if (author === null) {
    await repo.claimAssignment(tx, assignmentId, user.id);
    author = user.id;
  }
  if (author === user.id || !activityId) return `/assignment/view/${assignmentId}`;
  return `/activity/preview/${activityId}`;
}
