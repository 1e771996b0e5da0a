// OneRoster rostering (002 sections 2, 3, 4 and 7; issue 16): the queue statuses and their labels, and the one
// normalised form every source produces (a CSV zip, a OneRoster REST server, later Clever and ClassLink): a
// RosterSnapshot. Readers turn their input into a snapshot plus row errors; the queue stages, diffs and applies
// snapshots, so the apply path is the same whatever the source.

/** 002 section 4: the roster queue statuses, in the order an import passes through them. */
export const ROSTER_QUEUE_STATUSES = [
  'created',
  'staging',
  'validation',
  'staged',
  'prepared',
  'sanity',
  'actionRequired',
  'preprocessing',
  'processing',
  'processed',
  'failed',
  'empty',
  'rejected',
] as const;
export type RosterQueueStatus = (typeof ROSTER_QUEUE_STATUSES)[number];

/** The spec's labels (English text; the dashboard translates them). Statuses the spec gives no label keep their name. */
export const ROSTER_QUEUE_STATUS_LABELS: Record<RosterQueueStatus, string> = {
  created: 'New',
  staging: 'Importing',
  validation: 'Validating',
  staged: 'Imported',
  prepared: 'Pending',
  sanity: 'Sanity',
  actionRequired: 'Confirm',
  preprocessing: 'preprocessing',
  processing: 'processing',
  processed: 'Done',
  failed: 'Error',
  empty: 'empty',
  rejected: 'Rejected',
};

/** Statuses an import ends in; anything else is still running (or waits for a person at actionRequired). */
export const ROSTER_FINAL_STATUSES: readonly RosterQueueStatus[] = ['processed', 'failed', 'empty', 'rejected'];

/** 002 section 8. */
export const ROSTER_IMPORT_FAILED_MESSAGE = 'Failed to import file';

/** Share of the district's users, classes or enrollments an import may disable or delete before it asks (issue 16 item 5). */
export const DEFAULT_ROSTER_SANITY_SHARE = 0.1;

export const ONEROSTER_VERSIONS = ['1.1', '1.2'] as const;
export type OneRosterVersion = (typeof ONEROSTER_VERSIONS)[number];

/** bulk: the snapshot is the whole roster (what it lacks is disabled); delta: only the rows that changed. */
export type RosterImportMode = 'bulk' | 'delta';

/** OneRoster `status` column: empty in bulk files means active. */
export type RosterRowStatus = 'active' | 'tobedeleted';

export const ONEROSTER_USER_ROLES = [
  'administrator',
  'aide',
  'guardian',
  'parent',
  'proctor',
  'relative',
  'student',
  'teacher',
  // 1.2 adds these
  'districtAdministrator',
  'siteAdministrator',
  'systemAdministrator',
  'principal',
] as const;
export type OneRosterUserRole = (typeof ONEROSTER_USER_ROLES)[number];

interface RosterRowBase {
  sourcedId: string;
  status: RosterRowStatus;
  /** ISO date-time or null when the file leaves it empty. */
  dateLastModified: string | null;
}

export interface RosterOrg extends RosterRowBase {
  name: string;
  /** district, school, department, local, state, national */
  type: string;
  identifier: string | null;
  parentSourcedId: string | null;
}

export interface RosterAcademicSession extends RosterRowBase {
  title: string;
  /** schoolYear, term, semester, gradingPeriod */
  type: string;
  startDate: string; // YYYY-MM-DD
  endDate: string; // YYYY-MM-DD
  parentSourcedId: string | null;
  schoolYear: number;
}

export interface RosterCourse extends RosterRowBase {
  title: string;
  courseCode: string | null;
  orgSourcedId: string | null;
  schoolYearSourcedId: string | null;
  grades: string[];
  subjects: string[];
}

export interface RosterClass extends RosterRowBase {
  title: string;
  courseSourcedId: string | null;
  classCode: string | null;
  classType: string | null;
  location: string | null;
  schoolSourcedId: string;
  termSourcedIds: string[];
  grades: string[];
  subjects: string[];
  periods: string[];
}

export interface RosterUser extends RosterRowBase {
  enabledUser: boolean;
  orgSourcedIds: string[];
  role: OneRosterUserRole;
  username: string;
  givenName: string;
  familyName: string;
  middleName: string | null;
  identifier: string | null;
  email: string | null;
  grades: string[];
  /** Present in some exports; never stored as given (hashed on apply, or ignored). */
  password: string | null;
  agentSourcedIds: string[];
}

export interface RosterEnrollment extends RosterRowBase {
  classSourcedId: string;
  schoolSourcedId: string;
  userSourcedId: string;
  /** student, teacher, administrator, aide, ... */
  role: string;
  primary: boolean;
  beginDate: string | null;
  endDate: string | null;
}

export interface RosterDemographic extends RosterRowBase {
  birthDate: string | null;
  sex: string | null;
}

export interface RosterSnapshot {
  version: OneRosterVersion;
  mode: RosterImportMode;
  orgs: RosterOrg[];
  academicSessions: RosterAcademicSession[];
  courses: RosterCourse[];
  classes: RosterClass[];
  users: RosterUser[];
  enrollments: RosterEnrollment[];
  demographics: RosterDemographic[];
}

/** One problem in one row (or a whole file when row is null), shown in the import log and the validation CSV. */
export interface RosterRowError {
  /** e.g. users.csv (REST sources use the collection name, e.g. users) */
  file: string;
  /** 1-based line in the file counting the header as line 1; null for a problem with the whole file. */
  row: number | null;
  column: string | null;
  message: string;
  /** error: the row is left out of the import; warning: imported with the problem noted. */
  severity: 'error' | 'warning';
}

export const emptyRosterSnapshot = (version: OneRosterVersion, mode: RosterImportMode): RosterSnapshot => ({
  version,
  mode,
  orgs: [],
  academicSessions: [],
  courses: [],
  classes: [],
  users: [],
  enrollments: [],
  demographics: [],
});
