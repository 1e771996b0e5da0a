import type { z } from 'zod';
import type { Deps } from './deps';

/** A background job: a name, the payload schema, and a handler. Modules define them in <area>.jobs.ts. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handler: (
    deps: Deps,
    data: z.infer<S>,
    meta: { id: string; retryCount: number; retryLimit?: number },
  ) => Promise<void>;
  /** retries after a failure or a crash (an active job whose worker died expires and is retried) */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** each retry waits about twice as long as the one before (pg-boss retryBackoff, with jitter) */
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** also runs on this schedule (cron, UTC), once per tick across every worker (pg-boss schedules) */
  cron?: string;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
