import type { TECHNOLOGY_FIELDS } from '@aula/domain/tenancy';

// Wire shapes of the /tech-settings and /status calls (snake_case as the API sends them).

export type TechnologyField = (typeof TECHNOLOGY_FIELDS)[number];

/** A row of POST /dashboard/accounts/list, as far as /tech-settings reads it. */
export interface AccountRow {
  id: number;
  name: string;
  district_id: string;
  is_demo: boolean;
}

export interface AccountPage {
  data: AccountRow[];
  meta: { page: number; per_page: number; total: number };
}

/** POST /dashboard/accounts/technology-settings: each account's enabled flags. */
export type TechnologyFlags = { account_id: number } & Record<TechnologyField, boolean>;

/** POST /dashboard/accounts/:id/toggle-technology-setting answers with every setting of the account. */
export type AccountSettings = { setting: TechnologyField; value: { enabled: boolean } }[];

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** GET /dashboard/status */
export interface PlatformStatus {
  status: 'ok' | 'degraded' | 'unavailable';
  database: { state: 'up' | 'down'; kind: 'embedded' | 'postgresql' };
  jobs: { state: 'up' | 'down' | 'off'; by_state: Record<JobState, number> | null };
  realtime: { connections: number | null };
  version: string;
  uptime_seconds: number;
  memory: { rss_bytes: number; heap_used_bytes: number; heap_total_bytes: number };
  checked_at: string;
}
