import { can, type Policy } from '@aula/domain/permissions';
import {
  assignableRoles,
  canAssignRole,
  tenantLevelOf,
  userResourceForRole,
  type TenantLevel,
} from '@aula/domain/role-grants';
import type { Role, StaffRole } from '@aula/domain/roles';

// The same grant ceiling as the API (users.service.ts via @aula/domain/role-grants): the form offers only the roles
// the viewer may give, and an account-level viewer's users go into their own account.

export interface StaffViewer {
  role: Role;
  domain_id?: number | null | undefined;
  account_id: number | null;
}

/** The viewer's tenant level: the API's own rule (tenantScopeOf uses the same function). */
export const viewerLevel = (viewer: StaffViewer, policy: Policy): TenantLevel =>
  tenantLevelOf({ domainId: viewer.domain_id, accountId: viewer.account_id }, policy);

/** True for provider and domain staff, who see the staff placed in no account (the /staff list). */
export function seesProviderStaff(viewer: StaffViewer, policy: Policy): boolean {
  const level = viewerLevel(viewer, policy);
  return level === 'global' || level === 'domain';
}

/** Roles the viewer may give a new user: within their grant ceiling and their user or teacher create right. */
export function rolesToGrant(viewer: StaffViewer, policy: Policy): StaffRole[] {
  return assignableRoles({ policy, level: viewerLevel(viewer, policy) }).filter((role) => {
    if (role === 'custom' && !can(policy, 'role', 'view')) return false;
    return can(policy, role === 'teacher' ? 'teacher' : 'user', 'create');
  });
}

/** Roles placed in an account (they need one, and may belong to its schools). */
export const needsAccount = (role: StaffRole | undefined, level: TenantLevel): boolean =>
  role === 'administrator' ||
  role === 'school-administrator' ||
  role === 'teacher' ||
  (role === 'custom' && (level === 'account' || level === 'organization'));

/** May the viewer change this user: their role's update right, and a role the viewer could have given. */
export function canManageUser(viewer: StaffViewer, policy: Policy, role: Role): boolean {
  if (!can(policy, userResourceForRole(role), 'update')) return false;
  return canAssignRole({ policy, level: viewerLevel(viewer, policy) }, role);
}
