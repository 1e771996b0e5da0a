import { LRUCache } from 'lru-cache';
import type { AuthContext } from './auth-context';

interface Entry {
  ctx: AuthContext;
  /** when this entry stops being served: min(now + TTL, the session's expiry) */
  until: number;
}

/**
 * Keeps resolved sessions for a few seconds so the hottest path (every authenticated call) usually skips the
 * session query. A revocation on this node evicts at once (see endSessions in modules/auth/auth.service.ts);
 * another API node may honour a revoked token for at most the TTL. TTL 0 turns the cache off.
 *
 * An LRU bounded by `maxEntries` (the least recently used session goes first when full). Two small side indexes,
 * session id -> token hash and user id -> token hashes, make eviction by session and by user direct; they hold only
 * keys the cache holds (the cache's dispose callback removes them), so they share its bound.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly bySession = new Map<number, string>();
  private readonly byUser = new Map<number, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    maxEntries = 50_000,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: Math.max(1, maxEntries),
      // the cache's own clock drops expired entries; get() below also checks `until` against the caller's clock
      ttl: Math.max(1, ttlMs),
      dispose: (entry, tokenHash) => this.unindex(entry.ctx, tokenHash),
    });
  }

  /** How many sessions are held (bounded by maxEntries). */
  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): AuthContext | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return hit.ctx;
  }

  set(tokenHash: string, ctx: AuthContext, sessionExpiresAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    const until = Math.min(now + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= now) return;
    // an entry replaced under the same key is disposed (and unindexed) first
    this.entries.set(tokenHash, { ctx, until }, { ttl: until - now });
    this.bySession.set(ctx.sessionId, tokenHash);
    let tokens = this.byUser.get(ctx.user.id);
    if (!tokens) this.byUser.set(ctx.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  evictSessions(sessionIds: readonly number[]): void {
    for (const id of sessionIds) {
      const tokenHash = this.bySession.get(id);
      if (tokenHash !== undefined) this.entries.delete(tokenHash);
    }
  }

  /** After a change to the user (role, permissions, organizations, disabled) their next call reloads it. */
  evictUser(userId: number): void {
    const tokens = this.byUser.get(userId);
    if (!tokens) return;
    for (const tokenHash of [...tokens]) this.entries.delete(tokenHash);
  }

  clear(): void {
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private unindex(ctx: AuthContext, tokenHash: string): void {
    if (this.bySession.get(ctx.sessionId) === tokenHash) this.bySession.delete(ctx.sessionId);
    const tokens = this.byUser.get(ctx.user.id);
    if (!tokens) return;
    tokens.delete(tokenHash);
    if (tokens.size === 0) this.byUser.delete(ctx.user.id);
  }
}
