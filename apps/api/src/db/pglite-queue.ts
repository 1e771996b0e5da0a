import type { PGlite } from '@electric-sql/pglite';

interface Item {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

// Frontend message types that end a batch: after them the backend answers ReadyForQuery.
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

function endsBatch(message: Uint8Array): boolean {
  const type = message[0] ?? 0;
  // a startup message has no type byte (it starts with its length) and is answered in full
  return type === SYNC || type === QUERY || type === TERMINATE || type < 0x41;
}

/**
 * Schedules the protocol messages of every socket connection onto the single PGlite backend.
 *
 * pglite-socket's own queue pins a connection only while a transaction is open, so two connections' extended-query
 * batches (Parse/Bind/Execute/Sync) interleave and one overwrites the other's unnamed statement ('unnamed prepared
 * statement does not exist', or worse, wrong rows), and one failed message stops its queue for good (upstream
 * pglite issue 1046). Here a connection owns the backend from its first message until its batch ends with no
 * transaction open; a failure is reported to that connection and the queue goes on.
 */
export class BatchQueue {
  private readonly queue: Item[] = [];
  private processing = false;
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): Item | undefined {
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((q) => q.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        this.owner = item.handlerId;
        let bytes = 0;
        const current = item;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          current.resolve(bytes);
        } catch (err) {
          current.reject(err);
        }
        if (endsBatch(current.message) && !this.db.isInTransaction()) this.owner = null;
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const item = this.queue[i]!;
      if (item.handlerId === handlerId) {
        this.queue.splice(i, 1);
        item.reject(new Error('Handler disconnected'));
      }
    }
  }

  /** A connection went away: roll back what it left open and let the others in. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => undefined);
    this.owner = null;
    await this.process();
  }
}
