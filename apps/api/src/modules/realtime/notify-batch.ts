import type pg from 'pg';

// The Socket.IO postgres adapter publishes every event with its own `SELECT pg_notify($1, $2)`: one pool checkout and
// one round trip per event, which on the exam-start path is one of a save's two round trips (docs/performance.md).
// notifyBatchingPool hands the adapter a pool whose pg_notify calls are sent together: the events published while
// the previous batch is on its way go in one statement, in the order they were published. Under a trickle each event
// still goes at once (alone); under a rush one round trip carries many.
//
// NOTIFY's own rule applies to a batch as to any transaction: two events with the same channel and an identical
// payload in one batch are delivered once. The adapter's events are idempotent where they can repeat (a cache
// eviction, a disconnect), and a progress event carries the save's time.

/** The adapter's publish statement (@socket.io/postgres-adapter 0.5, PubSubClient.publish). */
export const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';
/** Most events one statement carries. */
export const NOTIFY_BATCH_MAX = 200;
const BATCH_NOTIFY =
  'select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)';

interface Pending {
  channel: string;
  payload: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface NotifyBatcher {
  notify(channel: string, payload: string): Promise<void>;
  /** statements sent so far (tests) */
  readonly statements: number;
}

/** Sends queued notifications through `run`, one statement per batch, one batch at a time. */
export function createNotifyBatcher(run: (text: string, values: unknown[]) => Promise<unknown>): NotifyBatcher {
  let queue: Pending[] = [];
  let sending = false;
  let statements = 0;

  const flush = async (): Promise<void> => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, NOTIFY_BATCH_MAX);
      queue = queue.slice(batch.length);
      statements += 1;
      try {
        if (batch.length === 1) await run(ADAPTER_NOTIFY, [batch[0]!.channel, batch[0]!.payload]);
        else await run(BATCH_NOTIFY, [batch.map((p) => p.channel), batch.map((p) => p.payload)]);
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    sending = false;
  };

  return {
    notify(channel, payload) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ channel, payload, resolve, reject });
        // the first event of a quiet moment goes after this tick's other events have joined it
        if (!sending) {
          sending = true;
          setImmediate(() => void flush());
        }
      });
    },
    get statements() {
      return statements;
    },
  };
}

/**
 * The pool for the adapter: its pg_notify calls go through a batcher, everything else (LISTEN's client, the
 * attachments table) to the pool itself.
 */
export function notifyBatchingPool(pool: pg.Pool): pg.Pool {
  const batcher = createNotifyBatcher((text, values) => pool.query(text, values));
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (text: unknown, values?: unknown) => {
          if (text === ADAPTER_NOTIFY && Array.isArray(values) && values.length === 2)
            return batcher.notify(String(values[0]), String(values[1])).then(() => ({ rows: [], rowCount: 1 }));
          return (target.query as (...args: unknown[]) => unknown)(text, values);
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
