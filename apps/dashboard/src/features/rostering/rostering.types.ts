import type { OneRosterVersion, RosterImportMode, RosterRowError } from '@aula/domain/rostering';

/** POST /dashboard/roster/validation: the report of a OneRoster zip (nothing imported). */
export interface RosterValidationReport {
  version: OneRosterVersion;
  mode: RosterImportMode;
  files: { name: string; rows: number }[];
  counts: Record<RosterCountKey, number>;
  errors: RosterRowError[];
}

export const ROSTER_COUNT_KEYS = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'enrollments',
  'demographics',
] as const;
export type RosterCountKey = (typeof ROSTER_COUNT_KEYS)[number];
