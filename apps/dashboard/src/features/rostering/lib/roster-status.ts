import { ROSTER_BUSY_STATUSES, ROSTER_STUCK_MINUTES } from '@aula/domain/roster-queue';
import type { RosterQueueStatus } from '@aula/domain/rostering';

// How the pages show a queue item's status: the tag's tone and, while a worker is busy with it, how far along the
// import is (the statuses in the order an import passes through them).

export type StatusTone = 'green' | 'blue' | 'red' | 'default';

export function statusTone(status: RosterQueueStatus): StatusTone {
  if (status === 'processed') return 'green';
  if (status === 'failed' || status === 'rejected') return 'red';
  if (status === 'prepared' || status === 'actionRequired') return 'blue';
  return 'default';
}

const PROGRESS: Partial<Record<RosterQueueStatus, number>> = {
  created: 5,
  staging: 20,
  validation: 35,
  staged: 50,
  sanity: 60,
  preprocessing: 75,
  processing: 90,
};

/** Whether a worker is on the item now (the page follows it and shows progress). */
export function isRunning(status: RosterQueueStatus): boolean {
  return ROSTER_BUSY_STATUSES.includes(status);
}

/** Percent done of a running import; null once it waits for a person or has ended. */
export function progressOf(status: RosterQueueStatus): number | null {
  return isRunning(status) ? (PROGRESS[status] ?? null) : null;
}

/** Whether the review (the staged changes) can be read: once the item has been diffed. */
export function hasReview(status: RosterQueueStatus, hasSummary: boolean): boolean {
  return hasSummary || ['prepared', 'actionRequired', 'preprocessing', 'processing', 'processed'].includes(status);
}

/** Whether an item may be restarted (rosterStatusAfter's rule): failed, or busy for too long. */
export function canRestart(item: { status: RosterQueueStatus; status_changed_at: string }, now = Date.now()): boolean {
  if (item.status === 'failed') return true;
  return isRunning(item.status) && now - Date.parse(item.status_changed_at) > ROSTER_STUCK_MINUTES * 60_000;
}
