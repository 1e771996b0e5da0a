import fp from 'fastify-plugin';
import type pg from 'pg';
import type { JobQueue } from '../lib/deps';
import { withTimeout } from '../lib/with-timeout';

/** How long /health waits for the database and the job queue before calling them down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export type CheckState = 'up' | 'down' | 'off';

export interface HealthBody {
  /** ok: everything answers; degraded: the API serves but the job queue does not answer; unavailable: no database */
  status: 'ok' | 'degraded' | 'unavailable';
  database: Exclude<CheckState, 'off'>;
  /** off: this process has no job queue to ask (jobs are only recorded, as in the API tests) */
  jobs: CheckState;
}

export interface HealthOptions {
  pool: pg.Pool;
  jobs: JobQueue;
  timeoutMs?: number;
}

async function check(work: (() => Promise<unknown>) | undefined, ms: number, what: string): Promise<CheckState> {
  if (!work) return 'off';
  try {
    await withTimeout(work(), ms, what);
    return 'up';
  } catch {
    return 'down';
  }
}

/**
 * Asks the database (`select 1`) and the job queue, each with a short timeout, and says which answered: the body of
 * GET /health, and the database and queue lines of the provider's status page (GET /dashboard/status).
 */
export async function readiness(
  pool: Pick<pg.Pool, 'query'>,
  jobs: JobQueue,
  ms: number = HEALTH_CHECK_TIMEOUT_MS,
): Promise<HealthBody> {
  const [database, queue] = await Promise.all([
    check(() => pool.query('select 1'), ms, 'database check'),
    check(jobs.ping?.bind(jobs), ms, 'job queue check'),
  ]);
  return {
    status: database === 'down' ? 'unavailable' : queue === 'down' ? 'degraded' : 'ok',
    database: database === 'up' ? 'up' : 'down',
    jobs: queue,
  };
}

/**
 * GET /health: readiness for a load balancer or orchestrator (readiness above); 503 when the database does not
 * answer (the API cannot serve anything).
 * GET /health/live: liveness only (the process answers HTTP), with no I/O; also the bare route of the benchmarks.
 */
export const healthPlugin = fp<HealthOptions>(async (app, opts) => {
  const ms = opts.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    const body = await readiness(opts.pool, opts.jobs, ms);
    return reply
      .code(body.database === 'up' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
});
