import { describe, expect, it } from 'vitest';
import { ADAPTER_NOTIFY, createNotifyBatcher, NOTIFY_BATCH_MAX, notifyBatchingPool } from './notify-batch';
import type pg from 'pg';

type Call = { text: string; values: unknown[] };

function recorder(fail = false) {
  const calls: Call[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const run = async (text: string, values: unknown[]) => {
    calls.push({ text, values });
    if (hold) await new Promise<void>((r) => (release = r));
    if (fail) throw new Error('database gone');
  };
  return {
    calls,
    run,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('batched pg_notify for the realtime adapter', () => {
  it('sends a lone event as the adapter would, at once', async () => {
    const r = recorder();
    const b = createNotifyBatcher(r.run);
    await b.notify('socket.io#/', '{"a":1}');
    expect(r.calls).toEqual([{ text: ADAPTER_NOTIFY, values: ['socket.io#/', '{"a":1}'] }]);
  });

  it('sends the events of one moment in one statement, in the order they were published', async () => {
    const r = recorder();
    const b = createNotifyBatcher(r.run);
    await Promise.all([b.notify('c1', 'p1'), b.notify('c2', 'p2'), b.notify('c1', 'p3')]);
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]!.text).toMatch(/unnest\(\$1::text\[\], \$2::text\[\]\)/);
    expect(r.calls[0]!.values).toEqual([
      ['c1', 'c2', 'c1'],
      ['p1', 'p2', 'p3'],
    ]);
  });

  it('while a batch is on its way, the next events wait and go together after it', async () => {
    const r = recorder();
    const b = createNotifyBatcher(r.run);
    r.holdNext();
    const first = b.notify('c', '1');
    await new Promise((res) => setImmediate(res));
    expect(r.calls).toHaveLength(1);
    const later = [b.notify('c', '2'), b.notify('c', '3')];
    await new Promise((res) => setImmediate(res));
    expect(r.calls).toHaveLength(1);
    r.release();
    await Promise.all([first, ...later]);
    expect(r.calls.map((c) => c.values)).toEqual([
      ['c', '1'],
      [
        ['c', 'c'],
        ['2', '3'],
      ],
    ]);
  });

  it(`splits a rush into statements of at most ${NOTIFY_BATCH_MAX} events`, async () => {
    const r = recorder();
    const b = createNotifyBatcher(r.run);
    await Promise.all(Array.from({ length: NOTIFY_BATCH_MAX + 5 }, (_, i) => b.notify('c', String(i))));
    expect(r.calls.map((c) => (c.values[0] as string[]).length)).toEqual([NOTIFY_BATCH_MAX, 5]);
    expect((r.calls[1]!.values[1] as string[])[0]).toBe(String(NOTIFY_BATCH_MAX));
  });

  it("a failed statement fails every event of its batch (the adapter's error handler gets each)", async () => {
    const r = recorder(true);
    const b = createNotifyBatcher(r.run);
    const results = await Promise.allSettled([b.notify('c', '1'), b.notify('c', '2')]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
  });

  it("the adapter's pool batches only its pg_notify; other queries and connect go to the pool", async () => {
    const seen: unknown[][] = [];
    const fake = {
      query: async (...args: unknown[]) => {
        seen.push(args);
        return { rows: [{ id: 7 }] };
      },
      connect: async () => 'client',
      totalCount: 3,
    } as unknown as pg.Pool;
    const pool = notifyBatchingPool(fake);
    await Promise.all([pool.query(ADAPTER_NOTIFY, ['c', 'a']), pool.query(ADAPTER_NOTIFY, ['c', 'b'])]);
    const other = await pool.query('SELECT payload FROM t WHERE id = $1', [7]);
    expect(other.rows).toEqual([{ id: 7 }]);
    expect(await pool.connect()).toBe('client');
    expect(pool.totalCount).toBe(3);
    expect(seen).toHaveLength(2);
    expect(seen[0]![1]).toEqual([
      ['c', 'c'],
      ['a', 'b'],
    ]);
    expect(seen[1]).toEqual(['SELECT payload FROM t WHERE id = $1', [7]]);
  });
});
