import { can, type Action, type Policy, type Resource } from '@aula/domain/permissions';

// The areas an account page links to (issue 15 item 1), each with the resource and actions of its row in
// config/routes.ts, so a link is shown exactly when its page would open (account-areas.test.ts checks this against
// the route guard itself).

export const ACCOUNT_AREAS = [
  { key: 'organizations', tail: '/organizations', resource: 'organization', actions: ['view'] },
  { key: 'teachers', tail: '/teachers', resource: 'teacher', actions: ['view'] },
  { key: 'students', tail: '/students', resource: 'student', actions: ['view'] },
  { key: 'classes', tail: '/classes', resource: 'class', actions: ['view'] },
  { key: 'groups', tail: '/groups', resource: 'group', actions: ['view'] },
  { key: 'admins', tail: '/admins', resource: 'user', actions: ['view'] },
  { key: 'assignments', tail: '/assignments', resource: 'assignment', actions: ['view'] },
  { key: 'academicSessions', tail: '/academic-sessions', resource: 'academic-session', actions: ['view'] },
  { key: 'settings', tail: '/settings', resource: 'account', actions: ['view', 'update'] },
  { key: 'options', tail: '/options', resource: 'account', actions: ['view', 'update'] },
] as const satisfies readonly { key: string; tail: string; resource: Resource; actions: readonly Action[] }[];

export type AccountAreaKey = (typeof ACCOUNT_AREAS)[number]['key'];

/** The account's areas this policy may open, with their paths. */
export function visibleAccountAreas(policy: Policy, accountId: number): { key: AccountAreaKey; path: `/${string}` }[] {
  return ACCOUNT_AREAS.filter((a) => can(policy, a.resource, a.actions)).map((a) => ({
    key: a.key,
    path: `/accounts/${accountId}${a.tail}`,
  }));
}
