import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { RUN_USER_TASK_JOB, runUserTask, USER_TASK_RETRY_LIMIT } from './user-tasks.service';

export const userTaskPayloadSchema = z.object({ task_id: z.number().int().positive() });

export const runUserTaskJob = defineJob({
  name: RUN_USER_TASK_JOB,
  payload: userTaskPayloadSchema,
  retryLimit: USER_TASK_RETRY_LIMIT,
  retryDelaySeconds: 10,
  // a report over a large district takes minutes; a worker silent for longer than this is presumed dead
  expireInSeconds: 30 * 60,
  async handler(deps, { task_id }, meta) {
    await runUserTask(deps, task_id, meta);
  },
});
