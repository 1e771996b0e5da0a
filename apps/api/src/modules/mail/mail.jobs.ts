import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { findOutboxEmail } from '../auth/auth.repo';
import { SEND_EMAIL_JOB, sendOutboxEmail } from './mail.service';

export const sendEmailJob = defineJob({
  name: SEND_EMAIL_JOB,
  payload: z.object({ id: z.number().int() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  async handler(deps, { id }) {
    const email = await findOutboxEmail(deps.db, id);
    if (!email || email.status === 'sent') return;
    await sendOutboxEmail(deps, email);
  },
});
