import { backoffDelayMs } from '@aula/web/lib/backoff.ts';

// The pure rules of the student's save queue (docs/student-work.md): revisions, what a reopened attempt takes from
// this device, batches, retries and the status line. The queue itself (answer-saver.ts) only wires these to
// IndexedDB, timers and the API.

/** What is queued: a question's answer, or a widget's state entry (000 section 3: screen state entries). */
export type PendingKind = 'answer' | 'state';

/** One change on this device that the server has not acknowledged yet. */
export interface PendingEntry {
  attemptId: number;
  kind: PendingKind;
  /** the question id (answers) or the content item id (states), as text */
  key: string;
  /** the answer's wire value, or the state value */
  value: unknown;
  /** grows with every change on this device; the server keeps the greatest it was sent */
  revision: number;
  /** the server refused this revision for good (409, 422, ...): shown, not retried until the student changes it */
  rejected?: { status: number; message: string } | undefined;
}

/** A value as the server holds it. */
export interface ServerEntry {
  key: string;
  revision: number;
  value: unknown;
}

/**
 * The next revision: the clock in milliseconds, but always past the last one used here or seen from the server,
 * so it only grows even when the clock goes back or another device's clock ran ahead.
 */
export function nextRevision(last: number, now: number): number {
  return Math.max(Math.floor(now), Math.floor(last) + 1);
}

/**
 * Opening an attempt: this device's pending changes that are newer than the server's revision are applied over the
 * server's values and sent again; older or equal ones already reached the server (or were overtaken) and are dropped.
 */
export function mergeLocalOverServer(
  server: readonly ServerEntry[],
  local: readonly PendingEntry[],
): { values: Map<string, unknown>; resend: PendingEntry[]; drop: PendingEntry[] } {
  const values = new Map(server.map((s) => [s.key, s.value]));
  const serverRevision = new Map(server.map((s) => [s.key, s.revision]));
  const resend: PendingEntry[] = [];
  const drop: PendingEntry[] = [];
  for (const entry of local) {
    if (entry.revision > (serverRevision.get(entry.key) ?? -1)) {
      values.set(entry.key, entry.value);
      // a refusal is tried once more on opening: what refused it (a locked section, a limit) may have changed
      resend.push({ ...entry, rejected: undefined });
    } else {
      drop.push(entry);
    }
  }
  return { values, resend, drop };
}

/** The greatest revision among server values and local entries (seeds the revision counter). */
export function highestRevision(...lists: readonly (readonly { revision: number }[])[]): number {
  let high = 0;
  for (const list of lists) for (const e of list) high = Math.max(high, e.revision);
  return high;
}

/** The entries to send next, in batches of at most `max`, answers and states apart (they go to two calls). */
export function buildBatches(entries: readonly PendingEntry[], max: number): PendingEntry[][] {
  const batches: PendingEntry[][] = [];
  for (const kind of ['answer', 'state'] as const) {
    const of = entries.filter((e) => e.kind === kind && !e.rejected);
    for (let i = 0; i < of.length; i += max) batches.push(of.slice(i, i + max));
  }
  return batches;
}

/** Whether an acknowledged revision settles this device's entry (only then may it leave IndexedDB). */
export function isAcknowledged(entry: Pick<PendingEntry, 'revision'> | undefined, savedRevision: number): boolean {
  return entry !== undefined && entry.revision <= savedRevision;
}

/**
 * The wait before the n-th retry (1-based) of a failed save: the shared jittered back-off (first retry within 1 s,
 * the window doubling up to 30 s) so a class coming back online is spread out, and never before the server's
 * Retry-After when it shed the save under load.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random, retryAfterMs?: number): number {
  return backoffDelayMs(failures - 1, { random, retryAfterMs });
}

/**
 * What a failed save means. `retry`: no answer or a passing trouble (network, 408, 429, 5xx) - kept and sent again;
 * `session`: the session ended (401) - kept on the device and sent after the next sign-in; `reject`: the server
 * refused these values (409 a locked section or a submitted attempt, 422, 404, 403, 413) - shown, not retried.
 */
export type FailureKind = 'retry' | 'session' | 'reject';

export function classifyFailure(status: number | undefined): FailureKind {
  if (status === undefined || status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 401) return 'session';
  return 'reject';
}

/** The status line under the player's title. */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'unreachable' | 'rejected';

export interface SaveState {
  /** changes not yet acknowledged (rejected ones excluded) */
  pending: number;
  /** refused changes, with the server's message */
  rejected: { kind: PendingKind; key: string; message: string }[];
  /** the last send failed without an answer from the server, or the browser says it is offline */
  connection: 'ok' | 'offline' | 'unreachable';
}

export function saveStatusOf(state: SaveState): SaveStatus {
  if (state.rejected.length > 0) return 'rejected';
  if (state.connection === 'offline') return 'offline';
  if (state.pending > 0) return state.connection === 'unreachable' ? 'unreachable' : 'saving';
  return 'saved';
}
