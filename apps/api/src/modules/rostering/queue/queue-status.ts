import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { ROSTER_IMPORT_FAILED_MESSAGE, type RosterQueueStatus } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../../lib/deps';
import { insertLogs, updateQueueItem, type NewRosterQueueRow, type RosterQueueRow } from './queue.repo';
import { presentQueueItem } from './queue.present';

export const ROSTER_STAGE_JOB = 'roster.stage';
export const ROSTER_APPLY_JOB = 'roster.apply';

/** 'roster import queue changed' on the account's roster channel, with the item as the history shows it. */
export function publishQueueChange(deps: Deps, row: RosterQueueRow): void {
  deps.events.publish(channels.roster(row.accountId), REALTIME_EVENTS.rosterImportQueueChanged, {
    item: presentQueueItem(row),
  });
}

/** Moves an item to a status and tells the roster channel (use outside a transaction; inside, publish after it). */
export async function moveTo(
  deps: Deps,
  id: number,
  status: RosterQueueStatus,
  patch: Partial<NewRosterQueueRow> = {},
  db: DbOrTx = deps.db,
): Promise<RosterQueueRow> {
  const row = await updateQueueItem(db, id, { ...patch, status });
  if (db === deps.db) publishQueueChange(deps, row);
  return row;
}

/** failed, with 'Failed to import file' and the cause in the log. */
export async function failQueueItem(deps: Deps, id: number, err: unknown): Promise<RosterQueueRow> {
  const cause = err instanceof Error ? err.message : String(err);
  deps.log.error({ err, queue_id: id }, 'roster import failed');
  await insertLogs(deps.db, id, [
    { level: 'error', file: null, row: null, column: null, message: ROSTER_IMPORT_FAILED_MESSAGE },
    { level: 'error', file: null, row: null, column: null, message: cause },
  ]);
  return moveTo(deps, id, 'failed', { error: cause });
}

export async function sendStage(deps: Deps, id: number): Promise<void> {
  await deps.jobs.send(ROSTER_STAGE_JOB, { queue_id: id });
}

export async function sendApply(deps: Deps, id: number): Promise<void> {
  await deps.jobs.send(ROSTER_APPLY_JOB, { queue_id: id });
}
