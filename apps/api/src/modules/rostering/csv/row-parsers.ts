import {
  ONEROSTER_USER_ROLES,
  type OneRosterUserRole,
  type OneRosterVersion,
  type RosterAcademicSession,
  type RosterClass,
  type RosterCourse,
  type RosterDemographic,
  type RosterEnrollment,
  type RosterImportMode,
  type RosterOrg,
  type RosterRowStatus,
  type RosterUser,
} from '@aula/domain/rostering';
import type { RosterFile } from './manifest';
import type { RowReader } from './row-reader';

// What each file's header must hold and how a row becomes a record (OneRoster CSV 1.1 and 1.2). Only the columns a
// record needs are required in the header; other columns of the standard (subjectCodes, sms, pronouns, ...) may be
// there or not. References between files are checked afterwards (references.ts).

export const ORG_TYPES = ['district', 'school', 'department', 'local', 'state', 'national'] as const;
export const SESSION_TYPES = ['schoolYear', 'term', 'semester', 'gradingPeriod'] as const;
const CLASS_TYPES = ['homeroom', 'scheduled'] as const;
const ROLE_TYPES = ['primary', 'secondary'] as const;

/** A user before 1.2's roles.csv gives its role and schools (1.1 has them in users.csv). */
export type UserDraft = Omit<RosterUser, 'role'> & {
  role: OneRosterUserRole | null;
  primaryOrgSourcedId: string | null;
};

export interface RoleRow {
  sourcedId: string;
  status: RosterRowStatus;
  userSourcedId: string;
  roleType: 'primary' | 'secondary';
  role: OneRosterUserRole;
  orgSourcedId: string;
}

export interface UserProfileRow {
  sourcedId: string;
  status: RosterRowStatus;
  userSourcedId: string;
}

export interface RowTypes {
  orgs: RosterOrg;
  academicSessions: RosterAcademicSession;
  courses: RosterCourse;
  classes: RosterClass;
  users: UserDraft;
  roles: RoleRow;
  userProfiles: UserProfileRow;
  enrollments: RosterEnrollment;
  demographics: RosterDemographic;
}

interface FileSpec<T> {
  columns: (version: OneRosterVersion) => string[];
  parse: (r: RowReader, mode: RosterImportMode, version: OneRosterVersion) => T;
}

type Specs = { [F in RosterFile]: FileSpec<RowTypes[F]> };

