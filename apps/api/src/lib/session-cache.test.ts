import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context';
import { SessionCache } from './session-cache';

const ctx = (sessionId: number, userId: number) => ({ sessionId, user: { id: userId } }) as AuthContext;

describe('SessionCache', () => {
  it('keeps an entry for the TTL, never past the session expiry', () => {
    const c = new SessionCache(2000);
    c.set('a', ctx(1, 1), new Date(10_000), 0);
    expect(c.get('a', 1999)?.sessionId).toBe(1);
    expect(c.get('a', 2000)).toBeUndefined();
    c.set('b', ctx(2, 1), new Date(500), 0);
    expect(c.get('b', 499)).toBeDefined();
    expect(c.get('b', 500)).toBeUndefined();
  });

  it('evicts by session and by user', () => {
    const c = new SessionCache(60_000);
    const far = new Date(Date.now() + 3_600_000);
    c.set('a', ctx(1, 10), far);
    c.set('b', ctx(2, 10), far);
    c.set('c', ctx(3, 20), far);
    c.evictSessions([1]);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBeDefined();
    c.evictUser(10);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')).toBeDefined();
  });

  it('is off with TTL 0', () => {
    const c = new SessionCache(0);
    c.set('a', ctx(1, 1), new Date(Date.now() + 10_000));
    expect(c.get('a')).toBeUndefined();
  });
});
