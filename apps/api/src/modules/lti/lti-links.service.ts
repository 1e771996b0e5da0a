import type { LtiResourceLinkDto } from '@aula/domain/lti-services';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { reachableAssignment } from '../attempts/attempt-access';
import { classScopeOf } from '../classes/class-scope.repo';
import { findClass } from '../classes/classes.repo';
import * as repo from './nrps.repo';

// The LMS links teachers see (docs/lti.md): those of a class and those of an assignment, and who may import a
// link's course members into a class. A link is reached through the assignment it opens or the class it maps to;
// the class must be the caller's (a teacher teaching it, or a district admin or above reaching it) and of the
// deployment's district. Anything else is a 404, as for a row the caller cannot see; a school admin gets a 403.

type LinkRow = Awaited<ReturnType<typeof repo.listLinks>>[number];

function present({ link, platformName }: LinkRow): LtiResourceLinkDto {
  return {
    id: link.id,
    platform_name: platformName,
    context_id: link.contextId,
    context_title: link.contextTitle,
    class_id: link.classId,
    assignment_id: link.assignmentId,
    activity_id: link.activityId,
    has_memberships: link.membershipsUrl !== null,
    has_line_item: link.lineItemUrl !== null,
  };
}

/** GET /dashboard/classes/:id/lti-links */
export async function listClassLinks(deps: Deps, auth: AuthContext, classId: number): Promise<LtiResourceLinkDto[]> {
  const cls = await findClass(deps.db, classScopeOf(auth), classId);
  if (!cls) throw new NotFoundError();
  return (await repo.listLinks(deps.db, { classId: cls.id })).map(present);
}

/** GET /dashboard/assignments/:id/lti-links */
export async function listAssignmentLinks(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
): Promise<LtiResourceLinkDto[]> {
  await reachableAssignment(deps.db, auth, assignmentId);
  return (await repo.listLinks(deps.db, { assignmentId })).map(present);
}

/** Whether the caller reaches the link: through the assignment it opens, or the class it maps to. */
async function reachesLink(
  deps: Deps,
  auth: AuthContext,
  link: { assignmentId: number | null; classId: number | null },
) {
  if (link.classId !== null && (await findClass(deps.db, classScopeOf(auth), link.classId))) return true;
  if (link.assignmentId === null) return false;
  return reachableAssignment(deps.db, auth, link.assignmentId).then(
    () => true,
    () => false,
  );
}

/** The link and the class its members go to: `classId`, else the class the link maps to. */
export async function linkToImport(deps: Deps, auth: AuthContext, linkId: number, classId?: number) {
  const found = await repo.findLinkWithPlatform(deps.db, linkId);
  if (!found || !(await reachesLink(deps, auth, found.link))) throw new NotFoundError();
  const target = classId ?? found.link.classId;
  if (target === null) throw new ConflictError({ key: 'ltiServices.errors.noClass' });
  const cls = await findClass(deps.db, classScopeOf(auth), target);
  if (!cls || cls.accountId !== found.accountId) throw new NotFoundError();
  if (auth.user.role !== 'teacher' && tenantScopeOf(auth).kind === 'organization') throw new ForbiddenError();
  if (!found.link.membershipsUrl) throw new ConflictError({ key: 'ltiServices.errors.noMemberships' });
  return { ...found, classId: cls.id };
}
