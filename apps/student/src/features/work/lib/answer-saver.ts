import { ANSWER_SAVE_DEBOUNCE_MS, SAVE_BATCH_MAX } from '@aula/domain/attempts';
import type { PendingStore } from './local-answers';
import {
  buildBatches,
  classifyFailure,
  highestRevision,
  isAcknowledged,
  mergeLocalOverServer,
  nextRevision,
  retryDelayMs,
  type PendingEntry,
  type PendingKind,
  type SaveState,
  type ServerEntry,
} from './save-rules';

// The save queue of one attempt (docs/student-work.md). Every change goes to the store (IndexedDB) first, then to
// the server debounced per question, in batches; it leaves the store only once the server acknowledged that
// revision. Failures are retried with backoff, and at once when the browser comes back online or the page regains
// focus; refusals (409, 422) are shown and kept, not retried.

export type SendResult =
  | { ok: true; saved: { key: string; revision: number }[] }
  | { ok: false; status: number | undefined; message?: string | undefined; retryAfterMs?: number | undefined };

export interface SaveTransport {
  send(kind: PendingKind, attemptId: number, entries: readonly PendingEntry[]): Promise<SendResult>;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface AnswerSaverOptions {
  attemptId: number;
  store: PendingStore;
  transport: SaveTransport;
  debounceMs?: number;
  batchMax?: number;
  timers?: Timers;
  random?: () => number;
  /** navigator.onLine where there is one */
  isOnline?: () => boolean;
  /** the revision counter of this device, shared by every attempt (persisted by the caller) */
  revisions?: { read(): number; write(value: number): void };
}

export type FlushResult = { ok: true } | { ok: false; reason: 'offline' | 'unreachable' | 'rejected' | 'session' };

const keyOf = (kind: PendingKind, key: string) => `${kind}:${key}`;

export class AnswerSaver {
  private readonly opts: Required<Omit<AnswerSaverOptions, 'revisions'>> & Pick<AnswerSaverOptions, 'revisions'>;
  /** the newest unacknowledged change per kind and key */
  private readonly latest = new Map<string, PendingEntry>();
  /** keys whose debounce has run out: they go in the next batch */
  private readonly due = new Set<string>();
  /** keys a refused batch held: sent one at a time to find the refused one and save the rest */
  private readonly singles = new Set<string>();
  private readonly debounces = new Map<string, unknown>();
  private retryTimer: unknown = null;
  private soon: unknown = null;
  private failures = 0;
  private inFlight: Promise<void> | null = null;
  private connection: SaveState['connection'] = 'ok';
  private stopped = false;
  private sessionEnded = false;
  private lastRevision = 0;
  /** store writes, one after another, so an acknowledgement never overtakes the write it acknowledges */
  private writes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(state: SaveState) => void>();

  constructor(options: AnswerSaverOptions) {
    this.opts = {
      debounceMs: ANSWER_SAVE_DEBOUNCE_MS,
      batchMax: SAVE_BATCH_MAX,
      timers: {
        setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
        clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
        now: () => Date.now(),
      },
      random: Math.random,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
      ...options,
    };
    this.lastRevision = options.revisions?.read() ?? 0;
    if (!this.opts.isOnline()) this.connection = 'offline';
  }

  /**
   * Opens the attempt: this device's pending changes newer than the server's are applied over them (returned by
   * kind and key) and sent again; older ones are dropped from the store.
   */
  async open(server: { answers: ServerEntry[]; states: ServerEntry[] }): Promise<{
    answers: Map<string, unknown>;
    states: Map<string, unknown>;
  }> {
    const local = await this.opts.store.list(this.opts.attemptId);
    const pick = (kind: PendingKind, entries: ServerEntry[]) =>
      mergeLocalOverServer(
        entries,
        local.filter((e) => e.kind === kind),
      );
    const answers = pick('answer', server.answers);
    const states = pick('state', server.states);
    this.seedRevision(highestRevision(server.answers, server.states, local));
    await this.opts.store.remove([...answers.drop, ...states.drop]);
    for (const entry of [...answers.resend, ...states.resend]) {
      const k = keyOf(entry.kind, entry.key);
      this.latest.set(k, entry);
      this.due.add(k);
    }
    this.emit();
    if (this.due.size > 0) void this.flush();
    return { answers: answers.values, states: states.values };
  }

