import type { ListScope } from '../assignments.types';

// The assignments pages' addresses (001 section 2): each exists unscoped and under an account, class, student,
// teacher, admin, school or group, so a page opened under one keeps its links there.

export interface ScopeRef {
  scope: ListScope;
  id: number;
}

const PARAM_OF: Record<ListScope, string> = {
  accounts: 'accountId',
  organizations: 'orgId',
  classes: 'classId',
  students: 'studentId',
  groups: 'groupId',
  teachers: 'teacherId',
  admins: 'adminId',
};

const ID = /^\d{1,9}$/;
const INNERMOST_FIRST: readonly ListScope[] = [
  'classes',
  'students',
  'groups',
  'teachers',
  'admins',
  'organizations',
  'accounts',
];

/** The scope a page was opened under, from its route parameters (the innermost when an account wraps another). */
export function scopeFromParams(params: Readonly<Record<string, string | undefined>>): ScopeRef | null {
  const found = INNERMOST_FIRST.find((s) => ID.test(params[PARAM_OF[s]] ?? ''));
  return found ? { scope: found, id: Number(params[PARAM_OF[found]]) } : null;
}

/** A numeric id parameter (1 to 9 digits), or null. */
export function idParam(raw: string | undefined): number | null {
  return raw !== undefined && ID.test(raw) ? Number(raw) : null;
}

const prefix = (s: ScopeRef | null | undefined) => (s ? `/${s.scope}/${s.id}` : '');

export const assignmentsHref = (s?: ScopeRef | null) => `${prefix(s)}/assignments`;
export const assignHref = (s?: ScopeRef | null) => `${prefix(s)}/assign`;
/** The query parameter that opens a new assignment with one activity already chosen (the library's Assign). */
export const PRESET_ACTIVITY_PARAM = 'activity';
export const assignActivityHref = (activityId: number) => `/assign?${PRESET_ACTIVITY_PARAM}=${activityId}`;
export const editAssignmentHref = (id: number, s?: ScopeRef | null) => `${prefix(s)}/assign/${id}`;
export const assignmentViewHref = (id: number, s?: ScopeRef | null) => `${prefix(s)}/assignment/view/${id}`;
export const labGroupsHref = (id: number) => `/assignment/view/${id}/lab-groups`;
export const assignmentSetsHref = () => '/assignment-set';
export const assignmentSetViewHref = (id: number) => `/assignment-set/view/${id}`;
export const assignmentLtiSetViewHref = (id: number) => `/assignment-lti-set/view/${id}`;
export const assignInSetHref = (setId: number) => `/assignment-set/${setId}/assign`;
