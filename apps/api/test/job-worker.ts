// A worker process for the crash-retry test (user-tasks.crash.test.ts): node --import tsx apps/api/test/job-worker.ts
// Env: DATABASE_URL, DATA_DIR, EXPIRE_SECONDS (job expiry), SEND_TASK_ID (enqueue this task first),
// BLOCK=1 (claim the task, say "claimed", then hang so that the parent can kill the process mid-task).
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import type { Deps } from '../src/lib/deps';
import { SessionCache } from '../src/lib/session-cache';
import { defineJob } from '../src/lib/jobs';
import { JobRunner } from '../src/plugins/jobs';
import { runUserTaskJob } from '../src/modules/user-tasks/user-tasks.jobs';
import { runUserTask } from '../src/modules/user-tasks/user-tasks.service';

const url = process.env.DATABASE_URL!;
const block = process.env.BLOCK === '1';
const say = (line: string) => process.stdout.write(`${line}\n`);
const log = {
  error: (obj: unknown, msg?: string) =>
    say(`error ${msg ?? ''} ${obj instanceof Error ? obj.message : JSON.stringify(obj)}`),
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

const job = defineJob({
  ...runUserTaskJob,
  expireInSeconds: Number(process.env.EXPIRE_SECONDS ?? 4),
  retryDelaySeconds: 0,
  async handler(deps, { task_id }, meta) {
    await runUserTask(deps, task_id, meta, {
      afterClaim: block
        ? async () => {
            say('claimed');
            await new Promise(() => undefined);
          }
        : undefined,
    });
    say('done');
  },
});

async function main() {
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
  if (process.env.SEND_TASK_ID) await jobs.send(job.name, { task_id: Number(process.env.SEND_TASK_ID) });
  await jobs.work(deps);
  say('ready');
  process.on('SIGTERM', () => {
    void jobs
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  say(`fatal ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
