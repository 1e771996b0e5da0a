import { maxScore, needsReview } from '@aula/domain/answers';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { listAnswers } from '../attempts/attempt-answers.repo';
import { attemptContent, versionContent } from '../attempts/attempt-content';
import { findAttemptByKey, listAssignedActivities } from '../attempts/attempts.repo';

// The score one student's work earns on one LTI link (docs/lti.md, "How scores flow"): the activities the link
// covers (one, or every activity of the assignment), the automatic scores of answered questions plus the teacher's
// scores of essays and drawings, out of every scored question's maximum. Only submitted attempts count.

export interface LinkScore {
  scoreGiven: number;
  scoreMaximum: number;
  /** Completed when every covered activity is submitted, InProgress otherwise */
  activityProgress: 'InProgress' | 'Completed';
  /** FullyGraded: all submitted, nothing awaits a teacher; PendingManual: an essay or drawing awaits one */
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual';
  /** the latest of the submissions and the teacher scores counted */
  scoredAt: Date;
}

/** null when the student has submitted nothing the link covers (there is no score to report yet). */
export async function linkScore(
  deps: Deps,
  db: DbOrTx,
  link: { assignmentId: number; activityId: number | null },
  studentId: number,
): Promise<LinkScore | null> {
  const assigned = await listAssignedActivities(db, link.assignmentId);
  const covered = link.activityId === null ? assigned : assigned.filter((a) => a.activityId === link.activityId);
  let given = 0;
  let maximum = 0;
  let submitted = 0;
  let pendingReview = false;
  let scoredAt = 0;
  for (const a of covered) {
    const attempt = await findAttemptByKey(db, {
      assignmentId: link.assignmentId,
      activityId: a.activityId,
      studentId,
    });
    if (!attempt || attempt.status !== 'submitted') {
      const content = await versionContent(deps, db, a.activityId, a.versionId);
      for (const q of content.list) maximum += maxScore(q) ?? 0;
      continue;
    }
    submitted += 1;
    scoredAt = Math.max(scoredAt, attempt.submittedAt?.getTime() ?? 0);
    const content = await attemptContent(deps, db, attempt);
    const answers = new Map((await listAnswers(db, attempt.id)).map((r) => [r.questionId, r]));
    for (const q of content.list) {
      const max = maxScore(q);
      if (max === null) continue;
      maximum += max;
      const answer = answers.get(q.id);
      if (!answer) continue;
      if (needsReview(q.type)) {
        if (answer.reviewScore === null) pendingReview = true;
        else {
          given += answer.reviewScore;
          scoredAt = Math.max(scoredAt, answer.reviewedAt?.getTime() ?? 0);
        }
      } else given += answer.score ?? 0;
    }
  }
  if (submitted === 0) return null;
  const complete = submitted === covered.length;
  return {
    scoreGiven: given,
    scoreMaximum: maximum,
    activityProgress: complete ? 'Completed' : 'InProgress',
    gradingProgress: pendingReview ? 'PendingManual' : complete ? 'FullyGraded' : 'Pending',
    scoredAt: new Date(scoredAt || Date.now()),
  };
}
