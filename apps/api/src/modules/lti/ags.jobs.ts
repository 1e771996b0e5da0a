import { z } from 'zod';
import { AGS_SEND_RETRY_DELAY_SECONDS, AGS_SEND_RETRY_LIMIT } from '@aula/domain/lti-services';
import { defineJob } from '../../lib/jobs';
import { LTI_AGS_SEND_JOB, LTI_AGS_SYNC_JOB } from './ags.jobs-names';
import { sendScore, syncScores } from './ags.service';

const id = z.number().int().positive();

/** Works out a student's scores on the LTI links of an assignment's activity and queues the changed ones. */
export const ltiAgsSyncJob = defineJob({
  name: LTI_AGS_SYNC_JOB,
  payload: z.object({ assignment_id: id, activity_id: id, student_id: id }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  async handler(deps, data) {
    await syncScores(deps, data);
  },
});

/** POSTs one score to the platform; retried with exponential backoff, the last try marks the send failed. */
export const ltiAgsSendJob = defineJob({
  name: LTI_AGS_SEND_JOB,
  payload: z.object({ send_id: id, revision: z.number().int().min(1) }),
  retryLimit: AGS_SEND_RETRY_LIMIT,
  retryDelaySeconds: AGS_SEND_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async handler(deps, data, meta) {
    await sendScore(deps, data, meta);
  },
});
