import { PERMISSIONS, PERMISSION_DEFINITIONS, ROLE_BUNDLES, type Permission } from '@aula/domain/permissions';
import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../roles.types';
import { grantLines, grantsOf, groupPermissions, mainResource, offeredPermissions } from './permission-grants';

const catalogue = (grantable: (p: Permission) => boolean = () => true): CatalogueEntry[] =>
  PERMISSIONS.map((name) => ({
    name,
    description: PERMISSION_DEFINITIONS[name].description,
    rules: PERMISSION_DEFINITIONS[name].rules,
    multi_domain_only: PERMISSION_DEFINITIONS[name].rules.domain?.multi_domain_only === true,
    bundle: (ROLE_BUNDLES as readonly Permission[]).includes(name),
    grantable: grantable(name),
  }));

describe('permission grants', () => {
  it('states each permission as lines of actions and resources, the widest first', () => {
    expect(grantLines(PERMISSION_DEFINITIONS['product-management'].rules.resources)).toEqual([
      { actions: ['view', 'create', 'update', 'delete'], resources: ['product'] },
      { actions: ['view'], resources: ['main'] },
    ]);
    expect(grantLines(PERMISSION_DEFINITIONS['account-view'].rules.resources)).toEqual([
      { actions: ['view'], resources: ['main', 'account'] },
    ]);
  });

  it('groups single permissions by their resource in the spec order, bundles last', () => {
    const groups = groupPermissions(catalogue());
    expect(groups[0]).toMatchObject({ key: 'account' });
    expect(groups[0]!.entries.map((e) => e.name)).toEqual(['account-management', 'account-view']);
    expect(groups.find((g) => g.key === 'user')!.entries.map((e) => e.name)).toEqual([
      'account-staff-view',
      'account-staff-management',
      'global-staff-management',
    ]);
    expect(groups.at(-1)).toMatchObject({ key: 'bundles' });
    expect(groups.at(-1)!.entries.map((e) => e.name)).toEqual(
      [...ROLE_BUNDLES].sort((a, b) => PERMISSIONS.indexOf(a) - PERMISSIONS.indexOf(b)),
    );
    expect(groups.flatMap((g) => g.entries)).toHaveLength(PERMISSIONS.length);
    expect(mainResource(catalogue().find((e) => e.name === 'lti-management')!)).toBe('lti-deployment');
  });

  it('offers multi-domain-only permissions only to a role of no domain, and only what the caller may grant', () => {
    const all = offeredPermissions(catalogue(), true);
    expect(all.offered.map((e) => e.name)).toContain('domain-management');
    expect(all.hiddenMultiDomain).toBe(0);
    const inDomain = offeredPermissions(catalogue(), false);
    expect(inDomain.offered.map((e) => e.name)).not.toContain('domain-management');
    expect(inDomain.hiddenMultiDomain).toBe(4);
    const few = offeredPermissions(
      catalogue((p) => p === 'account-view' || p === 'store-management'),
      false,
    );
    expect(few).toEqual({ offered: [expect.objectContaining({ name: 'account-view' })], hiddenMultiDomain: 1 });
  });

  it('computes the resource-by-action grid a selection grants, as the guards will', () => {
    expect(grantsOf(['product-management'], false)).toEqual([
      { resource: 'main', actions: ['view'] },
      { resource: 'product', actions: ['view', 'create', 'update', 'delete'] },
    ]);
    expect(grantsOf(['account-view', 'account-management'], false)).toEqual([
      { resource: 'main', actions: ['view'] },
      { resource: 'account', actions: ['view', 'create', 'update', 'delete'] },
    ]);
    expect(grantsOf(['domain-management'], false)).toEqual([]);
    expect(grantsOf([], true)).toEqual([]);
  });
});
