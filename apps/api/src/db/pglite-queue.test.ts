import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { BatchQueue } from './pglite-queue';

// A fake backend that records the order messages reach it; 'B' (BEGIN) and 'C' (COMMIT) as simple queries toggle
// the transaction flag, a message starting with '!' fails.
function fakeDb() {
  const seen: string[] = [];
  let inTx = false;
  const db = {
    runExclusive: <T>(fn: () => Promise<T>) => fn(),
    execProtocolRawStream: async (msg: Uint8Array, { onRawData }: { onRawData: (d: Uint8Array) => void }) => {
      const text = new TextDecoder().decode(msg);
      await new Promise((r) => setTimeout(r, 1));
      seen.push(text);
      if (text.startsWith('!')) throw new Error('backend error');
      if (text === 'QBEGIN') inTx = true;
      if (text === 'QCOMMIT') inTx = false;
      onRawData(new Uint8Array([1]));
    },
    isInTransaction: () => inTx,
    exec: async (sql: string) => {
      seen.push(`exec ${sql}`);
      inTx = false;
    },
  };
  return { db: db as unknown as PGlite, seen };
}
const m = (s: string) => new TextEncoder().encode(s);
const noop = () => undefined;

describe('BatchQueue', () => {
  it('runs one connection’s batch to its Sync before another connection’s messages', async () => {
    const { db, seen } = fakeDb();
    const q = new BatchQueue(db);
    // arrival order interleaves two connections: A-Parse, B-Parse, A-Bind, B-Bind, A-Sync, B-Sync
    await Promise.all([
      q.enqueue(1, m('P a'), noop),
      q.enqueue(2, m('P b'), noop),
      q.enqueue(1, m('B a'), noop),
      q.enqueue(2, m('B b'), noop),
      q.enqueue(1, m('S a'), noop),
      q.enqueue(2, m('S b'), noop),
    ]);
    expect(seen).toEqual(['P a', 'B a', 'S a', 'P b', 'B b', 'S b']);
  });

  it('keeps a connection pinned while its transaction is open', async () => {
    const { db, seen } = fakeDb();
    const q = new BatchQueue(db);
    await q.enqueue(1, m('QBEGIN'), noop);
    const other = q.enqueue(2, m('Qselect 2'), noop);
    await q.enqueue(1, m('Qinsert'), noop);
    await q.enqueue(1, m('QCOMMIT'), noop);
    await other;
    expect(seen).toEqual(['QBEGIN', 'Qinsert', 'QCOMMIT', 'Qselect 2']);
  });

  it('reports a failure to its connection and goes on with the others', async () => {
    const { db, seen } = fakeDb();
    const q = new BatchQueue(db);
    const failing = q.enqueue(1, m('!boom'), noop);
    const fine = q.enqueue(2, m('Qok'), noop);
    await expect(failing).rejects.toThrow('backend error');
    await expect(fine).resolves.toBe(1);
    expect(seen).toEqual(['!boom', 'Qok']);
  });

  it('rolls back and releases the backend when the owning connection leaves mid-transaction', async () => {
    const { db, seen } = fakeDb();
    const q = new BatchQueue(db);
    await q.enqueue(1, m('QBEGIN'), noop);
    const waiting = q.enqueue(2, m('Qselect'), noop);
    q.clearQueueForHandler(1);
    await q.clearTransactionIfNeeded(1);
    await waiting;
    expect(seen).toEqual(['QBEGIN', 'exec ROLLBACK', 'Qselect']);
  });
});
