import type { StudentScope } from '@aula/domain/people';

// The '*/{list}' routes (001 section 2): which account, school, class, teacher, admin, student or group a list of
// students, teachers or admins is under, read from the route's parameters.

export const LIST_SCOPES = [
  'accounts',
  'organizations',
  'classes',
  'teachers',
  'admins',
  'students',
  'groups',
] as const;
export type ListScope = (typeof LIST_SCOPES)[number];

const PARAM_OF: Record<ListScope, string> = {
  accounts: 'accountId',
  organizations: 'orgId',
  classes: 'classId',
  teachers: 'teacherId',
  admins: 'adminId',
  students: 'studentId',
  groups: 'groupId',
};

export interface ListScopeRef {
  scope: ListScope;
  id: number;
}

/** The innermost scope of the URL (/accounts/1/classes/3/students is class 3); null on an unscoped list. */
export function listScopeOf(params: Readonly<Record<string, string | undefined>>): ListScopeRef | null {
  const found = LIST_SCOPES.filter((s) => params[PARAM_OF[s]] !== undefined && /^\d{1,9}$/.test(params[PARAM_OF[s]]!));
  const inner = found.find((s) => s !== 'accounts') ?? found[0];
  return inner ? { scope: inner, id: Number(params[PARAM_OF[inner]]) } : null;
}

/** The student list's scope for a route scope (an admin or a student has no students of their own). */
export function studentScopeOf(ref: ListScopeRef | null): StudentScope | undefined {
  if (!ref) return undefined;
  switch (ref.scope) {
    case 'accounts':
      return { account_id: ref.id };
    case 'organizations':
      return { organization_id: ref.id };
    case 'classes':
      return { class_id: ref.id };
    case 'teachers':
      return { teacher_id: ref.id };
    case 'groups':
      return { group_id: ref.id };
    default:
      return undefined;
  }
}

/** The staff search's filter for a route scope: teachers of a class, student or group; staff of an account or school. */
export function staffFilterOf(ref: ListScopeRef | null): {
  account_id?: number;
  organization_id?: number;
  class_id?: number;
  student_id?: number;
  group_id?: number;
} {
  if (!ref) return {};
  switch (ref.scope) {
    case 'accounts':
      return { account_id: ref.id };
    case 'organizations':
      return { organization_id: ref.id };
    case 'classes':
      return { class_id: ref.id };
    case 'students':
      return { student_id: ref.id };
    case 'groups':
      return { group_id: ref.id };
    default:
      return {};
  }
}

/** The organizations list call's filter that names the scope's schools; null where the scope is not one of these. */
export function schoolsFilterOf(
  ref: ListScopeRef | null,
): { class_id: number } | { user_id: number } | { group_id: number } | null {
  switch (ref?.scope) {
    case 'classes':
      return { class_id: ref.id };
    case 'teachers':
    case 'admins':
    case 'students':
      return { user_id: ref.id };
    case 'groups':
      return { group_id: ref.id };
    default:
      return null;
  }
}
