import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { PUBLISH_SCHEDULED_JOB, runScheduledPublish } from './versions.service';

/** Publishes a scheduled activity version at its time (sent with startAfter; see versions.service.ts). */
export const publishScheduledJob = defineJob({
  name: PUBLISH_SCHEDULED_JOB,
  payload: z.object({ activity_id: z.number().int().positive(), version_id: z.number().int().positive() }),
  async handler(deps, data, meta) {
    await runScheduledPublish(deps, data, meta.id);
  },
});
