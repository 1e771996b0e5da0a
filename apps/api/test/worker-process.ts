// What the crash tests' worker processes share (job-worker.ts, roster-worker.ts): a line-per-event stdout the parent
// test reads, a logger that only reports errors, and a job runner with its dependencies on DATABASE_URL.
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import type { Deps } from '../src/lib/deps';
import type { JobDefinition } from '../src/lib/jobs';
import { SessionCache } from '../src/lib/session-cache';
import { JobRunner } from '../src/plugins/jobs';

export const say = (line: string) => process.stdout.write(`${line}\n`);

const log = {
  error: (obj: unknown, msg?: string) =>
    say(`error ${msg ?? ''} ${obj instanceof Error ? obj.message : JSON.stringify(obj)}`),
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

/**
 * Starts a job runner for `job` on DATABASE_URL, lets `before` enqueue or change what the test needs, works the
 * queue, says "ready", and stops cleanly on SIGTERM (a SIGKILL is the crash the tests are about).
 */
export function runWorker(
  job: JobDefinition,
  before: (deps: Deps, jobs: JobRunner) => Promise<void> = async () => undefined,
): void {
  const url = process.env.DATABASE_URL!;
  const main = async () => {
    const database = createDatabase(url, 2);
    const jobs = new JobRunner({ url, log, poolSize: 2, maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 });
    await jobs.start([job]);
    const deps: Deps = {
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: url }),
      log,
      events: { publish: () => undefined },
      jobs,
      sessions: new SessionCache(0),
    };
    await before(deps, jobs);
    await jobs.work(deps);
    say('ready');
    process.on('SIGTERM', () => {
      void jobs
        .stop()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  };
  main().catch((err: unknown) => {
    say(`fatal ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  });
}
