import { describe, it, expect } from 'vitest';
import {
  ACTIONS,
  PERMISSIONS,
  PERMISSION_DEFINITIONS,
  RESOURCES,
  ROLE_BUNDLES,
  buildPolicy,
  can,
  canEditReportBuilder,
  contextRedirect,
  isMultiDomain,
  permissionDefinitionSchema,
  permissionsForUser,
  type Action,
  type Permission,
  type Policy,
  type Resource,
  type RoleBundle,
} from './permissions.ts';
import { ROLES, STAFF_ROLES, isStaffRole, roleSchema } from './roles.ts';

// Written out from 001 section 6 and 002 section 6: v=view, c=create, u=update, d=delete, '' = no access.
// 'main' is view for every bundle (home page); 'assignment-set' follows 'assignment'.
const EXPECTED: Record<RoleBundle, Record<Resource, string>> = {
  'role-super-admin': {
    main: 'vcud',
    account: 'vcud',
    'academic-session': 'vcud',
    technology: 'vcud',
    'lti-deployment': 'vcud',
    'user-task': 'vcud',
    user: 'vcud',
    activity: 'vcud',
    'activity-builder': 'vcud',
    domain: 'vcud',
    game: 'vcud',
    guide: 'vcud',
    report: 'vcud',
    license: 'vcud',
    lti: 'vcud',
    organization: 'vcud',
    class: 'vcud',
    group: 'vcud',
    assignment: 'vcud',
    'assignment-set': 'vcud',
    student: 'vcud',
    teacher: 'vcud',
    rewards: 'vcud',
    'pas-plan': 'vcud',
    role: 'vcud',
    product: 'vcud',
    'report-builder': 'vcud',
    'one-roster': 'vcud',
    simulation: 'vcud',
    standard: 'vcud',
    store: 'vcud',
    sensor: 'vcud',
    event: 'vcud',
  },
  'role-domain-admin': {
    main: 'v',
    account: 'vcud',
    'academic-session': 'vcud',
    technology: '',
    'lti-deployment': 'vcud',
    'user-task': 'v',
    user: 'vcud',
    activity: 'vcud',
    'activity-builder': 'vcud',
    domain: '',
    game: 'v',
    guide: 'vcud', // docs/guides.md: domain staff author guides
    report: 'v',
    license: 'vcud',
    lti: '',
    organization: 'v',
    class: 'vcud',
    group: 'vcud',
    assignment: 'vcud',
    'assignment-set': 'vcud',
    student: 'v',
    teacher: 'vcud',
    rewards: 'v',
    'pas-plan': 'vcud',
    role: 'vcud',
    product: 'vcud',
    'report-builder': 'vcud',
    'one-roster': 'vcud',
    simulation: 'v',
    standard: '',
    store: '',
    sensor: 'vcud',
    event: 'v',
  },
  'role-account-admin': {
    main: 'v',
    account: 'vcud',
    'academic-session': 'vcud',
    technology: '',
    'lti-deployment': '',
    'user-task': 'v',
    user: 'v',
    activity: 'v',
    'activity-builder': '',
    domain: '',
    game: 'v',
    guide: '',
    report: 'v',
    license: 'v',
    lti: '',
    organization: 'v',
    class: 'vcud',
    group: 'vcud',
    assignment: 'vcud',
    'assignment-set': 'vcud',
    student: 'v',
    teacher: 'vcud',
    rewards: 'v',
    'pas-plan': 'vcud',
    role: '',
    product: '',
    'report-builder': 'vcud',
    'one-roster': 'v',
    simulation: 'v',
    standard: '',
    store: '',
    sensor: '',
    event: 'v',
  },
  'role-school-admin': {
    main: 'v',
    account: '',
    'academic-session': 'vcud',
    technology: '',
    'lti-deployment': '',
    'user-task': 'v',
    user: 'v',
    activity: 'v',
    'activity-builder': '',
    domain: '',
    game: 'v',
    guide: '',
    report: 'v',
    license: '',
    lti: '',
    organization: 'v',
    class: 'vcud',
    group: 'vcud',
    assignment: 'vcud',
    'assignment-set': 'vcud',
    student: 'v',
    teacher: 'vcud',
    rewards: 'v',
    'pas-plan': 'vcud',
    role: '',
    product: '',
    'report-builder': 'vcud',
    'one-roster': '',
    simulation: 'v',
    standard: '',
    store: '',
    sensor: '',
    event: 'v',
  },
  'role-teacher': {
    main: 'v',
    account: '',
    'academic-session': '',
    technology: '',
    'lti-deployment': '',
    'user-task': '',
    user: '',
    activity: 'v',
    'activity-builder': '',
    domain: '',
    game: 'v',
    guide: '',
    report: 'v',
    license: '',
    lti: '',
    organization: '',
    class: 'vcud',
    group: 'vcud',
    assignment: 'vcud',
    'assignment-set': 'vcud',
    student: 'v',
    teacher: 'v',
    rewards: 'v',
    'pas-plan': 'vcud',
    role: '',
    product: '',
    'report-builder': 'vcud',
    'one-roster': '',
    simulation: 'v',
    standard: '',
    store: '',
    sensor: '',
    event: 'v',
  },
};

