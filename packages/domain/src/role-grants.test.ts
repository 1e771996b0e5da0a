import { describe, expect, it } from 'vitest';
import { buildPolicy, permissionsForUser, type Permission } from './permissions.ts';
import type { Role } from './roles.ts';
import {
  assignableRoles,
  canAssignRole,
  canGrantPermissions,
  tenantLevelOf,
  userResourceForRole,
  type Grantor,
} from './role-grants.ts';

function grantor(role: Role, level: Grantor['level'], permissions: Permission[] | null = null): Grantor {
  const perms = permissionsForUser({ role, permissions });
  return { policy: buildPolicy(perms, { multiDomain: level === 'global' }), level };
}

const superAdmin = grantor('super-administrator', 'global');
const domainAdmin = grantor('domain-administrator', 'domain');
const districtAdmin = grantor('administrator', 'account');
const schoolAdmin = grantor('school-administrator', 'organization');
const teacher = grantor('teacher', 'organization');

describe('assignableRoles', () => {
  it('lets each built-in role give its own level and below, never above', () => {
    expect(assignableRoles(superAdmin)).toEqual([
      'custom',
      'super-administrator',
      'domain-administrator',
      'administrator',
      'school-administrator',
      'teacher',
    ]);
    expect(assignableRoles(domainAdmin)).toEqual([
      'custom',
      'domain-administrator',
      'administrator',
      'school-administrator',
      'teacher',
    ]);
    expect(assignableRoles(districtAdmin)).toEqual(['custom', 'administrator', 'school-administrator', 'teacher']);
    expect(assignableRoles(schoolAdmin)).toEqual(['custom', 'school-administrator', 'teacher']);
    expect(assignableRoles(teacher)).toEqual(['custom', 'teacher']);
  });

  it('checks the tenant level as well as the policy: a district-level custom role holding role-domain-admin gives no domain admins', () => {
    const custom = grantor('custom', 'account', ['role-domain-admin']);
    expect(assignableRoles(custom)).not.toContain('domain-administrator');
    expect(assignableRoles(custom)).toContain('administrator');
  });

  it('gives a custom role only the built-in roles its permissions cover', () => {
    expect(assignableRoles(grantor('custom', 'account', ['account-view']))).toEqual(['custom']);
  });
});

describe('canGrantPermissions', () => {
  it('allows permissions within the actor policy', () => {
    expect(canGrantPermissions(districtAdmin.policy, ['account-view', 'role-teacher', 'role-school-admin'])).toBe(true);
    expect(canGrantPermissions(domainAdmin.policy, ['role-account-admin', 'permission-role-management'])).toBe(true);
  });

  it('refuses permissions the actor does not hold', () => {
    expect(canGrantPermissions(districtAdmin.policy, ['role-super-admin'])).toBe(false);
    expect(canGrantPermissions(districtAdmin.policy, ['account-staff-management'])).toBe(false);
    expect(canGrantPermissions(districtAdmin.policy, ['permission-role-management'])).toBe(false);
    expect(canGrantPermissions(schoolAdmin.policy, ['account-view'])).toBe(false);
    expect(canGrantPermissions(teacher.policy, ['role-school-admin'])).toBe(false);
  });

  it('refuses multi-domain-only permissions to a domain user, allows them to a global one', () => {
    expect(canGrantPermissions(domainAdmin.policy, ['domain-management'])).toBe(false);
    expect(canGrantPermissions(superAdmin.policy, ['domain-management', 'store-management'])).toBe(true);
  });

  it('refuses a permission opening a context the actor is not allowed', () => {
    // a policy with every resource of the account admin bundle but no account context
    const noContext = { ...districtAdmin.policy, context: { account: false, organization: true } };
    expect(canGrantPermissions(noContext, ['role-account-admin'])).toBe(false);
  });

  it('an empty list is always grantable', () => {
    expect(canGrantPermissions(teacher.policy, [])).toBe(true);
  });
});

describe('canAssignRole', () => {
  it('checks a custom role permission list', () => {
    expect(canAssignRole(districtAdmin, 'custom', ['account-view'])).toBe(true);
    expect(canAssignRole(districtAdmin, 'custom', ['role-super-admin'])).toBe(false);
    expect(canAssignRole(schoolAdmin, 'administrator')).toBe(false);
    expect(canAssignRole(districtAdmin, 'domain-administrator')).toBe(false);
    expect(canAssignRole(districtAdmin, 'super-administrator')).toBe(false);
    expect(canAssignRole(districtAdmin, 'student')).toBe(false);
  });
});

describe('userResourceForRole', () => {
  it('guards teachers with the teacher resource and other staff with user', () => {
    expect(userResourceForRole('teacher')).toBe('teacher');
    expect(userResourceForRole('administrator')).toBe('user');
    expect(userResourceForRole('custom')).toBe('user');
  });
});

describe('tenantLevelOf', () => {
  const policy = (role: Role) => buildPolicy(permissionsForUser({ role, permissions: null }), { multiDomain: false });
  it('places a user by domain, account and the account context of their policy', () => {
    expect(tenantLevelOf({ domainId: null, accountId: null }, policy('super-administrator'))).toBe('global');
    expect(tenantLevelOf({ domainId: 1, accountId: null }, policy('domain-administrator'))).toBe('domain');
    expect(tenantLevelOf({ domainId: 1, accountId: 2 }, policy('administrator'))).toBe('account');
    expect(tenantLevelOf({ domainId: 1, accountId: 2 }, policy('school-administrator'))).toBe('organization');
    expect(tenantLevelOf({ domainId: 1, accountId: 2 }, policy('teacher'))).toBe('organization');
  });
  it('treats a user with no domain as provider staff even when an account is set, as the API scopes them', () => {
    expect(tenantLevelOf({ domainId: null, accountId: 5 }, policy('administrator'))).toBe('global');
    expect(tenantLevelOf({ domainId: undefined, accountId: 5 }, policy('administrator'))).toBe('global');
  });
});
