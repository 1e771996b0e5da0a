import { z } from 'zod';
import { defineJob } from '../../lib/jobs';
import { MATERIALISE_JOB, materialiseDue } from './pas-materialise.service';

/**
 * Gives published plans' due assignments to their classes: every 5 minutes for every plan, and at once for one
 * plan when it is published, a class is assigned to it or opted back in. Running twice is harmless (exactly once
 * per plan assignment and class).
 */
export const materialisePlansJob = defineJob({
  name: MATERIALISE_JOB,
  payload: z.object({ plan_id: z.number().int().positive().optional() }),
  cron: '*/5 * * * *',
  async handler(deps, data) {
    const { created } = await materialiseDue(deps, { planId: data.plan_id });
    if (created > 0) deps.log.info({ plan_id: data.plan_id ?? null, created }, 'PAS plan assignments given');
  },
});
