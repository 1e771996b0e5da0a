import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import type { Deps } from '../../../lib/deps';
import { accountDomainId, insertQueueItem } from './queue.repo';
import { createQueueItem } from './queue-stage';
import { failQueueItem } from './queue-status';

// A roster source's read reaches the queue here (create queue item from source, and each scheduled run): the
// snapshot it fetched is staged like an uploaded archive's, and waits for review on the same path.

export interface SourceImport {
  accountId: number;
  sourceId: number;
  /** who asked; null for a scheduled run */
  userId: number | null;
}

export async function enqueueSnapshotImport(
  deps: Deps,
  input: SourceImport & { snapshot: RosterSnapshot; errors: RosterRowError[] },
): Promise<{ queueId: number }> {
  const row = await createQueueItem(deps, {
    accountId: input.accountId,
    dataType: 'rest',
    createdBy: input.userId,
    sourceId: input.sourceId,
    snapshot: input.snapshot,
    errors: input.errors,
  });
  return { queueId: row.id };
}

/**
 * A source that could not be read (refused secret, a 500 mid-paging) still shows in the import history: a failed
 * item with 'Failed to import file' and the reason in its log, which an administrator can restart.
 */
export async function recordFailedSourceRead(
  deps: Deps,
  input: SourceImport & { error: unknown },
): Promise<{ queueId: number }> {
  const domainId = await accountDomainId(deps.db, input.accountId);
  if (domainId === undefined) throw new Error(`no account ${input.accountId}`);
  const row = await insertQueueItem(deps.db, {
    accountId: input.accountId,
    domainId,
    status: 'staging',
    dataType: 'rest',
    importType: 'bulk',
    sourceId: input.sourceId,
    createdBy: input.userId,
  });
  await failQueueItem(deps, row.id, input.error);
  return { queueId: row.id };
}