  /** A change by the student: stored on the device now, sent once they stop changing this value for a moment. */
  change(kind: PendingKind, key: string, value: unknown): void {
    if (this.stopped) return;
    const revision = nextRevision(this.lastRevision, this.opts.timers.now());
    this.seedRevision(revision);
    const entry: PendingEntry = { attemptId: this.opts.attemptId, kind, key, value, revision };
    const k = keyOf(kind, key);
    this.latest.set(k, entry);
    this.due.delete(k);
    this.enqueueWrite(() => this.opts.store.put(entry));
    const previous = this.debounces.get(k);
    if (previous !== undefined) this.opts.timers.clearTimeout(previous);
    this.debounces.set(
      k,
      this.opts.timers.setTimeout(() => {
        this.debounces.delete(k);
        this.due.add(k);
        this.flushSoon();
      }, this.opts.debounceMs),
    );
    this.emit();
  }

  /** Sends now what waits for a retry (the browser came back online, the page regained focus). */
  retryNow(): void {
    if (this.stopped) return;
    if (this.opts.isOnline() && this.connection === 'offline') this.connection = 'unreachable';
    if (this.retryTimer !== null) {
      this.opts.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    void this.flush();
  }

  /** The browser says it went offline. */
  markOffline(): void {
    this.connection = 'offline';
    this.emit();
  }

  /**
   * Sends everything now (moving on to a section, submitting): resolves once nothing is pending, or with why not
   * when a send fails.
   */
  async flushAll(): Promise<FlushResult> {
    if (this.retryTimer !== null) {
      this.opts.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    for (;;) {
      // every change so far is due now, including those made while the last batch was in flight
      for (const [k, handle] of this.debounces) {
        this.opts.timers.clearTimeout(handle);
        this.due.add(k);
      }
      this.debounces.clear();
      for (const [k, e] of this.latest) if (!e.rejected) this.due.add(k);
      await this.flush();
      await this.writes;
      if (this.rejected().length > 0) return { ok: false, reason: 'rejected' };
      if (this.sessionEnded) return { ok: false, reason: 'session' };
      if (this.stopped) return { ok: false, reason: 'unreachable' };
      if (this.pendingCount() === 0) return { ok: true };
      if (this.retryTimer !== null) {
        return { ok: false, reason: this.connection === 'offline' ? 'offline' : 'unreachable' };
      }
    }
  }

  subscribe(listener: (state: SaveState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state());
    return () => this.listeners.delete(listener);
  }

  state(): SaveState {
    return { pending: this.pendingCount(), rejected: this.rejected(), connection: this.connection };
  }

  /** Resolves when the store holds every change made so far (tests, and before leaving the page). */
  settled(): Promise<void> {
    return this.writes;
  }

  /** Stops timers; what is pending stays in the store for the next time this attempt is opened. */
  stop(): void {
    this.stopped = true;
    for (const handle of this.debounces.values()) this.opts.timers.clearTimeout(handle);
    this.debounces.clear();
    if (this.retryTimer !== null) this.opts.timers.clearTimeout(this.retryTimer);
    if (this.soon !== null) this.opts.timers.clearTimeout(this.soon);
    this.retryTimer = null;
    this.soon = null;
    this.listeners.clear();
  }

  // ---------------------------------------------------------------------------------------------------------------

  private seedRevision(revision: number) {
    if (revision <= this.lastRevision) return;
    this.lastRevision = revision;
    this.opts.revisions?.write(revision);
  }

  private enqueueWrite(write: () => Promise<void>) {
    this.writes = this.writes.then(write).catch((error: unknown) => {
      // the value stays in memory and is still sent; only a reload before it reaches the server could lose it
      console.error('could not keep an answer on this device', error);
    });
  }

  private pendingCount(): number {
    let n = 0;
    for (const e of this.latest.values()) if (!e.rejected) n += 1;
    return n;
  }

  private rejected(): SaveState['rejected'] {
    return [...this.latest.values()]
      .filter((e) => e.rejected)
      .map((e) => ({ kind: e.kind, key: e.key, message: e.rejected?.message ?? '' }));
  }

  private emit() {
    const state = this.state();
    for (const l of this.listeners) l(state);
  }

  /** Flushes after the other debounces running out at the same moment, so they share one batch. */
  private flushSoon() {
    if (this.soon !== null) return;
    this.soon = this.opts.timers.setTimeout(() => {
      this.soon = null;
      void this.flush();
    }, 0);
  }

  private flush(): Promise<void> {
    if (this.stopped || this.sessionEnded) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    if (this.retryTimer !== null) return Promise.resolve();
    const ready = [...this.due]
      .map((k) => this.latest.get(k))
      .filter((e): e is PendingEntry => e !== undefined && !e.rejected);
    if (ready.length === 0) return Promise.resolve();
    const single = ready.find((e) => this.singles.has(keyOf(e.kind, e.key)));
    const batch = single ? [single] : (buildBatches(ready, this.opts.batchMax)[0] ?? []);
    this.inFlight = this.send(batch).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight.then(() => {
      if (this.retryTimer === null && !this.sessionEnded && this.due.size > 0) return this.flush();
    });
  }

  private async send(batch: PendingEntry[]): Promise<void> {
    const kind = batch[0]?.kind ?? 'answer';
    // the device copy is written before the server hears of it
    await this.writes;
    let result: SendResult;
    try {
      result = await this.opts.transport.send(kind, this.opts.attemptId, batch);
    } catch {
      result = { ok: false, status: undefined };
    }
    if (result.ok) {
      this.failures = 0;
      this.connection = 'ok';
      const saved = new Map(result.saved.map((s) => [s.key, s.revision]));
      for (const sent of batch) {
        const k = keyOf(sent.kind, sent.key);
        this.due.delete(k);
        this.singles.delete(k);
        const revision = saved.get(sent.key) ?? sent.revision;
        const current = this.latest.get(k);
        if (isAcknowledged(current, revision)) this.latest.delete(k);
        else if (current && !this.debounces.has(k)) this.due.add(k);
        this.enqueueWrite(() => this.opts.store.removeIfAcknowledged(sent.attemptId, sent.kind, sent.key, revision));
      }
      this.emit();
      return;
    }
    const failure = classifyFailure(result.status);
    if (failure === 'session') {
      // kept on the device; the app signs the student out and the next opening sends it
      this.sessionEnded = true;
      this.emit();
      return;
    }
    if (failure === 'reject') {
      if (batch.length > 1) {
        for (const e of batch) this.singles.add(keyOf(e.kind, e.key));
        return;
      }
      const [entry] = batch;
      if (!entry) return;
      const k = keyOf(entry.kind, entry.key);
      this.due.delete(k);
      this.singles.delete(k);
      const rejected = { status: result.status ?? 0, message: result.message ?? '' };
      const current = this.latest.get(k);
      // a newer change made meanwhile is sent as usual; only this revision is refused
      if (current && current.revision === entry.revision) {
        this.latest.set(k, { ...current, rejected });
        this.enqueueWrite(() => this.opts.store.markRejected(entry, rejected));
      }
      this.emit();
      return;
    }
    this.failures += 1;
    this.connection = this.opts.isOnline() ? 'unreachable' : 'offline';
    this.retryTimer = this.opts.timers.setTimeout(
      () => {
        this.retryTimer = null;
        void this.flush();
      },
      retryDelayMs(this.failures, this.opts.random, result.retryAfterMs),
    );
    this.emit();
  }
}
