import PgBoss from 'pg-boss';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps, JobQueue, JobStateCount } from '../lib/deps';
import type { JobDefinition } from '../lib/jobs';

const JOB_SETUP_LOCK = 4242002;

export interface JobRunnerOptions {
  url: string;
  log: FastifyBaseLogger;
  /** how often expired (crashed) jobs are detected and retried */
  maintenanceIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  poolSize?: number;
}

/**
 * pg-boss on the application's own database (DESIGN.md 1): durable queues, SKIP LOCKED, several workers may share
 * one PostgreSQL. Every process can send; only processes running the worker service call work().
 */
export class JobRunner implements JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private running = false;

  constructor(private readonly opts: JobRunnerOptions) {
    this.boss = new PgBoss({
      connectionString: opts.url,
      max: opts.poolSize ?? 4,
      schema: 'pgboss',
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 30,
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  }

  async start(definitions: readonly JobDefinition[]): Promise<void> {
    // Several API processes starting together on one fresh PostgreSQL would run pg-boss's schema and queue DDL at
    // the same time and deadlock; one session-level advisory lock makes them take turns.
    const lock = new pg.Client({ connectionString: this.opts.url });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [JOB_SETUP_LOCK]);
      await this.boss.start();
      this.running = true;
      for (const def of definitions) {
        this.definitions.set(def.name, def);
        const settings = {
          retryLimit: def.retryLimit ?? 3,
          retryDelay: def.retryDelaySeconds ?? 5,
          retryBackoff: def.retryBackoff ?? false,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await this.boss.createQueue(def.name, { name: def.name, ...settings });
        // createQueue leaves an existing queue as it was; a changed definition must reach it (jobs take the queue's
        // retry and expiry settings when they are sent)
        await this.boss.updateQueue(def.name, { name: def.name, ...settings });
        if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [JOB_SETUP_LOCK]).catch(() => undefined);
      await lock.end();
    }
  }

  /** Starts consuming every defined queue with this process's dependencies. */
  async work(deps: Deps): Promise<void> {
    for (const def of this.definitions.values()) {
      await this.boss.work<unknown>(
        def.name,
        { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const data = def.payload.parse(job.data);
          await def.handler(deps, data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        },
      );
    }
  }

  async send(
    name: string,
    payload: object,
    opts: { singletonKey?: string; startAfter?: Date } = {},
  ): Promise<string | null> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    def.payload.parse(payload);
    return this.boss.send(name, payload, {
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    });
  }

  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  /** The queue runs in this process and its own connection pool answers (for /health). */
  async ping(): Promise<void> {
    if (!this.running) throw new Error('the job queue is not running');
    await this.boss.getDb().executeSql('select 1', []);
  }

  /** Jobs per queue and state, as pg-boss's own state monitor counts them (for /metrics). */
  async countByState(): Promise<JobStateCount[]> {
    const { rows } = await this.boss
      .getDb()
      .executeSql('select name, state, count(*)::int as count from pgboss.job group by name, state', []);
    return (rows as { name: string; state: string; count: number }[]).map((r) => ({
      queue: r.name,
      state: r.state,
      count: Number(r.count),
    }));
  }

  get pgBoss(): PgBoss {
    return this.boss;
  }

  /** Stops polling, waits up to `timeoutMs` (at least 1 s) for running jobs, fails those still running (retried later). */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}
