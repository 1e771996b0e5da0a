import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { CLONE_BULK_JOB, runCloneBulk } from './activity-copy.service';

/** Clones activities into a folder, then notifies the requester ('activity-clone-bulk-completed', naming the folder). */
export const cloneBulkJob = defineJob({
  name: CLONE_BULK_JOB,
  payload: z.object({
    user_id: z.number().int().positive(),
    activity_ids: z.array(z.number().int().positive()),
    target_folder_id: z.number().int().positive(),
  }),
  async handler(deps, data) {
    await runCloneBulk(deps, data);
  },
});
