import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../lib/deps';

// Events must not reach a browser before the rows they announce are visible (and never for a rolled-back change),
// so services queue them on the transaction and they run once it has committed.
const pending = new WeakMap<object, (() => void)[]>();

/**
 * deps.db.transaction, plus afterCommit(): callbacks queued on `tx` run after a successful commit, in order, and
 * are dropped on rollback. A callback that throws is logged and does not affect the others.
 */
export async function transactionWithEvents<T>(deps: Deps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await deps.db.transaction(async (tx) => {
    pending.set(tx, callbacks);
    try {
      return await fn(tx);
    } finally {
      pending.delete(tx);
    }
  });
  for (const cb of callbacks) {
    try {
      cb();
    } catch (err) {
      deps.log.error({ err }, 'after-commit callback failed');
    }
  }
  return result;
}

/**
 * Runs `cb` once `tx` has committed. Outside a transaction (the root handle, autocommit) it runs at once. A
 * transaction opened with plain db.transaction cannot be followed, so that is a programming error, not a silent drop.
 */
export function afterCommit(deps: Deps, tx: DbOrTx, cb: () => void): void {
  if (tx === deps.db) {
    cb();
    return;
  }
  const list = pending.get(tx);
  if (!list) throw new Error('afterCommit: open the transaction with transactionWithEvents()');
  list.push(cb);
}
