import { buildPolicy, permissionsForUser } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { describe, expect, it } from 'vitest';
import { canManageUser, rolesToGrant, seesProviderStaff, viewerLevel } from './grants';

const viewer = (role: Role, domain_id: number | null, account_id: number | null) => ({ role, domain_id, account_id });
const policyOf = (role: Role, domain_id: number | null) =>
  buildPolicy(permissionsForUser({ role }), { multiDomain: domain_id === null });

describe('staff grants on the dashboard', () => {
  it('places each built-in viewer at their tenant level, as the API does', () => {
    expect(viewerLevel(viewer('super-administrator', null, null), policyOf('super-administrator', null))).toBe(
      'global',
    );
    expect(viewerLevel(viewer('domain-administrator', 1, null), policyOf('domain-administrator', 1))).toBe('domain');
    expect(viewerLevel(viewer('administrator', 1, 2), policyOf('administrator', 1))).toBe('account');
    expect(viewerLevel(viewer('school-administrator', 1, 2), policyOf('school-administrator', 1))).toBe('organization');
  });

  it('offers a district administrator teachers only, and provider staff every staff role', () => {
    expect(rolesToGrant(viewer('administrator', 1, 2), policyOf('administrator', 1))).toEqual(['teacher']);
    expect(rolesToGrant(viewer('super-administrator', null, null), policyOf('super-administrator', null))).toEqual([
      'custom',
      'super-administrator',
      'domain-administrator',
      'administrator',
      'school-administrator',
      'teacher',
    ]);
    expect(rolesToGrant(viewer('teacher', 1, 2), policyOf('teacher', 1))).toEqual([]);
  });

  it('shows the staff list to provider and domain staff only', () => {
    expect(seesProviderStaff(viewer('super-administrator', null, null), policyOf('super-administrator', null))).toBe(
      true,
    );
    expect(seesProviderStaff(viewer('domain-administrator', 1, null), policyOf('domain-administrator', 1))).toBe(true);
    expect(seesProviderStaff(viewer('administrator', 1, 2), policyOf('administrator', 1))).toBe(false);
  });

  it('lets a district administrator manage teachers but not other administrators', () => {
    const v = viewer('administrator', 1, 2);
    const p = policyOf('administrator', 1);
    expect(canManageUser(v, p, 'teacher')).toBe(true);
    expect(canManageUser(v, p, 'administrator')).toBe(false);
    expect(canManageUser(v, p, 'super-administrator')).toBe(false);
  });
});
