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

describe('SessionCache bound and eviction', () => {
  const far = () => new Date(Date.now() + 3_600_000);

  it('holds at most maxEntries sessions, dropping the least recently used', () => {
    const c = new SessionCache(60_000, 3);
    c.set('a', ctx(1, 1), far());
    c.set('b', ctx(2, 2), far());
    c.set('c', ctx(3, 3), far());
    // 'a' was used last, so 'b' is the least recently used when 'd' arrives
    expect(c.get('a')).toBeDefined();
    c.set('d', ctx(4, 4), far());
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.sessionId).toBe(1);
    expect(c.get('c')?.sessionId).toBe(3);
    expect(c.get('d')?.sessionId).toBe(4);
  });

  it('keeps evicting by session and user right after entries were dropped for the bound or replaced', () => {
    const c = new SessionCache(60_000, 2);
    c.set('a', ctx(1, 10), far());
    c.set('b', ctx(2, 10), far());
    c.set('c', ctx(3, 20), far()); // drops 'a'
    expect(c.get('a')).toBeUndefined();
    // the same token resolved again (e.g. after a role change) replaces its entry
    c.set('b', ctx(2, 10), far());
    c.evictUser(10);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')).toBeDefined();
    c.set('a', ctx(1, 10), far());
    c.evictSessions([3, 99]);
    expect(c.get('c')).toBeUndefined();
    expect(c.get('a')?.sessionId).toBe(1);
    c.clear();
    expect(c.size).toBe(0);
    expect(c.get('a')).toBeUndefined();
  });

  it('evicts one user among many without touching the others', () => {
    const c = new SessionCache(60_000);
    for (let i = 0; i < 1000; i++) c.set(`t${i}`, ctx(i, i % 10), far());
    c.evictUser(7);
    expect(c.size).toBe(900);
    expect(c.get('t7')).toBeUndefined();
    expect(c.get('t997')).toBeUndefined();
    expect(c.get('t8')?.sessionId).toBe(8);
    c.evictSessions([8, 18]);
    expect(c.size).toBe(898);
    expect(c.get('t8')).toBeUndefined();
    expect(c.get('t28')?.sessionId).toBe(28);
  });

  it('does not keep an entry whose session has already expired', () => {
    const c = new SessionCache(60_000);
    c.set('a', ctx(1, 1), new Date(1000), 1000);
    expect(c.size).toBe(0);
    expect(c.get('a', 1000)).toBeUndefined();
  });
});
