import { describe, expect, it } from 'vitest';
import { canManageOrganizations, organizationCreateSchema } from './organizations.ts';
import { buildPolicy, type Permission } from './permissions.ts';

const policy = (...permissions: Permission[]) => buildPolicy(permissions, { multiDomain: false });

describe('canManageOrganizations', () => {
  it('lets organization managers and account administrators create and edit schools, no one else', () => {
    for (const action of ['create', 'update'] as const) {
      expect(canManageOrganizations(policy('role-super-admin'), action)).toBe(true);
      expect(canManageOrganizations(policy('role-domain-admin'), action)).toBe(true);
      expect(canManageOrganizations(policy('role-account-admin'), action)).toBe(true);
      expect(canManageOrganizations(policy('organization-management'), action)).toBe(true);
      expect(canManageOrganizations(policy('account-management'), action)).toBe(true);
      expect(canManageOrganizations(policy('role-school-admin'), action)).toBe(false);
      expect(canManageOrganizations(policy('role-teacher'), action)).toBe(false);
      expect(canManageOrganizations(policy('account-view'), action)).toBe(false);
      expect(canManageOrganizations(null, action)).toBe(false);
    }
  });
});

describe('organizationCreateSchema', () => {
  it('trims, turns blanks into null and checks coordinates, phone and website', () => {
    expect(organizationCreateSchema.parse({ name: ' Oak ', city: '  ', website: 'https://oak.example' })).toEqual({
      name: 'Oak',
      city: null,
      website: 'https://oak.example',
    });
    const bad = organizationCreateSchema.safeParse({ name: 'Oak', latitude: -91, phone: 'x', website: 'oak' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['latitude', 'validation.valid'],
      ['phone', 'validation.valid'],
      ['website', 'validation.valid'],
    ]);
  });
});
