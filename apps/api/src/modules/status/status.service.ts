import type pg from 'pg';
import type { Deps } from '../../lib/deps';
import { API_VERSION } from '../../lib/version';
import { readiness } from '../../plugins/health';
import { countJobsByState } from '../../plugins/metrics';

/** pg-boss's job states, in the order a job passes through them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
type JobState = (typeof JOB_STATES)[number];

export interface PlatformStatus {
  /** as GET /health says it: ok, degraded (the job queue does not answer) or unavailable (no database) */
  status: 'ok' | 'degraded' | 'unavailable';
  database: { state: 'up' | 'down'; kind: 'embedded' | 'postgresql' };
  /** by_state: jobs of every queue in each state; null where the queue could not be counted or is off */
  jobs: { state: 'up' | 'down' | 'off'; by_state: Record<JobState, number> | null };
  /** connections: sockets open on this process; null where this process serves no real-time connections */
  realtime: { connections: number | null };
  version: string;
  uptime_seconds: number;
  memory: { rss_bytes: number; heap_used_bytes: number; heap_total_bytes: number };
  checked_at: string;
}

/**
 * The platform's status for the provider's staff (/status): what GET /health and GET /metrics already know (the
 * readiness checks, the job counts, the open real-time connections) plus the version, uptime and memory.
 */
export async function platformStatus(deps: Deps, pool: Pick<pg.Pool, 'query'>): Promise<PlatformStatus> {
  const [ready, counts] = await Promise.all([
    readiness(pool, deps.jobs),
    countJobsByState(deps.jobs).catch((err: unknown) => {
      deps.log.warn({ err }, 'status: could not count jobs');
      return null;
    }),
  ]);
  let byState: Record<JobState, number> | null = null;
  if (counts) {
    const sums = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
    for (const c of counts) if (c.state in sums) sums[c.state as JobState] += c.count;
    byState = sums;
  }
  const memory = process.memoryUsage();
  return {
    status: ready.status,
    database: { state: ready.database, kind: deps.config.DATABASE_URL ? 'postgresql' : 'embedded' },
    jobs: { state: ready.jobs, by_state: byState },
    realtime: { connections: deps.events.connectionCount ? deps.events.connectionCount() : null },
    version: API_VERSION,
    uptime_seconds: Math.floor(process.uptime()),
    memory: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed, heap_total_bytes: memory.heapTotal },
    checked_at: new Date().toISOString(),
  };
}
