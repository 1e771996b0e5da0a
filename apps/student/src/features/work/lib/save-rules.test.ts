import { describe, expect, it } from 'vitest';
import {
  buildBatches,
  classifyFailure,
  isAcknowledged,
  mergeLocalOverServer,
  nextRevision,
  retryDelayMs,
  saveStatusOf,
  type PendingEntry,
} from './save-rules';

const entry = (key: string, revision: number, extra: Partial<PendingEntry> = {}): PendingEntry => ({
  attemptId: 7,
  kind: 'answer',
  key,
  value: { text: `v${revision}` },
  revision,
  ...extra,
});

describe('revisions', () => {
  it('follow the clock but only ever grow', () => {
    expect(nextRevision(0, 1_700_000_000_000)).toBe(1_700_000_000_000);
    // the clock went back, or another device's revision was ahead: still past the last one
    expect(nextRevision(1_700_000_000_500, 1_700_000_000_000)).toBe(1_700_000_000_501);
    expect(nextRevision(5, 5)).toBe(6);
  });
});

describe('opening an attempt with answers kept on this device', () => {
  it('applies newer local answers over the server and sends them again; drops the older ones', () => {
    const server = [
      { key: '1', revision: 100, value: 'server one' },
      { key: '2', revision: 300, value: 'server two' },
    ];
    const local = [entry('1', 200), entry('2', 250), entry('3', 50, { rejected: { status: 409, message: 'locked' } })];
    const { values, resend, drop } = mergeLocalOverServer(server, local);
    expect(values.get('1')).toEqual({ text: 'v200' });
    expect(values.get('2')).toBe('server two');
    expect(values.get('3')).toEqual({ text: 'v50' });
    expect(resend.map((e) => e.key)).toEqual(['1', '3']);
    // a refusal is tried once more when the attempt is opened again
    expect(resend[1]?.rejected).toBeUndefined();
    expect(drop.map((e) => e.key)).toEqual(['2']);
  });

  it('drops a local answer the server already holds at the same revision', () => {
    const { resend, drop } = mergeLocalOverServer([{ key: '1', revision: 200, value: 'x' }], [entry('1', 200)]);
    expect(resend).toEqual([]);
    expect(drop).toHaveLength(1);
  });
});

describe('batches', () => {
  it('split answers and states apart, at most max each, and leave refused entries out', () => {
    const answers = Array.from({ length: 5 }, (_, i) => entry(String(i), i + 1));
    const states = [entry('tuva-1', 9, { kind: 'state' })];
    const refused = entry('9', 9, { rejected: { status: 422, message: 'too long' } });
    const batches = buildBatches([...answers, refused, ...states], 2);
    expect(batches.map((b) => b.map((e) => e.key))).toEqual([['0', '1'], ['2', '3'], ['4'], ['tuva-1']]);
  });
});

describe('acknowledgements', () => {
  it('settle an entry only when the server holds its revision or a newer one', () => {
    expect(isAcknowledged(entry('1', 5), 5)).toBe(true);
    expect(isAcknowledged(entry('1', 5), 9)).toBe(true);
    expect(isAcknowledged(entry('1', 6), 5)).toBe(false);
    expect(isAcknowledged(undefined, 5)).toBe(false);
  });
});

describe('retries', () => {
  it('back off within a window from 1 s, doubling, to at most 30 s, never before the Retry-After', () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => retryDelayMs(n, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(0);
    expect(retryDelayMs(3, () => 0.5)).toBe(2_000);
    expect(retryDelayMs(1, () => 0, 5_000)).toBe(5_000);
    expect(retryDelayMs(2, () => 0.5, 5_000)).toBe(6_000);
  });

  it('retry passing trouble, keep on a 401 and show refusals', () => {
    expect([undefined, 0, 408, 429, 500, 502, 503].map(classifyFailure)).toEqual(Array(7).fill('retry'));
    expect(classifyFailure(401)).toBe('session');
    expect([400, 403, 404, 409, 413, 422].map(classifyFailure)).toEqual(Array(6).fill('reject'));
  });
});

describe('the status line', () => {
  const state = { pending: 0, rejected: [], connection: 'ok' as const };
  it('says saved, saving, offline, unreachable or refused', () => {
    expect(saveStatusOf(state)).toBe('saved');
    expect(saveStatusOf({ ...state, pending: 2 })).toBe('saving');
    expect(saveStatusOf({ ...state, pending: 2, connection: 'unreachable' })).toBe('unreachable');
    expect(saveStatusOf({ ...state, connection: 'offline' })).toBe('offline');
    expect(saveStatusOf({ ...state, pending: 1, connection: 'offline' })).toBe('offline');
    const rejected = [{ kind: 'answer' as const, key: '1', message: 'locked' }];
    expect(saveStatusOf({ ...state, pending: 1, connection: 'offline', rejected })).toBe('rejected');
  });
});
