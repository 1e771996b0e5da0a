// A worker process for the crash-retry test (user-tasks.crash.test.ts): node --import tsx apps/api/test/job-worker.ts
// Env: DATABASE_URL, DATA_DIR, EXPIRE_SECONDS (job expiry), SEND_TASK_ID (enqueue this task first),
// BLOCK=1 (claim the task, say "claimed", then hang so that the parent can kill the process mid-task).
import { defineJob } from '../src/lib/jobs';
import { runUserTaskJob } from '../src/modules/user-tasks/user-tasks.jobs';
import { runUserTask } from '../src/modules/user-tasks/user-tasks.service';
import { runWorker, say } from './worker-process';

const block = process.env.BLOCK === '1';

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

runWorker(job, async (_deps, jobs) => {
  if (process.env.SEND_TASK_ID) await jobs.send(job.name, { task_id: Number(process.env.SEND_TASK_ID) });
});
