import {
  LTI_CUSTOM,
  type LtiSetAssignmentCreateInput,
  type LtiSetAssignmentDto,
  type LtiSetLinkDto,
  type LtiSetLinkInput,
} from '@aula/domain/lti-launch';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findAssignmentSet } from '../assignments/assignment-sets.repo';
import { reachOf } from '../assignments/assignments.service';
import { insertAuditEntry } from '../audit/audit.repo';
import { assignmentsOfSet, districtDeployments } from './lti-assignment-sets.repo';
import * as repo from './lti-launch.repo';
import { launchUrlOf } from './lti-launch.service';

// The spec's LTI assignment calls (002 section 7: "POST create LTI and LTI link"; issue 18; docs/lti.md), used by the
// LTI assignment-set view (/assignment-lti-set/view/:id): make an assignment in a set for LMS links, and give the
// link an instructor pastes into an LMS by hand. The set must be one the caller reaches (else 404).

async function reachableSet(deps: Deps, auth: AuthContext, setId: number) {
  const set = await findAssignmentSet(deps.db, reachOf(auth), setId);
  if (!set) throw new NotFoundError();
  return set;
}

async function linkOf(deps: Deps, set: { id: number; accountId: number }, assignmentId: number | null) {
  const api = deps.config.PUBLIC_API_URL.replace(/\/+$/, '');
  const custom: Record<string, string> =
    assignmentId === null
      ? { [LTI_CUSTOM.assignmentSetId]: String(set.id) }
      : { [LTI_CUSTOM.assignmentId]: String(assignmentId) };
  const { deployments } = await districtDeployments(deps.db, set.accountId);
  const dto: LtiSetLinkDto = {
    assignment_set_id: set.id,
    assignment_id: assignmentId,
    target_link_uri: launchUrlOf(deps),
    login_url: `${api}/lti/login`,
    jwks_url: `${api}/lti/jwks`,
    custom,
    custom_text: Object.entries(custom)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    deployments: deployments.map((d) => ({
      id: d.id,
      name: d.name,
      deployment_id: d.deploymentId,
      platform_name: d.platformName,
      is_active: d.isActive,
    })),
  };
  return dto;
}

/** POST /dashboard/assignment-sets/:id/lti-link: the set's link, or one of its assignments' (422 if not in it). */
export async function setLink(deps: Deps, auth: AuthContext, setId: number, input: LtiSetLinkInput) {
  const set = await reachableSet(deps, auth, setId);
  if (input.assignment_id !== undefined) {
    const inSet = (await assignmentsOfSet(deps.db, set.id)).some((a) => a.id === input.assignment_id);
    if (!inSet) throw ValidationError.field('assignment_id', 'lti.setLink.notInSet');
  }
  return linkOf(deps, set, input.assignment_id ?? null);
}

/**
 * POST /dashboard/assignment-sets/:id/lti: a new assignment in the set with one published activity the district
 * may assign (its own, or its domain's shared catalogue), pinned at its published version, starting now, with no
 * members: the learners who launch its link are named on it. Answers the assignment and its link.
 */
export async function createSetAssignment(
  deps: Deps,
  auth: AuthContext,
  setId: number,
  input: LtiSetAssignmentCreateInput,
  ip: string,
): Promise<LtiSetAssignmentDto> {
  const set = await reachableSet(deps, auth, setId);
  const { domainId } = await districtDeployments(deps.db, set.accountId);
  const [activity] =
    domainId === null
      ? []
      : await repo.offeredActivities(deps.db, { accountId: set.accountId, domainId, isCatalog: true }, [
          input.activity_id,
        ]);
  if (!activity) throw ValidationError.field('activity_id', 'lti.setLink.activityUnavailable');
  const name = input.name ?? activity.title;
  const assignmentId = await deps.db.transaction(async (tx) => {
    const version = await repo.publishedVersionOf(tx, activity.id);
    if (!version?.versionId) throw ValidationError.field('activity_id', 'lti.setLink.activityUnavailable');
    const id = await repo.insertLtiAssignment(tx, {
      accountId: set.accountId,
      name,
      activityId: activity.id,
      versionId: version.versionId,
      createdBy: auth.user.id,
      assignmentSetId: set.id,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: set.accountId,
      action: 'assignment.lti-created',
      entityType: 'assignment',
      entityId: id,
      ip,
      details: { assignment_set_id: set.id, activity_id: activity.id },
    });
    return id;
  });
  return {
    assignment: { id: assignmentId, name, activity_id: activity.id, assignment_set_id: set.id },
    link: await linkOf(deps, set, assignmentId),
  };
}
