// Retry timing shared by every client loop (the API base query, the real-time connection, the student's save
// queue): exponential back-off with full jitter. Each wait is drawn uniformly from [0, cap], the cap doubling per
// attempt up to a maximum, so thousands of clients that lost the server at the same moment (a restart) come back
// spread over the whole window instead of all at once. A server that said when to come back (Retry-After) is never
// asked earlier: the jittered wait is added to its delay.

export interface BackoffOptions {
  /** the cap of the first wait (attempt 0) */
  baseMs?: number;
  /** the greatest cap */
  maxMs?: number;
  /** the server's Retry-After, in milliseconds */
  retryAfterMs?: number | undefined;
  random?: () => number;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A Retry-After past this is read as this (a wrong header must not park a client for hours). */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** The cap of the n-th wait (0-based): base, 2 x base, 4 x base ... at most max. */
export function backoffCapMs(attempt: number, baseMs = BACKOFF_BASE_MS, maxMs = BACKOFF_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** The wait before retry number `attempt` (0-based). */
export function backoffDelayMs(attempt: number, opts: BackoffOptions = {}): number {
  const random = opts.random ?? Math.random;
  const jitter = Math.round(random() * backoffCapMs(attempt, opts.baseMs, opts.maxMs));
  const asked = opts.retryAfterMs ?? 0;
  return Math.min(asked, RETRY_AFTER_MAX_MS) + jitter;
}

/** Retry-After (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_MAX_MS);
  // an HTTP date names its day and zone ('Wed, 21 Oct 2015 07:28:00 GMT'); bare numbers ('-3') are not dates
  if (!/GMT$/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), RETRY_AFTER_MAX_MS);
}