const EXPECTED_CONTEXT: Record<RoleBundle, Policy['context']> = {
  'role-super-admin': { account: true, organization: true },
  'role-domain-admin': { account: true, organization: true },
  'role-account-admin': { account: true, organization: true },
  'role-school-admin': { account: false, organization: true },
  'role-teacher': { account: false, organization: false },
};

const LETTER: Record<Action, string> = { view: 'v', create: 'c', update: 'u', delete: 'd' };

const bundleCases = ROLE_BUNDLES.flatMap((bundle) =>
  RESOURCES.flatMap((resource) =>
    ACTIONS.map((action) => ({
      bundle,
      resource,
      action,
      allowed: EXPECTED[bundle][resource].includes(LETTER[action]),
    })),
  ),
);

function policyOf(permissions: readonly Permission[], multiDomain = true): Policy {
  return buildPolicy(permissions, { multiDomain });
}

function policyWith(
  resources: Policy['resources'],
  context: Policy['context'] = { account: true, organization: true },
): Policy {
  return { resources, context };
}

describe('role bundles', () => {
  it('covers every bundle x resource x action', () => {
    expect(bundleCases).toHaveLength(5 * 33 * 4);
  });

  it.each(bundleCases)('$bundle: $action on $resource -> $allowed', ({ bundle, resource, action, allowed }) => {
    for (const multiDomain of [true, false]) {
      expect(can(policyOf([bundle], multiDomain), resource, action)).toBe(allowed);
    }
  });

  it.each(ROLE_BUNDLES)('%s has the spec context', (bundle) => {
    expect(policyOf([bundle]).context).toEqual(EXPECTED_CONTEXT[bundle]);
  });
});

describe('permission definitions', () => {
  it('defines every permission once, under its own name, in the entity shape', () => {
    expect(Object.keys(PERMISSION_DEFINITIONS).sort()).toEqual([...PERMISSIONS].sort());
    for (const name of PERMISSIONS) {
      const definition = PERMISSION_DEFINITIONS[name];
      expect(definition.name).toBe(name);
      expect(permissionDefinitionSchema.parse(definition)).toEqual(definition);
    }
  });

  it('marks exactly domain, game, lti and store management as multi-domain only', () => {
    const multiOnly = PERMISSIONS.filter((p) => PERMISSION_DEFINITIONS[p].rules.domain?.multi_domain_only === true);
    expect(multiOnly.sort()).toEqual(['domain-management', 'game-management', 'lti-management', 'store-management']);
  });

  it('management grants all four actions and view grants view only', () => {
    const pairs: [Permission, Resource][] = [
      ['account-management', 'account'],
      ['activity-management', 'activity'],
      ['license-management', 'license'],
      ['pas-management', 'pas-plan'],
      ['roster-management', 'one-roster'],
      ['reports-management', 'report-builder'],
    ];
    for (const [permission, resource] of pairs) {
      expect(policyOf([permission]).resources[resource]).toEqual(['view', 'create', 'update', 'delete']);
    }
    const views: [Permission, Resource][] = [
      ['account-view', 'account'],
      ['activity-view', 'activity'],
      ['license-view', 'license'],
      ['pas-view', 'pas-plan'],
      ['roster-history-view', 'one-roster'],
      ['quick-report-view', 'report'],
      ['simulations-view', 'simulation'],
      ['account-staff-view', 'user'],
    ];
    for (const [permission, resource] of views) {
      expect(policyOf([permission]).resources[resource]).toEqual(['view']);
      expect(can(policyOf([permission]), resource, 'update')).toBe(false);
    }
  });

  it('unions the actions of several permissions', () => {
    const policy = policyOf(['license-view', 'pas-management']);
    expect(can(policy, 'license')).toBe(true);
    expect(can(policy, 'license', 'create')).toBe(false);
    expect(can(policy, 'pas-plan', ['view', 'create', 'update', 'delete'])).toBe(true);
    expect(can(policy, 'product')).toBe(false);
  });
});

