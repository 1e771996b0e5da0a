import type { AuthContext } from './auth-context';

/**
 * Keeps resolved sessions for a few seconds so the hottest path (every authenticated call) usually skips the
 * session query. A revocation on this node evicts at once (see endSessions in modules/auth/auth.service.ts);
 * another API node may honour a revoked token for at most the TTL. TTL 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, { ctx: AuthContext; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

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
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { ctx, until: Math.min(now + this.ttlMs, sessionExpiresAt.getTime()) });
  }

  evictSessions(sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    const ids = new Set(sessionIds);
    for (const [key, e] of this.entries) if (ids.has(e.ctx.sessionId)) this.entries.delete(key);
  }

  /** After a change to the user (role, permissions, organizations, disabled) their next call reloads it. */
  evictUser(userId: number): void {
    for (const [key, e] of this.entries) if (e.ctx.user.id === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