const SPECS: Specs = {
  orgs: {
    columns: () => ['sourcedId', 'name', 'type'],
    parse: (r, mode) => ({
      ...r.base(mode),
      name: r.req('name'),
      type: r.oneOf('type', ORG_TYPES, 'org type') ?? '',
      identifier: r.opt('identifier'),
      parentSourcedId: r.opt('parentSourcedId'),
    }),
  },
  academicSessions: {
    columns: () => ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
    parse: (r, mode) => {
      const base = r.base(mode);
      const title = r.req('title');
      const type = r.oneOf('type', SESSION_TYPES, 'session type') ?? '';
      const startDate = r.date('startDate', true) ?? '';
      const endDate = r.date('endDate', true) ?? '';
      if (startDate && endDate && endDate < startDate)
        r.error('endDate', `endDate ${endDate} is before startDate ${startDate}`);
      const year = r.req('schoolYear');
      if (year && !/^\d{4}$/.test(year)) r.error('schoolYear', `schoolYear "${year}" is not a year (YYYY)`);
      return {
        ...base,
        title,
        type,
        startDate,
        endDate,
        parentSourcedId: r.opt('parentSourcedId'),
        schoolYear: Number(year),
      };
    },
  },
  courses: {
    columns: () => ['sourcedId', 'title', 'orgSourcedId'],
    parse: (r, mode) => ({
      ...r.base(mode),
      title: r.req('title'),
      courseCode: r.opt('courseCode'),
      orgSourcedId: r.req('orgSourcedId'),
      schoolYearSourcedId: r.opt('schoolYearSourcedId'),
      grades: r.list('grades'),
      subjects: r.list('subjects'),
    }),
  },
  classes: {
    columns: () => ['sourcedId', 'title', 'courseSourcedId', 'schoolSourcedId'],
    parse: (r, mode) => {
      const classType = r.opt('classType');
      return {
        ...r.base(mode),
        title: r.req('title'),
        courseSourcedId: r.req('courseSourcedId'),
        // exports write Scheduled; other values are kept as given
        classType: CLASS_TYPES.find((t) => t === classType?.toLowerCase()) ?? classType,
        classCode: r.opt('classCode'),
        location: r.opt('location'),
        schoolSourcedId: r.req('schoolSourcedId'),
        termSourcedIds: r.list('termSourcedIds'),
        grades: r.list('grades'),
        subjects: r.list('subjects'),
        periods: r.list('periods'),
      };
    },
  },
  users: {
    // 1.2 moves role and schools to roles.csv; a 1.2 users.csv that still has them is read as 1.1's
    columns: (v) =>
      v === '1.1'
        ? ['sourcedId', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName']
        : ['sourcedId', 'enabledUser', 'username', 'givenName', 'familyName'],
    parse: (r, mode, v) => ({
      ...r.base(mode),
      enabledUser: r.bool('enabledUser', null),
      orgSourcedIds: r.list('orgSourcedIds', v === '1.1'),
      role: r.oneOf('role', ONEROSTER_USER_ROLES, 'role', v === '1.1'),
      username: r.req('username'),
      givenName: r.req('givenName'),
      familyName: r.req('familyName'),
      middleName: r.opt('middleName'),
      identifier: r.opt('identifier'),
      email: r.opt('email'),
      grades: r.list('grades'),
      password: r.opt('password'),
      agentSourcedIds: r.list('agentSourcedIds'),
      primaryOrgSourcedId: r.opt('primaryOrgSourcedId'),
    }),
  },
  roles: {
    columns: () => ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
    parse: (r, mode) => ({
      ...r.base(mode),
      userSourcedId: r.req('userSourcedId'),
      roleType: r.oneOf('roleType', ROLE_TYPES, 'role type') ?? 'secondary',
      role: r.oneOf('role', ONEROSTER_USER_ROLES, 'role') ?? 'student',
      orgSourcedId: r.req('orgSourcedId'),
    }),
  },
  userProfiles: {
    columns: () => ['sourcedId', 'userSourcedId', 'profileType', 'vendorId'],
    parse: (r, mode) => {
      const row = { ...r.base(mode), userSourcedId: r.req('userSourcedId') };
      r.req('profileType');
      r.req('vendorId');
      return row;
    },
  },
  enrollments: {
    columns: () => ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
    parse: (r, mode) => ({
      ...r.base(mode),
      classSourcedId: r.req('classSourcedId'),
      schoolSourcedId: r.req('schoolSourcedId'),
      userSourcedId: r.req('userSourcedId'),
      role: r.oneOf('role', ONEROSTER_USER_ROLES, 'role') ?? '',
      primary: r.bool('primary', false),
      beginDate: r.date('beginDate'),
      endDate: r.date('endDate'),
    }),
  },
  demographics: {
    columns: () => ['sourcedId'],
    parse: (r, mode) => ({ ...r.base(mode), birthDate: r.date('birthDate'), sex: r.opt('sex') }),
  },
};

/** The required header columns that `header` lacks (matched in any case). */
export function missingColumns(file: RosterFile, version: OneRosterVersion, header: string[]): string[] {
  const have = new Set(header.map((h) => h.toLowerCase()));
  return SPECS[file].columns(version).filter((c) => !have.has(c.toLowerCase()));
}

export function parseRow<F extends RosterFile>(
  file: F,
  r: RowReader,
  mode: RosterImportMode,
  version: OneRosterVersion,
): RowTypes[F] {
  return (SPECS[file] as FileSpec<RowTypes[F]>).parse(r, mode, version);
}
