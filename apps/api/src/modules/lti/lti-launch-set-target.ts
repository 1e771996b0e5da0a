import type { LtiSide } from '@aula/domain/lti-launch';
import type { DbOrTx } from '../../db/client';
import { assignmentsOfSet, findDistrictAssignmentSet, submittedWork } from './lti-assignment-sets.repo';
import * as repo from './lti-launch.repo';
import type { LtiLaunchRefused as Refused } from './lti-launch-refused';

// What a launch of an assignment-set link opens (issue 18 items 3-4; docs/lti.md). The set must be one of the
// deployment's district (anything else is refused like an unknown resource, with no session).
//
// - Instructor: the LTI assignment-set view of the dashboard, /assignment-lti-set/view/{set}.
// - Learner: named on every assignment of the set (as a learner of an assignment link is), then sent where they
//   carry on: the first open assignment (started, not past due, by start date) with an activity they have not
//   submitted, at that activity; when there is none (all done, or nothing open yet) their assignment list, where the
//   set's assignments now show.

export async function setTarget(
  tx: DbOrTx,
  input: { accountId: number; setId: number; user: { id: number }; side: LtiSide; refuse: (key: string) => Refused },
): Promise<string> {
  const set = await findDistrictAssignmentSet(tx, input.accountId, input.setId);
  if (!set) throw input.refuse('resourceUnknown');
  if (input.side === 'dashboard') return `/assignment-lti-set/view/${set.id}`;

  const list = await assignmentsOfSet(tx, set.id);
  for (const a of list) await repo.addStudentMember(tx, a.id, input.user.id);
  const done = await submittedWork(
    tx,
    input.user.id,
    list.map((a) => a.id),
  );
  const now = Date.now();
  for (const a of list) {
    if (a.startAt.getTime() > now || (a.dueAt && a.dueAt.getTime() < now)) continue;
    const activityId = a.activityIds.find((act) => !done.has(`${a.id}:${act}`));
    if (activityId === undefined) continue;
    const query = new URLSearchParams({
      type: 'LtiResourceLinkRequest',
      resource_id: String(a.id),
      resource_type: 'assignment',
      activity_id: String(activityId),
    });
    return `/lti?${query.toString()}`;
  }
  const query = new URLSearchParams({
    type: 'LtiResourceLinkRequest',
    resource_id: String(set.id),
    resource_type: 'assignment_set',
  });
  return `/lti?${query.toString()}`;
}
