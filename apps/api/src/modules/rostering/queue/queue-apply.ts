import { ROSTER_ENTITY_TYPES } from '@aula/domain/roster-queue';
import type { Deps } from '../../../lib/deps';
import { findQueueItem, lockQueueItem, updateQueueItem } from './queue.repo';
import { isWrite } from './roster-diff';
import { planRoster } from './roster-plan';
import { applyEnrollments } from './roster-enrollments.repo';
import { loadSnapshot, type SnapshotHeader } from './roster-snapshot.repo';
import { revokeDisabledSessions, runStatements, statementsFor } from './roster-apply.repo';
import { endSessions } from '../../auth/auth.service';
import { failQueueItem, moveTo, publishQueueChange } from './queue-status';

// Apply (issue 16 item 7): one database transaction for the whole import. The diff is computed again inside the
// transaction (so what was changed by hand since the review is respected, and a second run is a no-op), every
// entity type is written, and the item turns processed in the same transaction: a crash leaves it processing with
// the old roster intact, and a restart applies it again from the start.

export interface ApplyHooks {
  /** after every statement inside the transaction (the crash test stops the worker here) */
  afterStatement?: () => Promise<void>;
}

export async function applyQueueItem(deps: Deps, queueId: number, hooks: ApplyHooks = {}): Promise<void> {
  const row = await findQueueItem(deps.db, queueId);
  if (!row || (row.status !== 'preprocessing' && row.status !== 'processing')) return;
  if (!row.snapshot) {
    await failQueueItem(deps, queueId, new Error('The queue item has no staged snapshot'));
    return;
  }
  await moveTo(deps, queueId, 'processing', { attempts: row.attempts + 1, error: null });
  try {
    // without its enrollments: they are read and applied in SQL
    const header = row.snapshot as SnapshotHeader;
    const snapshot = await loadSnapshot(deps.db, queueId, header);
    const done = await deps.db.transaction(async (tx) => {
      await lockQueueItem(tx, queueId);
      const plan = await planRoster(tx, row.accountId, snapshot);
      const target = { accountId: row.accountId, domainId: row.domainId };
      for (const entity of ROSTER_ENTITY_TYPES) {
        if (entity === 'enrollments') continue;
        const changes = plan.changes.filter((c) => c.entity === entity && isWrite(c));
        await runStatements(tx, statementsFor(entity, target, changes), hooks.afterStatement);
      }
      const scope = {
        queueId,
        accountId: row.accountId,
        mode: snapshot.mode,
        ...plan.live,
        pairsUnique: header.enrollmentPairsUnique === true,
      };
      await applyEnrollments(tx, scope, hooks.afterStatement);
      const revoked = await revokeDisabledSessions(tx, row.accountId);
      const item = await updateQueueItem(tx, queueId, { status: 'processed', processedAt: new Date() });
      return { item, revoked };
    });
    for (const r of done.revoked) endSessions(deps, r.userId, [r.sessionId]);
    publishQueueChange(deps, done.item);
  } catch (err) {
    await failQueueItem(deps, queueId, err);
  }
}