describe('permissionsForUser', () => {
  it('derives the bundle from the role when there is no explicit list', () => {
    expect(permissionsForUser({ role: 'super-administrator' })).toEqual(['role-super-admin']);
    expect(permissionsForUser({ role: 'domain-administrator' })).toEqual(['role-domain-admin']);
    expect(permissionsForUser({ role: 'administrator' })).toEqual(['role-account-admin']);
    expect(permissionsForUser({ role: 'school-administrator', permissions: null })).toEqual(['role-school-admin']);
    expect(permissionsForUser({ role: 'teacher', permissions: [] })).toEqual(['role-teacher']);
    expect(permissionsForUser({ role: 'custom' })).toEqual([]);
    expect(permissionsForUser({ role: 'student' })).toEqual([]);
  });

  it('uses the explicit list when present, even over the role bundle', () => {
    expect(permissionsForUser({ role: 'teacher', permissions: ['license-view'] })).toEqual(['license-view']);
    expect(permissionsForUser({ role: 'custom', permissions: ['pas-view', 'store-management'] })).toEqual([
      'pas-view',
      'store-management',
    ]);
  });

  it('drops unknown names and duplicates', () => {
    expect(permissionsForUser({ role: 'custom', permissions: ['pas-view', 'make-coffee', 'pas-view'] })).toEqual([
      'pas-view',
    ]);
    expect(permissionsForUser({ role: 'teacher', permissions: ['make-coffee'] })).toEqual([]);
  });
});

describe('can', () => {
  const policy = policyWith({ class: ['view', 'update'] });

  it('defaults to view', () => {
    expect(can(policy, 'class')).toBe(true);
    expect(can(policy, 'group')).toBe(false);
  });

  it('needs every requested action', () => {
    expect(can(policy, 'class', ['view', 'update'])).toBe(true);
    expect(can(policy, 'class', ['view', 'delete'])).toBe(false);
    expect(can(policy, 'class', 'delete')).toBe(false);
  });

  it('treats an empty action list as the default view', () => {
    expect(can(policy, 'class', [])).toBe(true);
    expect(can(policy, 'group', [])).toBe(false);
  });
});

describe('multi-domain only permissions', () => {
  const multiOnly: Permission[] = ['domain-management', 'game-management', 'lti-management', 'store-management'];

  it('grant nothing to a user who belongs to a domain', () => {
    const policy = policyOf(multiOnly, isMultiDomain({ domain_id: 7 }));
    for (const resource of RESOURCES) expect(can(policy, resource)).toBe(false);
  });

  it('grant full access to a multi-domain user', () => {
    const policy = policyOf(multiOnly, isMultiDomain({ domain_id: null }));
    for (const resource of ['domain', 'game', 'lti', 'lti-deployment', 'store'] as const) {
      expect(can(policy, resource, ['view', 'create', 'update', 'delete'])).toBe(true);
    }
    expect(can(policy, 'account')).toBe(false);
  });

  it('leave other permissions of a domain user intact', () => {
    const policy = policyOf(['game-management', 'pas-view'], false);
    expect(can(policy, 'game')).toBe(false);
    expect(can(policy, 'pas-plan')).toBe(true);
  });

  it('a user with no domain is multi-domain', () => {
    expect(isMultiDomain({ domain_id: null })).toBe(true);
    expect(isMultiDomain({ domain_id: 1 })).toBe(false);
  });
});

describe('context rules', () => {
  it('allow both contexts when no permission has a context rule', () => {
    expect(policyOf(['pas-view']).context).toEqual({ account: true, organization: true });
    expect(policyOf([]).context).toEqual({ account: true, organization: true });
  });

  it('let an allow=true rule win over an allow=false rule', () => {
    expect(policyOf(['role-teacher', 'role-school-admin']).context).toEqual({ account: false, organization: true });
    expect(policyOf(['role-teacher', 'role-account-admin']).context).toEqual({ account: true, organization: true });
  });

  it('keep a deny when only permissions without context rules are added', () => {
    expect(policyOf(['role-teacher', 'license-management']).context).toEqual({ account: false, organization: false });
  });
});

