import { can, type Action, type Policy, type Resource } from '@aula/domain/permissions';

// Issue 15: the administration pages that have no section of their own in the spec's 21-item main navigation
// (staff, users, roles, domains, the technology settings and the platform status), linked from the provider staff's
// home. Each carries its route row's resource and actions (admin-links.test.ts checks them against routes.ts), so a
// link is shown exactly when its page opens.

export const ADMIN_LINKS = [
  { key: 'accounts', path: '/accounts', resource: 'account', actions: ['view'] },
  { key: 'organizations', path: '/organizations', resource: 'organization', actions: ['view'] },
  { key: 'staff', path: '/staff', resource: 'user', actions: ['view'] },
  { key: 'users', path: '/user', resource: 'user', actions: ['view'] },
  { key: 'roles', path: '/roles', resource: 'role', actions: ['view'] },
  { key: 'domains', path: '/domains', resource: 'domain', actions: ['view'] },
  { key: 'techSettings', path: '/tech-settings', resource: 'technology', actions: ['view'] },
  { key: 'status', path: '/status', resource: 'technology', actions: ['view'] },
  { key: 'workers', path: '/worker-servers', resource: 'technology', actions: ['view'] },
] as const satisfies readonly { key: string; path: `/${string}`; resource: Resource; actions: readonly Action[] }[];

export type AdminLinkKey = (typeof ADMIN_LINKS)[number]['key'];

export function visibleAdminLinks(policy: Policy): (typeof ADMIN_LINKS)[number][] {
  return ADMIN_LINKS.filter((link) => can(policy, link.resource, link.actions));
}
