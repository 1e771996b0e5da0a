import { describe, expect, it } from 'vitest';
import { backoffCapMs, backoffDelayMs, parseRetryAfterMs, RETRY_AFTER_MAX_MS } from './backoff';

describe('backoffDelayMs', () => {
  it('stays within a window of 1 s, doubling per attempt, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => backoffCapMs(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect(backoffDelayMs(attempt, { random: () => 0 })).toBe(0);
      expect(backoffDelayMs(attempt, { random: () => 1 })).toBe(backoffCapMs(attempt));
      const d = backoffDelayMs(attempt);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(backoffCapMs(attempt));
    }
    expect(backoffDelayMs(2, { random: () => 0.5, baseMs: 100, maxMs: 300 })).toBe(150);
  });

  it('spreads 2,000 clients evenly over the window (full jitter)', () => {
    const delays = Array.from({ length: 2000 }, () => backoffDelayMs(4));
    const buckets = Array.from({ length: 8 }, (_, k) => delays.filter((d) => Math.min(7, Math.floor(d / 2000)) === k));
    // 250 per eighth of the 16 s window on average; a herd would fill one
    for (const b of buckets) {
      expect(b.length).toBeGreaterThan(150);
      expect(b.length).toBeLessThan(350);
    }
    expect(new Set(delays).size).toBeGreaterThan(1500);
  });

  it('never retries before the server’s Retry-After, and spreads the retries after it', () => {
    expect(backoffDelayMs(0, { retryAfterMs: 5000, random: () => 0 })).toBe(5000);
    expect(backoffDelayMs(0, { retryAfterMs: 5000, random: () => 1 })).toBe(6000);
    expect(backoffDelayMs(3, { retryAfterMs: 5000, random: () => 0.5 })).toBe(9000);
    const delays = Array.from({ length: 500 }, () => backoffDelayMs(0, { retryAfterMs: 5000 }));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(5000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(6000);
    expect(backoffDelayMs(0, { retryAfterMs: 10 * RETRY_AFTER_MAX_MS, random: () => 0 })).toBe(RETRY_AFTER_MAX_MS);
  });
});

describe('parseRetryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(parseRetryAfterMs('5', now)).toBe(5000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
    expect(parseRetryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('86400', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs('-3', now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });
});