describe('canEditReportBuilder', () => {
  it('allows staff and domain admins', () => {
    expect(canEditReportBuilder('super-administrator', policyOf(['role-super-admin']))).toBe(true);
    expect(canEditReportBuilder('domain-administrator', policyOf(['role-domain-admin']))).toBe(true);
  });

  it('refuses account admins, school admins and teachers despite their report-builder rights', () => {
    expect(canEditReportBuilder('administrator', policyOf(['role-account-admin']))).toBe(false);
    expect(canEditReportBuilder('school-administrator', policyOf(['role-school-admin']))).toBe(false);
    expect(canEditReportBuilder('teacher', policyOf(['role-teacher']))).toBe(false);
  });

  it('allows a custom role only with update on the report builder', () => {
    expect(canEditReportBuilder('custom', policyOf(['reports-management']))).toBe(true);
    expect(canEditReportBuilder('custom', policyWith({ 'report-builder': ['view'] }))).toBe(false);
    expect(canEditReportBuilder('custom', policyOf(['pas-management']))).toBe(false);
  });
});

describe('contextRedirect', () => {
  const admin = policyOf(['role-account-admin']);
  const schoolAdmin = policyOf(['role-school-admin']);
  const teacher = policyOf(['role-teacher']);
  const at = (path: string, hasAccountInUrl = false, hasOrganizationInUrl = false) => ({
    path,
    hasAccountInUrl,
    hasOrganizationInUrl,
  });

  it('sends users whose account context is denied home from account URLs', () => {
    expect(contextRedirect(schoolAdmin, at('/accounts/4/settings', true))).toBe('home');
    expect(contextRedirect(teacher, at('/accounts/4', true))).toBe('home');
    expect(contextRedirect(admin, at('/accounts/4/settings', true))).toBeNull();
  });

  it('sends users whose organization context is denied home from organization URLs', () => {
    expect(contextRedirect(teacher, at('/organizations/9', false, true))).toBe('home');
    expect(contextRedirect(schoolAdmin, at('/organizations/9', false, true))).toBeNull();
  });

  it('sends account-context users home from scoped lists without an account in the URL', () => {
    expect(contextRedirect(admin, at('/organizations/9/classes', false, true))).toBe('home');
    expect(contextRedirect(admin, at('/teachers/3/classes'))).toBe('home');
    expect(contextRedirect(admin, at('/groups/2/organizations'))).toBe('home');
    expect(contextRedirect(admin, at('/organizations/9/teachers', false, true))).toBe('home');
    expect(contextRedirect(policyOf(['role-super-admin']), at('/students/5/classes'))).toBe('home');
  });

  it('lets account-context users through with an account in the URL or on other paths', () => {
    expect(contextRedirect(admin, at('/accounts/4/organizations/9/classes', true, true))).toBeNull();
    expect(contextRedirect(admin, at('/classes/12'))).toBeNull();
    expect(contextRedirect(admin, at('/organizations'))).toBeNull();
    expect(contextRedirect(admin, at('/'))).toBeNull();
  });

  it('does not apply the scoped-list rule when the account context is denied', () => {
    expect(contextRedirect(teacher, at('/teachers/3/classes'))).toBeNull();
    expect(contextRedirect(schoolAdmin, at('/organizations/9/classes', false, true))).toBeNull();
  });
});

describe('roles', () => {
  it('lists every spec role and parses them', () => {
    expect(ROLES).toHaveLength(12);
    for (const role of ROLES) expect(roleSchema.parse(role)).toBe(role);
    expect(roleSchema.safeParse('janitor').success).toBe(false);
  });

  it('treats only dashboard roles as staff', () => {
    expect([...STAFF_ROLES]).toEqual([
      'custom',
      'super-administrator',
      'domain-administrator',
      'administrator',
      'school-administrator',
      'teacher',
    ]);
    for (const role of ['student', 'aide', 'guardian', 'parent', 'proctor', 'relative'] as const) {
      expect(isStaffRole(role)).toBe(false);
    }
    expect(isStaffRole('teacher')).toBe(true);
  });
});
