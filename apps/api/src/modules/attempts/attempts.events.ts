import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import type { AttemptGradedEvent, AttemptProgressEvent } from '@aula/domain/attempts';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { afterCommit } from '../realtime/after-commit';

// Attempt events, published once the change has committed: a student's progress to the assignment's channel (the
// teachers' live progress view), a teacher's score to the student's own channel.

export function publishProgress(deps: Deps, tx: DbOrTx, event: AttemptProgressEvent): void {
  afterCommit(deps, tx, () =>
    deps.events.publish(channels.assignment(event.assignment_id), REALTIME_EVENTS.attemptProgress, event),
  );
}

export function publishGraded(deps: Deps, tx: DbOrTx, studentId: number, event: AttemptGradedEvent): void {
  afterCommit(deps, tx, () => deps.events.publish(channels.user(studentId), REALTIME_EVENTS.attemptGraded, event));
}
