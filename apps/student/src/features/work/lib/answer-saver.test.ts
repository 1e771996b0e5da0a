import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AnswerSaver, type SendResult } from './answer-saver';
import { indexedDbStore, memoryStore, type PendingStore } from './local-answers';
import type { PendingEntry, PendingKind } from './save-rules';

/** Timers the test moves by hand, and a clock. */
function manualTimers(start = 1_000_000) {
  let now = start;
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      seq += 1;
      due.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h: unknown) => void due.delete(h as number),
    now: () => now,
    pending: () => due.size,
    async advance(ms: number) {
      now += ms;
      // timers due by now fire in order, including those they set (a 0 ms flush), with the promises between
      for (;;) {
        const ready = [...due].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at);
        if (ready.length === 0) break;
        for (const [id, t] of ready) {
          if (!due.has(id)) continue;
          due.delete(id);
          t.fn();
        }
        await settle();
      }
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

interface Call {
  kind: PendingKind;
  entries: { key: string; revision: number; value: unknown }[];
}

/** A server that answers as the test says (default: saves everything). */
function fakeServer() {
  const calls: Call[] = [];
  const held = new Map<string, { revision: number; value: unknown }>();
  let next: ((call: Call) => SendResult | 'throw') | null = null;
  return {
    calls,
    held,
    answerWith(fn: ((call: Call) => SendResult | 'throw') | null) {
      next = fn;
    },
    transport: {
      async send(kind: PendingKind, _attemptId: number, entries: readonly PendingEntry[]): Promise<SendResult> {
        const call = { kind, entries: entries.map((e) => ({ key: e.key, revision: e.revision, value: e.value })) };
        calls.push(call);
        const answer = next?.(call);
        if (answer === 'throw') throw new TypeError('Failed to fetch');
        if (answer) return answer;
        for (const e of call.entries) {
          const h = held.get(e.key);
          if (!h || h.revision < e.revision) held.set(e.key, { revision: e.revision, value: e.value });
        }
        return { ok: true, saved: call.entries.map((e) => ({ key: e.key, revision: held.get(e.key)!.revision })) };
      },
    },
  };
}

function makeSaver(store: PendingStore, server = fakeServer(), online = { value: true }) {
  const timers = manualTimers();
  const saver = new AnswerSaver({
    attemptId: 7,
    store,
    transport: server.transport,
    timers,
    debounceMs: 800,
    batchMax: 3,
    // the longest wait of each back-off window (1 s, 2 s, 4 s ...)
    random: () => 1,
    isOnline: () => online.value,
  });
  return { saver, timers, server, online };
}

