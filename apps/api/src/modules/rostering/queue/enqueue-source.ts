import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';

// PLACEHOLDER (issue 16): the queue helper's createQueueItem stages a snapshot read from a roster source. The lead
// replaces this file at merge; the roster sources' import job and route call it with exactly these arguments.
export function enqueueSnapshotImport(
  _db: DbOrTx,
  _input: {
    accountId: number;
    sourceId: number;
    snapshot: RosterSnapshot;
    errors: RosterRowError[];
    /** who asked; null for a scheduled run */
    userId: number | null;
  },
): Promise<{ queueId: number }> {
  return Promise.reject(new Error('not merged'));
}
