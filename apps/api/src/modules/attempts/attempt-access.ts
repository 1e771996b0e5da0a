import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { findAssignment } from '../assignments/assignments.repo';
import { reachOf } from '../assignments/assignments.service';
import { findAttemptInReach, findOwnAttempt, type AttemptRow } from './attempts.repo';

// Who reaches an attempt, in the services' terms: its own student (404 otherwise), and staff who reach its
// assignment. A submitted attempt takes no more work (409).

const msg = {
  submitted: { key: 'attempts.submitted' },
} as const;

export async function ownAttempt(db: DbOrTx, auth: AuthContext, attemptId: number, lock = false) {
  const ctx = await findOwnAttempt(db, auth.user.id, attemptId, { lock });
  if (!ctx) throw new NotFoundError();
  return ctx;
}

export function refuseSubmitted(attempt: AttemptRow) {
  if (attempt.status === 'submitted') throw new ConflictError(msg.submitted);
}

export async function reachableAssignment(db: DbOrTx, auth: AuthContext, assignmentId: number, lock = false) {
  const row = await findAssignment(db, reachOf(auth), assignmentId, { lock });
  if (!row) throw new NotFoundError();
  return row;
}

/** An attempt a staff caller may grade, locked. */
export async function attemptToGrade(tx: DbOrTx, auth: AuthContext, attemptId: number) {
  const ctx = await findAttemptInReach(tx, reachOf(auth), attemptId, { lock: true });
  if (!ctx) throw new NotFoundError();
  return ctx;
}