describe('the save queue', () => {
  it('keeps a change on the device at once, sends it once the student pauses, then lets it go', async () => {
    const store = memoryStore();
    const { saver, timers, server } = makeSaver(store);
    await saver.open({ answers: [], states: [] });
    saver.change('answer', '1', { t: 'H' });
    saver.change('answer', '1', { t: 'He' });
    await saver.settled();
    expect((await store.list(7)).map((e) => e.value)).toEqual([{ t: 'He' }]);
    expect(saver.state().pending).toBe(1);

    await timers.advance(799);
    expect(server.calls).toHaveLength(0);
    await timers.advance(1);
    expect(server.calls).toEqual([
      { kind: 'answer', entries: [expect.objectContaining({ key: '1', value: { t: 'He' } })] },
    ]);
    await saver.settled();
    expect(await store.list(7)).toEqual([]);
    expect(saver.state()).toEqual({ pending: 0, rejected: [], connection: 'ok' });
  });

  it('debounces per question and sends what is due together in batches', async () => {
    const { saver, timers, server } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    for (const q of ['1', '2', '3', '4']) saver.change('answer', q, q);
    saver.change('state', 'tuva-1', { plot: 1 });
    await timers.advance(800);
    expect(server.calls.map((c) => [c.kind, c.entries.map((e) => e.key)])).toEqual([
      ['answer', ['1', '2', '3']],
      ['answer', ['4']],
      ['state', ['tuva-1']],
    ]);
  });

  it('keeps a change made while its save was in flight and sends it after', async () => {
    const { saver, timers, server } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    let release: (() => void) | undefined;
    const original = server.transport.send.bind(server.transport);
    server.transport.send = async (...args) => {
      await new Promise<void>((r) => (release = r));
      return original(...args);
    };
    saver.change('answer', '1', 'first');
    await timers.advance(800);
    saver.change('answer', '1', 'second');
    release?.();
    await settle();
    expect(saver.state().pending).toBe(1);
    await timers.advance(800);
    release?.();
    await settle();
    expect(server.held.get('1')?.value).toBe('second');
    expect(saver.state().pending).toBe(0);
  });

  it('retries with backoff while the server cannot be reached, and at once when asked', async () => {
    const { saver, timers, server, online } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    server.answerWith(() => 'throw');
    online.value = false;
    saver.change('answer', '1', 'typed offline');
    await timers.advance(800);
    expect(server.calls).toHaveLength(1);
    expect(saver.state().connection).toBe('offline');
    await timers.advance(999);
    expect(server.calls).toHaveLength(1);
    await timers.advance(1);
    expect(server.calls).toHaveLength(2);
    // next wait is 2 s; the browser comes back online before that
    server.answerWith(null);
    online.value = true;
    saver.retryNow();
    await settle();
    expect(server.calls).toHaveLength(3);
    expect(server.held.get('1')?.value).toBe('typed offline');
    expect(saver.state()).toEqual({ pending: 0, rejected: [], connection: 'ok' });
  });

  it('retries a 5xx as a passing trouble', async () => {
    const { saver, timers, server } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    server.answerWith(() => ({ ok: false, status: 503 }));
    saver.change('answer', '1', 'x');
    await timers.advance(800);
    expect(saver.state().connection).toBe('unreachable');
    server.answerWith(null);
    await timers.advance(1_000);
    expect(server.held.get('1')?.value).toBe('x');
  });

  it('waits for the Retry-After of a save the server shed under load, then its jittered back-off', async () => {
    const { saver, timers, server } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    server.answerWith(() => ({ ok: false, status: 503, retryAfterMs: 5_000 }));
    saver.change('answer', '1', 'x');
    await timers.advance(800);
    expect(server.calls).toHaveLength(1);
    expect(saver.state().connection).toBe('unreachable');
    server.answerWith(null);
    // 5 s asked by the server + at most the first window (1 s): not at the plain back-off's 1 s
    await timers.advance(5_999);
    expect(server.calls).toHaveLength(1);
    await timers.advance(1);
    expect(server.calls).toHaveLength(2);
    expect(server.held.get('1')?.value).toBe('x');
    expect(saver.state().connection).toBe('ok');
  });

  it('shows a refused answer, keeps it on the device and saves the rest of its batch', async () => {
    const store = memoryStore();
    const { saver, timers, server } = makeSaver(store);
    await saver.open({ answers: [], states: [] });
    server.answerWith((call) =>
      call.entries.some((e) => e.key === '2') ? { ok: false, status: 409, message: 'This section is locked.' } : null!,
    );
    for (const q of ['1', '2', '3']) saver.change('answer', q, q);
    await timers.advance(800);
    expect([...server.held.keys()].sort()).toEqual(['1', '3']);
    expect(saver.state().rejected).toEqual([{ kind: 'answer', key: '2', message: 'This section is locked.' }]);
    const kept = await store.list(7);
    expect(kept).toEqual([
      expect.objectContaining({ key: '2', rejected: { status: 409, message: 'This section is locked.' } }),
    ]);
    // not retried forever
    const sent = server.calls.length;
    await timers.advance(60_000);
    expect(server.calls.length).toBe(sent);
    // a new change to it is sent again
    server.answerWith(null);
    saver.change('answer', '2', 'changed');
    await timers.advance(800);
    expect(server.held.get('2')?.value).toBe('changed');
    expect(saver.state().rejected).toEqual([]);
  });

  it('stops on a 401 and keeps the answer for the next sign-in', async () => {
    const store = memoryStore();
    const { saver, timers, server } = makeSaver(store);
    await saver.open({ answers: [], states: [] });
    server.answerWith(() => ({ ok: false, status: 401 }));
    saver.change('answer', '1', 'x');
    await timers.advance(800);
    await timers.advance(60_000);
    expect(server.calls).toHaveLength(1);
    expect(await store.list(7)).toHaveLength(1);
  });

  it('flushes everything at once before moving on, and says why it could not', async () => {
    const { saver, server } = makeSaver(memoryStore());
    await saver.open({ answers: [], states: [] });
    saver.change('answer', '1', 'a');
    saver.change('answer', '2', 'b');
    expect(await saver.flushAll()).toEqual({ ok: true });
    expect(server.held.size).toBe(2);
    server.answerWith(() => 'throw');
    saver.change('answer', '1', 'c');
    expect(await saver.flushAll()).toEqual({ ok: false, reason: 'unreachable' });
    server.answerWith(() => ({ ok: false, status: 422, message: 'too long' }));
    expect(await saver.flushAll()).toEqual({ ok: false, reason: 'rejected' });
  });

  it("on opening, applies this device's newer answers over the server's and sends them; drops older ones", async () => {
    const store = memoryStore();
    await store.put({ attemptId: 7, kind: 'answer', key: '1', value: 'local newer', revision: 500 });
    await store.put({ attemptId: 7, kind: 'answer', key: '2', value: 'local older', revision: 100 });
    await store.put({ attemptId: 8, kind: 'answer', key: '1', value: 'another attempt', revision: 900 });
    const { saver, server } = makeSaver(store);
    const opened = await saver.open({
      answers: [
        { key: '1', revision: 400, value: 'server older' },
        { key: '2', revision: 200, value: 'server newer' },
      ],
      states: [],
    });
    expect(opened.answers.get('1')).toBe('local newer');
    expect(opened.answers.get('2')).toBe('server newer');
    await settle();
    await saver.settled();
    expect(server.calls.map((c) => c.entries.map((e) => [e.key, e.revision]))).toEqual([[['1', 500]]]);
    expect(await store.list(7)).toEqual([]);
    expect(await store.list(8)).toHaveLength(1);
    // the next change is numbered past everything seen
    saver.change('answer', '3', 'x');
    expect(saver.state().pending).toBe(1);
  });
});

