import { api } from '@aula/web/lib/api.ts';

// /worker-servers: POST /dashboard/workers/search (001 section 7, Workers), read afresh on every visit.

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface WorkerQueue {
  name: string;
  cron: string | null;
  retry_limit: number | null;
  retry_delay_seconds: number | null;
  expire_in_seconds: number | null;
  by_state: Record<JobState, number> | null;
}

export interface WorkerSearch {
  data: WorkerQueue[];
  meta: { worker_here: boolean; queue: 'up' | 'down' | 'off' };
}

export const workersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchWorkers: build.query<WorkerSearch, { search?: string }>({
      query: (body) => ({ url: '/dashboard/workers/search', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSearchWorkersQuery } = workersApi;
