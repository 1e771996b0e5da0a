import { buildPolicy, permissionsForUser, type Permission } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { describe, expect, it } from 'vitest';
import { decideRoute, findRoute, type Viewer } from '../../../app/route-decision';
import { CONTENT_AREAS } from '../../../config/content-areas';
import { showsComingSoon } from '../../../config/routes';
import { visibleContentAreas } from './visible-areas';

// Policies exactly as the API builds them for /my.
function viewer(role: Role, permissions: Permission[] | null = null, multiDomain = false): Viewer {
  return {
    role,
    account_id: role === 'administrator' ? 7 : null,
    organizationIds: [4],
    policy: buildPolicy(permissionsForUser({ role, permissions }), { multiDomain }),
  };
}

const roles = {
  superAdmin: viewer('super-administrator', null, true),
  domainAdmin: viewer('domain-administrator'),
  districtAdmin: viewer('administrator'),
  schoolAdmin: viewer('school-administrator'),
  teacher: viewer('teacher'),
  reporter: viewer('custom', ['quick-report-view', 'account-view']),
  contentReader: viewer('custom', ['activity-view']),
};
const keys = (v: Viewer) => visibleContentAreas(v.policy).map((a) => a.key);

describe('content areas (the Content section)', () => {
  it('offers each role the areas its policy grants', () => {
    expect(keys(roles.superAdmin)).toEqual([
      'activities',
      'activityBuilder',
      'folders',
      'guides',
      'simulations',
      'sensors',
    ]);
    expect(keys(roles.domainAdmin)).toEqual(['activities', 'activityBuilder', 'folders', 'simulations', 'sensors']);
    // 001 section 6: account and school admins and teachers have view of activities and simulations, no builder
    expect(keys(roles.districtAdmin)).toEqual(['activities', 'simulations']);
    expect(keys(roles.schoolAdmin)).toEqual(['activities', 'simulations']);
    expect(keys(roles.teacher)).toEqual(['activities', 'simulations']);
    expect(keys(roles.contentReader)).toEqual(['activities']);
    expect(keys(roles.reporter)).toEqual([]);
  });

  it('never offers an area that leads to no-permissions, and each opens a page of its own', () => {
    for (const [name, v] of Object.entries(roles)) {
      for (const area of visibleContentAreas(v.policy)) {
        expect(decideRoute(v, area.path), `${name} ${area.key}`).toBe('ok');
      }
    }
  });

  it("asks at least the route's own access and is built exactly when the route has its page", () => {
    for (const area of CONTENT_AREAS) {
      const def = findRoute(area.path)?.def;
      expect(def?.path, area.key).toBe(area.path);
      expect(area.resource, area.key).toBe(def!.resource);
      expect(area.actions, area.key).toEqual(expect.arrayContaining([...def!.actions]));
      expect(area.built, area.key).toBe(!showsComingSoon(def!));
    }
  });

  it('shows the landing page to whoever has an area, and Content to whoever may open the landing page', () => {
    for (const [name, v] of Object.entries(roles)) {
      const landing = decideRoute(v, '/content');
      expect(landing === 'ok', name).toBe(keys(v).length > 0);
    }
  });
});
