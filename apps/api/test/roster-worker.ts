// A worker process for the roster apply crash test (rostering/queue/queue-apply.crash.test.ts):
//   node --import tsx apps/api/test/roster-worker.ts
// Env: DATABASE_URL, DATA_DIR; SEND_APPLY_ID (enqueue the apply of this queue item first); BLOCK_AFTER=n (inside
// the apply transaction, after n statements, say "in-transaction" and hang so that the parent can SIGKILL the
// process mid-apply); RESTART_QUEUE_ID (restart this item as a person would, then work it).
import { defineJob } from '../src/lib/jobs';
import { rosterApplyJob } from '../src/modules/rostering/queue/queue.jobs';
import { applyQueueItem } from '../src/modules/rostering/queue/queue-apply';
import { changeStatus } from '../src/modules/rostering/queue/queue.service';
import { runWorker, say } from './worker-process';

const blockAfter = Number(process.env.BLOCK_AFTER ?? 0);

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

runWorker(job, async (deps, jobs) => {
  if (process.env.SEND_APPLY_ID) await jobs.send(job.name, { queue_id: Number(process.env.SEND_APPLY_ID) });
  if (process.env.RESTART_QUEUE_ID) {
    const row = await changeStatus(deps, null, Number(process.env.RESTART_QUEUE_ID), 'restart', { stuckMinutes: 0 });
    say(`restarted ${row.status}`);
  }
});
