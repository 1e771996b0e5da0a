import { buildPolicy, permissionsForUser, type Permission } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { describe, expect, it } from 'vitest';
import { decideRoute, type Viewer } from '../../../app/route-decision';
import { ACCOUNT_AREAS, visibleAccountAreas } from './account-areas';

function viewer(role: Role, permissions?: Permission[]): Viewer {
  const perms = permissionsForUser({ role, permissions: permissions ?? null });
  return {
    role,
    account_id: 7,
    organizationIds: [],
    policy: buildPolicy(perms, { multiDomain: role === 'super-administrator' }),
  };
}

describe('the account page links', () => {
  const viewers: [string, Viewer][] = [
    ['super admin', viewer('super-administrator')],
    ['domain admin', viewer('domain-administrator')],
    ['district admin', viewer('administrator')],
    ['account viewer', viewer('custom', ['account-view'])],
    ['account viewer with schools', viewer('custom', ['account-view', 'organization-management'])],
  ];

  it.each(viewers)('shows a %s exactly the areas the route guard opens', (_name, v) => {
    const shown = visibleAccountAreas(v.policy, 7).map((a) => a.path);
    for (const area of ACCOUNT_AREAS) {
      const path = `/accounts/7${area.tail}` as const;
      expect(shown.includes(path), path).toBe(decideRoute(v, path) === 'ok');
    }
  });

  it('shows a district admin every area and an account viewer none', () => {
    expect(visibleAccountAreas(viewer('administrator').policy, 7)).toHaveLength(ACCOUNT_AREAS.length);
    expect(visibleAccountAreas(viewer('custom', ['account-view']).policy, 7)).toEqual([]);
  });
});