describe('the IndexedDB store', () => {
  it('keeps entries per attempt and removes one only when its revision was acknowledged', async () => {
    const base = { attemptId: 41, kind: 'answer' as const, key: '5', value: { options: [1] } };
    await indexedDbStore.put({ ...base, revision: 10 });
    await indexedDbStore.put({ ...base, key: '6', revision: 11 });
    await indexedDbStore.removeIfAcknowledged(41, 'answer', '5', 9);
    expect((await indexedDbStore.list(41)).map((e) => e.key).sort()).toEqual(['5', '6']);
    await indexedDbStore.markRejected({ ...base, revision: 10 }, { status: 409, message: 'locked' });
    expect((await indexedDbStore.list(41)).find((e) => e.key === '5')?.rejected).toEqual({
      status: 409,
      message: 'locked',
    });
    await indexedDbStore.removeIfAcknowledged(41, 'answer', '5', 10);
    expect((await indexedDbStore.list(41)).map((e) => e.key)).toEqual(['6']);
    expect(await indexedDbStore.list(42)).toEqual([]);
  });

  it('survives the queue: a change is in IndexedDB before it is sent', async () => {
    const server = fakeServer();
    server.answerWith(() => 'throw');
    const { saver, timers } = makeSaver(indexedDbStore, server);
    await saver.open({ answers: [], states: [] });
    saver.change('answer', '77', { text: 'kept' });
    await saver.settled();
    expect(await indexedDbStore.list(7)).toEqual([expect.objectContaining({ key: '77', value: { text: 'kept' } })]);
    await timers.advance(800);
    saver.stop();
    // a new page load finds it and sends it
    const again = makeSaver(indexedDbStore);
    const opened = await again.saver.open({ answers: [], states: [] });
    expect(opened.answers.get('77')).toEqual({ text: 'kept' });
    await settle();
    await again.saver.settled();
    expect(again.server.held.get('77')?.value).toEqual({ text: 'kept' });
    expect(await indexedDbStore.list(7)).toEqual([]);
  });
});
