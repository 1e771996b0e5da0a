import type { RosterChangeAction, RosterEntityType } from '@aula/domain/roster-queue';
import type { RosterQueueStatus } from '@aula/domain/rostering';

// The wire shapes of the roster queue calls (/dashboard/roster/..., apps/api/src/modules/rostering/queue).

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface RosterSanityFigure {
  disable: number;
  existing: number;
}

export interface RosterSanity {
  share: number;
  users: RosterSanityFigure;
  classes: RosterSanityFigure;
  enrollments: RosterSanityFigure;
}

export type RosterDiffSummary = Partial<Record<RosterEntityType, Partial<Record<RosterChangeAction, number>>>>;

/** A queue item as the history and the review show it (queue.present.ts presentQueueItem). */
export interface RosterQueueItem {
  id: number;
  account_id: number;
  status: RosterQueueStatus;
  status_label: string;
  data_type: string;
  import_type: string;
  source_id: number | null;
  file_name: string | null;
  has_file: boolean;
  diff_summary: RosterDiffSummary | null;
  sanity: RosterSanity | null;
  error: string | null;
  created_by: number | null;
  approved_by: number | null;
  created_at: string;
  status_changed_at: string;
  approved_at: string | null;
  processed_at: string | null;
}

export interface RosterLogEntry {
  id: number;
  level: 'error' | 'warning' | 'info';
  file: string | null;
  row: number | null;
  column: string | null;
  message: string;
}

export interface RosterLogSummary {
  item: RosterQueueItem;
  counts: { file: string | null; level: string; count: number }[];
}

export interface RosterCandidate {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  username: string | null;
}

/** One reviewable change: create (the new fields), update ({ field: { old, new } }), disable, possible match. */
export interface RosterChange {
  id: number;
  entity_type: RosterEntityType;
  action: RosterChangeAction;
  sourced_id: string;
  label: string;
  target_id: number | null;
  changes: Record<string, unknown>;
  candidates: RosterCandidate[] | null;
}

export interface RosterHistoryArgs {
  page: number;
  per_page: number;
  account_id?: number | undefined;
}

export interface RosterReviewArgs {
  queue_id: number;
  entity_type: RosterEntityType;
  action?: RosterChangeAction | undefined;
  search?: string | undefined;
  page: number;
  per_page: number;
}
