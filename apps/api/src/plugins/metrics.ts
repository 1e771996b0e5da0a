import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { EventBus, JobQueue, JobStateCount } from '../lib/deps';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors';
import { withTimeout } from '../lib/with-timeout';

export interface MetricsOptions {
  config: Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN'>;
  pool: pg.Pool;
  jobs: JobQueue;
  events: EventBus;
}

const JOB_COUNT_TIMEOUT_MS = 2_000;

/** Jobs per queue and state, or null where this process has no queue to count (jobs are only recorded). */
export async function countJobsByState(jobs: JobQueue): Promise<JobStateCount[] | null> {
  if (!jobs.countByState) return null;
  return withTimeout(jobs.countByState(), JOB_COUNT_TIMEOUT_MS, 'job count');
}

/** The route label of a request that matched no route: never the raw URL (unbounded label values). */
export const UNMATCHED_ROUTE = 'unmatched';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics (README, configuration): anyone outside production; in production a caller with
 * `Authorization: Bearer <METRICS_TOKEN>`, or a scraper on this machine (loopback address and no forwarding
 * header: a request that came through a proxy is never local, whatever address the proxy connects from).
 */
export function mayReadMetrics(req: FastifyRequest, config: MetricsOptions['config']): 'yes' | 'token' | 'forbidden' {
  if (config.NODE_ENV !== 'production') return 'yes';
  const header = req.headers.authorization;
  if (config.METRICS_TOKEN && header?.startsWith('Bearer ')) {
    return timingSafeEqual(digest(header.slice(7).trim()), digest(config.METRICS_TOKEN)) ? 'yes' : 'token';
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (!forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '')) return 'yes';
  return config.METRICS_TOKEN ? 'token' : 'forbidden';
}

/**
 * GET /metrics in Prometheus text (prom-client): request durations by route pattern, method and status; the
 * database pool (total, idle, waiting clients); jobs per queue and state; open real-time connections; the
 * process's default metrics (CPU, memory, event loop lag, GC). One registry per app, so tests may build several.
 */
export const metricsPlugin = fp<MetricsOptions>(async (app, opts) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const { pool, jobs, events } = opts;
  new Gauge({
    name: 'aula_db_pool_clients',
    help: 'Database pool clients: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'aula_db_pool_max_clients',
    help: 'The database pool size (DB_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 0);
    },
  });
  new Gauge({
    name: 'aula_job_queue_jobs',
    help: 'Jobs in the queue (pg-boss) by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const c of (await countJobsByState(jobs)) ?? []) this.set({ queue: c.queue, state: c.state }, c.count);
      } catch (err) {
        app.log.warn({ err }, 'metrics: could not count jobs');
      }
    },
  });
  new Gauge({
    name: 'aula_realtime_connections',
    help: 'Real-time (Socket.IO) connections open on this process',
    registers: [registry],
    collect() {
      this.set(events.connectionCount?.() ?? 0);
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const access = mayReadMetrics(req, opts.config);
    if (access === 'token') throw new UnauthenticatedError();
    if (access === 'forbidden') throw new ForbiddenError();
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
