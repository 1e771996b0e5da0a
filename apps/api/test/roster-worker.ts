// A worker process for the roster apply crash test (rostering/queue/queue-apply.crash.test.ts):
//   node --import tsx apps/api/test/roster-worker.ts
// Env: DATABASE_URL, DATA_DIR; SEND_APPLY_ID (enqueue the apply of this queue item first); BLOCK_AFTER=n (inside
// the apply transaction, after n statements, say "in-transaction" and hang so that the parent can SIGKILL the
// process mid-apply); RESTART_QUEUE_ID (restart this item as a person would, then work it).
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import type { Deps } from '../src/lib/deps';
import { SessionCache } from '../src/lib/session-cache';
import { defineJob } from '../src/lib/jobs';
import { JobRunner } from '../src/plugins/jobs';
import { rosterApplyJob } from '../src/modules/rostering/queue/queue.jobs';
import { applyQueueItem } from '../src/modules/rostering/queue/queue-apply';
import { changeStatus } from '../src/modules/rostering/queue/queue.service';

const url = process.env.DATABASE_URL!;
const blockAfter = Number(process.env.BLOCK_AFTER ?? 0);
const say = (line: string) => process.stdout.write(`${line}\n`);
const log = {
  error: (obj: unknown, msg?: string) =>
    say(`error ${msg ?? ''} ${obj instanceof Error ? obj.message : JSON.stringify(obj)}`),
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

const job = defineJob({
  ...rosterApplyJob,
  async handler(deps, { queue_id }) {
    let statements = 0;
    await applyQueueItem(deps, queue_id, {
      afterStatement: blockAfter
        ? async () => {
            statements += 1;
            if (statements !== blockAfter) return;
            say('in-transaction');
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
  if (process.env.SEND_APPLY_ID) await jobs.send(job.name, { queue_id: Number(process.env.SEND_APPLY_ID) });
  if (process.env.RESTART_QUEUE_ID) {
    const row = await changeStatus(deps, null, Number(process.env.RESTART_QUEUE_ID), 'restart', { stuckMinutes: 0 });
    say(`restarted ${row.status}`);
  }
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
