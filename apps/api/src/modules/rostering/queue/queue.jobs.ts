import { z } from 'zod';
import { defineJob } from '../../../lib/jobs';
import { applyQueueItem } from './queue-apply';
import { ROSTER_APPLY_JOB, ROSTER_STAGE_JOB } from './queue-status';
import { runStageJob } from './queue-stage';

// No automatic retries: a failed or stuck import is restarted by a person (PUT queue item, status restart), who
// sees the log first. Both handlers do nothing for an item no longer in their statuses.
const payload = z.object({ queue_id: z.number().int().positive() });

export const rosterStageJob = defineJob({
  name: ROSTER_STAGE_JOB,
  payload,
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  handler: (deps, data) => runStageJob(deps, data.queue_id),
});

export const rosterApplyJob = defineJob({
  name: ROSTER_APPLY_JOB,
  payload,
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  handler: (deps, data) => applyQueueItem(deps, data.queue_id),
});
