import { buildPolicy, permissionsForUser, type Permission } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isCurrentNavItem } from '../config/navigation';
import { ROUTES } from '../config/routes';
import { decideRoute, findRoute, visibleNavItems, type Viewer } from './route-decision';

// Policies exactly as the API builds them for /my.
function viewer(
  role: Role,
  opts: { permissions?: Permission[]; accountId?: number | null; orgs?: number[]; multiDomain?: boolean } = {},
): Viewer {
  const permissions = permissionsForUser({ role, permissions: opts.permissions ?? null });
  return {
    role,
    account_id: opts.accountId === undefined ? 7 : opts.accountId,
    organizationIds: opts.orgs ?? [4, 5],
    policy: buildPolicy(permissions, { multiDomain: opts.multiDomain ?? false }),
  };
}

const superAdmin = viewer('super-administrator', { accountId: null, orgs: [], multiDomain: true });
const domainAdmin = viewer('domain-administrator', { accountId: null, orgs: [] });
const districtAdmin = viewer('administrator');
const schoolAdmin = viewer('school-administrator', { orgs: [4] });
const teacher = viewer('teacher', { orgs: [4] });
const reporter = viewer('custom', { permissions: ['quick-report-view', 'reports-management', 'account-view'] });

// 001 section 2, protected route prefixes, as the spec lists them.
const SPEC_PREFIXES =
  `/academic-sessions, /accounts, /activities, /activity, /activity-builder, /activity/preview, /admins,
/anonymize, /archive, /assign, /assignment, /assignment-lti-set, /assignment-set, /assignments, /calendar, /classes,
/coming-soon, /content, /create-account, /create-lti-platform, /create-merge-account, /create-product, /delete,
/delete-data, /demo-accounts, /details, /domain, /domains, /edit-account, /emails, /events, /game, /games, /groups,
/guide, /guides, /help, /, /lab-groups, /license, /licenses, /licenses-connect, /licenses-connected, /logs,
/lti-deployment, /lti-deployments, /lti-keys, /lti-platform, /lti-platforms, /map, /merge-accounts, /no-permissions,
/one-roster-history, /one-roster-review, /options, /organization, /organizations, /pas, /pas-assignments,
/pas-students, /planetary-missions, /products, /profile, /report-builder, /report-manager, /reports,
/reports-activities, /reports-assignments, /reports-lianalysis, /reports-progress, /reports-usage, /user-tasks,
/resource, /rewards, /role, /roles, /sensor, /sensors, /scheduling, /search-results, /settings, /simulations, /staff,
/standard, /standards, /status, /store-feature-calendar, /store-item, /store-items, /store-package, /store-packages,
/store-sale-calendar, /student-activities, /student-profile, /students, /summary, /support, /teacher-profile,
/teachers, /tech-settings, /user, /worker-servers`
    .split(',')
    .map((p) => p.trim());

