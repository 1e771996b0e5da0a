import type { Deps } from '../../lib/deps';
import { countJobsByState } from '../../plugins/metrics';
import { JOB_DEFINITIONS } from '../jobs';
import { JOB_STATES } from './status.service';

type JobState = (typeof JOB_STATES)[number];

export interface WorkerQueue {
  /** the pg-boss queue (one job definition of modules/jobs.ts) */
  name: string;
  /** its schedule (cron, UTC), null where it runs only when sent */
  cron: string | null;
  retry_limit: number | null;
  retry_delay_seconds: number | null;
  expire_in_seconds: number | null;
  /** jobs of this queue in each state; null where the queue could not be counted or is off */
  by_state: Record<JobState, number> | null;
}

export interface WorkerSearch {
  data: WorkerQueue[];
  meta: {
    /** whether this API node runs the worker service (SERVICES) */
    worker_here: boolean;
    /** whether the queue's jobs could be counted: up, down (no answer) or off (jobs are only recorded) */
    queue: 'up' | 'down' | 'off';
  };
}

/**
 * Workers: POST search (001 section 7) as this deployment runs them: the job queues every worker consumes
 * (JOB_DEFINITIONS), their schedule and retry policy, and their jobs by state (what GET /metrics counts).
 */
export async function searchWorkers(deps: Deps, search: string | undefined): Promise<WorkerSearch> {
  let queue: WorkerSearch['meta']['queue'] = 'off';
  const counts = await countJobsByState(deps.jobs).catch((err: unknown) => {
    deps.log.warn({ err }, 'workers: could not count jobs');
    queue = 'down';
    return null;
  });
  if (counts) queue = 'up';
  const needle = search?.toLowerCase();
  const data = JOB_DEFINITIONS.filter((d) => !needle || d.name.toLowerCase().includes(needle))
    .map((d) => {
      let byState: Record<JobState, number> | null = null;
      if (counts) {
        byState = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
        for (const c of counts) if (c.queue === d.name && c.state in byState) byState[c.state as JobState] += c.count;
      }
      return {
        name: d.name,
        cron: d.cron ?? null,
        retry_limit: d.retryLimit ?? null,
        retry_delay_seconds: d.retryDelaySeconds ?? null,
        expire_in_seconds: d.expireInSeconds ?? null,
        by_state: byState,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { data, meta: { worker_here: deps.config.SERVICES.includes('worker'), queue } };
}
