import Dexie, { type EntityTable } from 'dexie';
import type { PendingEntry, PendingKind } from './save-rules';

// Answers and widget states the server has not acknowledged, kept in IndexedDB (Dexie) so a reload, a crash or a
// lost connection never loses them. An entry leaves only when the server acknowledged its revision or a newer one.

/** Where the queue keeps its entries; the player uses IndexedDB, tests may pass another. */
export interface PendingStore {
  put(entry: PendingEntry): Promise<void>;
  list(attemptId: number): Promise<PendingEntry[]>;
  /** Deletes the entry when the one stored is at or below `revision` (a newer change stays). */
  removeIfAcknowledged(attemptId: number, kind: PendingKind, key: string, revision: number): Promise<void>;
  /** Marks the entry refused, when it is still that revision. */
  markRejected(entry: PendingEntry, rejected: NonNullable<PendingEntry['rejected']>): Promise<void>;
  remove(entries: readonly PendingEntry[]): Promise<void>;
}

type Row = PendingEntry & { id: string };

const DB_NAME = 'aula-student-work';
const idOf = (attemptId: number, kind: PendingKind, key: string) => `${attemptId}:${kind}:${key}`;

class WorkDatabase extends Dexie {
  pending!: EntityTable<Row, 'id'>;
  constructor() {
    super(DB_NAME);
    this.version(1).stores({ pending: 'id, attemptId' });
  }
}

let db: WorkDatabase | undefined;
const open = () => (db ??= new WorkDatabase());

/** The IndexedDB store of the student app (one database per browser profile). */
export const indexedDbStore: PendingStore = {
  async put(entry) {
    await open().pending.put({ ...entry, id: idOf(entry.attemptId, entry.kind, entry.key) });
  },
  async list(attemptId) {
    const rows = await open().pending.where('attemptId').equals(attemptId).toArray();
    return rows.map(({ id: _id, ...entry }) => entry);
  },
  async removeIfAcknowledged(attemptId, kind, key, revision) {
    const table = open().pending;
    await open().transaction('rw', table, async () => {
      const id = idOf(attemptId, kind, key);
      const row = await table.get(id);
      if (row && row.revision <= revision) await table.delete(id);
    });
  },
  async markRejected(entry, rejected) {
    const table = open().pending;
    await open().transaction('rw', table, async () => {
      const id = idOf(entry.attemptId, entry.kind, entry.key);
      const row = await table.get(id);
      if (row && row.revision === entry.revision) await table.put({ ...row, rejected });
    });
  },
  async remove(entries) {
    await open().pending.bulkDelete(entries.map((e) => idOf(e.attemptId, e.kind, e.key)));
  },
};

/** An in-memory store: when IndexedDB cannot be opened (a private window of some browsers) the queue still works. */
export function memoryStore(): PendingStore {
  const rows = new Map<string, PendingEntry>();
  return {
    async put(entry) {
      rows.set(idOf(entry.attemptId, entry.kind, entry.key), { ...entry });
    },
    async list(attemptId) {
      return [...rows.values()].filter((e) => e.attemptId === attemptId).map((e) => ({ ...e }));
    },
    async removeIfAcknowledged(attemptId, kind, key, revision) {
      const id = idOf(attemptId, kind, key);
      const row = rows.get(id);
      if (row && row.revision <= revision) rows.delete(id);
    },
    async markRejected(entry, rejected) {
      const id = idOf(entry.attemptId, entry.kind, entry.key);
      const row = rows.get(id);
      if (row && row.revision === entry.revision) rows.set(id, { ...row, rejected });
    },
    async remove(entries) {
      for (const e of entries) rows.delete(idOf(e.attemptId, e.kind, e.key));
    },
  };
}

/** IndexedDB when this browser can open it, else memory (and the player says answers are not kept on the device). */
export async function openPendingStore(): Promise<{ store: PendingStore; durable: boolean }> {
  try {
    await open().open();
    return { store: indexedDbStore, durable: true };
  } catch {
    return { store: memoryStore(), durable: false };
  }
}

/** The attempts with changes still on this device (sent from the home page when the player was left early). */
export async function pendingAttemptIds(): Promise<number[]> {
  const keys = await open().pending.orderBy('attemptId').uniqueKeys();
  return keys.map(Number);
}