describe('route table', () => {
  it('registers every protected prefix of 001 section 2', () => {
    expect(SPEC_PREFIXES).toHaveLength(102);
    const missing = SPEC_PREFIXES.filter((prefix) => findRoute(prefix)?.def.path !== prefix);
    expect(missing).toEqual([]);
  });

  it('has one row per path', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('registers the * lists under the other scopes and under an account', () => {
    for (const path of [
      '/accounts/1/classes',
      '/teachers/2/classes',
      '/organizations/3/classes',
      '/accounts/1/teachers/2/classes',
      '/classes/5/groups',
      '/students/6/groups',
      '/organizations/3/teachers',
      '/accounts/1/admins',
      '/groups/9/students',
    ]) {
      expect(findRoute(path), path).not.toBeNull();
    }
  });

  it('gives each row the resource and actions of 001 section 2', () => {
    expect(findRoute('/accounts/1/settings')?.def).toMatchObject({ resource: 'account', actions: ['view', 'update'] });
    expect(findRoute('/accounts/1/delete-data')?.def).toMatchObject({
      resource: 'account',
      actions: ['view', 'delete'],
    });
    expect(findRoute('/groups/create')?.def).toMatchObject({ resource: 'group', actions: ['view', 'create'] });
    expect(findRoute('/groups/update/3')?.def).toMatchObject({ resource: 'group', actions: ['view', 'update'] });
    expect(findRoute('/groups/3')?.def).toMatchObject({ resource: 'group', actions: ['view'] });
    expect(findRoute('/no-permissions')?.def.resource).toBeNull();
  });
});

describe('findRoute', () => {
  // the answer of React Router over the whole table, as the router itself ranks it
  const whole = ROUTES.map((def) => ({ path: def.path, handle: def }));
  const reference = (pathname: string) => {
    const match = matchRoutes(whole, pathname)?.[0];
    return match ? { path: match.route.handle.path, params: match.params } : null;
  };
  const fast = (pathname: string) => {
    const found = findRoute(pathname);
    return found ? { path: found.def.path, params: found.params } : null;
  };

  // React Router over the whole table costs milliseconds a call (which is why findRoute does not): every row once,
  // and the variants of every fourth row
  it('finds the same row and parameters as React Router over the whole table', { timeout: 120_000 }, () => {
    const paths = ROUTES.flatMap((def, i) => {
      const concrete = def.path.replace(/:[A-Za-z]+/g, '12');
      if (i % 4 !== 0) return [concrete];
      const [, first = '', ...rest] = concrete.split('/');
      return [
        concrete,
        `${concrete.toUpperCase()}/`,
        `/${encodeURIComponent(first).replace(/-/g, '%2D')}${rest.length ? `/${rest.join('/')}` : ''}`,
        def.path.replace(/:[A-Za-z]+/g, 'abc'),
        `${concrete}/no-such-tab`,
      ];
    });
    paths.push('/', '', '/no-such-page', '/%E0%A4%A/1', '//activities', '/activities//', '/ACTIVITY-builder/5/6');
    const expected = paths.map(reference);
    const differing = (): string[] => paths.filter((p, i) => JSON.stringify(fast(p)) !== JSON.stringify(expected[i]));
    expect(differing()).toEqual([]);
    // and again from the memo
    expect(differing()).toEqual([]);
  });
});

describe('decideRoute', () => {
  it('sends a visitor who is not signed in to sign-in', () => {
    expect(decideRoute(null, '/classes/1')).toBe('sign-in');
  });

  it('reads ids of 1 to 9 digits; 10 digits or letters are page not found', () => {
    expect(decideRoute(teacher, '/classes/1')).toBe('ok');
    expect(decideRoute(teacher, '/classes/123456789')).toBe('ok');
    expect(decideRoute(teacher, '/classes/1234567890')).toBe('not-found');
    expect(decideRoute(teacher, '/classes/abc')).toBe('not-found');
    expect(decideRoute(teacher, '/classes/12a')).toBe('not-found');
    expect(decideRoute(teacher, '/groups/update/1234567890')).toBe('not-found');
    expect(decideRoute(teacher, '/groups/update/12')).toBe('ok');
    expect(decideRoute(teacher, '/pas/0')).toBe('ok');
    expect(decideRoute(teacher, '/pas-assignments/x1')).toBe('not-found');
    expect(decideRoute(teacher, '/student-profile/1234567890')).toBe('not-found');
    expect(decideRoute(teacher, '/teacher-profile/12')).toBe('ok');
    expect(decideRoute(superAdmin, '/organizations/1234567890')).toBe('not-found');
    expect(decideRoute(superAdmin, '/accounts/one')).toBe('not-found');
  });

  it('shows page not found for unknown paths', () => {
    expect(decideRoute(superAdmin, '/no-such-page')).toBe('not-found');
    expect(decideRoute(superAdmin, '/classes/1/no-such-tab')).toBe('not-found');
  });

  it('sends a user without the resource action to no-permissions', () => {
    expect(decideRoute(teacher, '/products')).toBe('no-permission');
    expect(decideRoute(teacher, '/map')).toBe('no-permission');
    expect(decideRoute(teacher, '/activity-builder/3')).toBe('no-permission');
    expect(decideRoute(districtAdmin, '/products')).toBe('no-permission');
    // view on accounts is not update
    expect(decideRoute(reporter, '/accounts/7')).toBe('ok');
    expect(decideRoute(reporter, '/accounts/7/settings')).toBe('no-permission');
    expect(decideRoute(reporter, '/accounts/7/delete')).toBe('no-permission');
    expect(decideRoute(districtAdmin, '/accounts/7/settings')).toBe('ok');
  });

  it('lets any signed-in user open no-permissions, coming soon and their own settings', () => {
    const nobody = viewer('custom', { permissions: [] });
    expect(decideRoute(nobody, '/')).toBe('no-permission');
    expect(decideRoute(nobody, '/no-permissions')).toBe('ok');
    expect(decideRoute(nobody, '/coming-soon')).toBe('ok');
    expect(decideRoute(nobody, '/settings/security')).toBe('ok');
  });

  it('sends users home from an account or organization id their context does not allow', () => {
    expect(decideRoute(teacher, '/accounts/1')).toBe('/');
    expect(decideRoute(teacher, '/organizations/4')).toBe('/');
    expect(decideRoute(teacher, '/organizations/4/classes')).toBe('/');
    expect(decideRoute(schoolAdmin, '/accounts/7')).toBe('/');
    expect(decideRoute(schoolAdmin, '/accounts/7/classes')).toBe('/');
    expect(decideRoute(schoolAdmin, '/organizations/4')).toBe('ok');
    // the context rule wins over the missing resource: the page's existence is not confirmed
    expect(decideRoute(teacher, '/accounts/1/settings')).toBe('/');
  });

  it('sends account-context users home from */classes, */organizations and */teacher lists without an account', () => {
    expect(decideRoute(districtAdmin, '/teachers/3/classes')).toBe('/');
    expect(decideRoute(districtAdmin, '/organizations/4/teachers')).toBe('/');
    expect(decideRoute(districtAdmin, '/groups/2/organizations')).toBe('/');
    expect(decideRoute(superAdmin, '/organizations/4/classes')).toBe('/');
    expect(decideRoute(districtAdmin, '/accounts/7/teachers/3/classes')).toBe('ok');
    expect(decideRoute(districtAdmin, '/accounts/7/organizations/4/classes')).toBe('ok');
    expect(decideRoute(districtAdmin, '/classes/3/groups')).toBe('ok');
    // school admins have no account context, so the same list is theirs without one
    expect(decideRoute(schoolAdmin, '/teachers/3/classes')).toBe('ok');
  });

  it('sends an account admin from home to their own account', () => {
    expect(decideRoute(districtAdmin, '/')).toBe('/accounts/7');
    expect(decideRoute(districtAdmin, '/accounts/7')).toBe('ok');
    expect(decideRoute(viewer('administrator', { accountId: null }), '/')).toBe('ok');
  });

  it('sends a school admin of exactly one organization from home to it', () => {
    expect(decideRoute(schoolAdmin, '/')).toBe('/organizations/4');
    expect(decideRoute(viewer('school-administrator', { orgs: [4, 5] }), '/')).toBe('ok');
    expect(decideRoute(viewer('school-administrator', { orgs: [] }), '/')).toBe('ok');
    // a teacher of one school stays home
    expect(decideRoute(teacher, '/')).toBe('ok');
  });
});

describe('main navigation', () => {
  const labels = (v: Viewer) => visibleNavItems(v.policy).map((item) => item.key);

  it('lists the 21 sections of 001 section 2, each opening a registered route', () => {
    expect(NAV_ITEMS).toHaveLength(21);
    for (const item of NAV_ITEMS) expect(findRoute(item.path)?.def.path, item.key).toBe(item.path);
  });

  it('shows each role exactly the sections its policy grants', () => {
    expect(labels(superAdmin)).toEqual(NAV_ITEMS.map((item) => item.key));
    expect(labels(domainAdmin)).toEqual([
      'home',
      'dashboard',
      'content',
      'products',
      'licensing',
      'accounts',
      'organizations',
      'rostering',
      'lti',
      'academicSessions',
      'assignments',
      'groups',
      'reports',
      'pas',
      'rewards',
    ]);
    expect(labels(districtAdmin)).toEqual([
      'home',
      'dashboard',
      'content',
      'licensing',
      'accounts',
      'organizations',
      'rostering',
      'academicSessions',
      'assignments',
      'groups',
      'reports',
      'pas',
      'rewards',
    ]);
    expect(labels(schoolAdmin)).toEqual([
      'home',
      'dashboard',
      'content',
      'organizations',
      'academicSessions',
      'assignments',
      'groups',
      'reports',
      'pas',
      'rewards',
    ]);
    expect(labels(teacher)).toEqual([
      'home',
      'dashboard',
      'content',
      'assignments',
      'groups',
      'reports',
      'pas',
      'rewards',
    ]);
    expect(labels(reporter)).toEqual(['home', 'dashboard', 'accounts', 'reports']);
    expect(labels(viewer('custom', { permissions: [] }))).toEqual([]);
  });

  it('never shows an item that would lead to no-permissions', () => {
    for (const v of [superAdmin, domainAdmin, districtAdmin, schoolAdmin, teacher, reporter]) {
      for (const item of visibleNavItems(v.policy)) {
        expect(decideRoute(v, item.path), item.path).not.toBe('no-permission');
      }
    }
  });

  it('marks Content current on its landing page and on the pages of its areas', () => {
    const current = (pathname: string) =>
      NAV_ITEMS.filter((item) => isCurrentNavItem(item, pathname)).map((item) => item.key);
    for (const path of ['/content', '/activities', '/Activities/', '/activity-builder/3/4', '/activity/view/5'])
      expect(current(path), path).toEqual(['content']);
    expect(current('/')).toEqual(['home']);
    expect(current('/assignments/')).toEqual(['assignments']);
    expect(current('/accounts/7/activities')).toEqual(['accounts']);
    expect(current('/activityx')).toEqual([]);
  });
});
