import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { afterCommit } from '../realtime/after-commit';
import { hasCoveringLink } from './ags.repo';
import { LTI_AGS_SYNC_JOB } from './ags.jobs-names';

// Called by the attempts module when a student's work is scored: on submit (the automatic score) and when a
// teacher scores an essay or drawing. When the assignment's activity is on an LTI link that takes scores, a sync
// job is sent once the transaction has committed; the job works out the score and queues the send (ags.service.ts).
// Kept apart from ags.service.ts so that attempts imports nothing that imports attempts back.

export async function queueScoreSync(
  deps: Deps,
  tx: DbOrTx,
  work: { assignmentId: number; activityId: number; studentIds: readonly number[] },
): Promise<void> {
  if (work.studentIds.length === 0) return;
  if (!(await hasCoveringLink(tx, work.assignmentId, work.activityId))) return;
  afterCommit(deps, tx, () => {
    for (const studentId of work.studentIds)
      deps.jobs
        .send(LTI_AGS_SYNC_JOB, {
          assignment_id: work.assignmentId,
          activity_id: work.activityId,
          student_id: studentId,
        })
        .catch((err: unknown) => deps.log.error({ err, ...work }, 'lti score sync not queued'));
  });
}
