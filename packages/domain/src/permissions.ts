import { z } from 'zod';
import type { Role } from './roles.ts';

export const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export const actionSchema = z.enum(ACTIONS);

// 001 section 6 "Resources", in the spec's order, as kebab-case ids.
export const RESOURCES = [
  'main',
  'account',
  'academic-session',
  'technology',
  'lti-deployment',
  'user-task',
  'user',
  'activity',
  'activity-builder',
  'domain',
  'game',
  'guide',
  'report',
  'license',
  'lti',
  'organization',
  'class',
  'group',
  'assignment',
  'assignment-set',
  'student',
  'teacher',
  'rewards',
  'pas-plan',
  'role',
  'product',
  'report-builder',
  'one-roster',
  'simulation',
  'standard',
  'store',
  'sensor',
  'event',
] as const;
export type Resource = (typeof RESOURCES)[number];
export const resourceSchema = z.enum(RESOURCES);

// 001 section 6 "Permissions", in the spec's order.
export const PERMISSIONS = [
  'account-management',
  'account-view',
  'account-staff-view',
  'account-staff-management',
  'activity-management',
  'activity-view',
  'domain-management',
  'game-management',
  'global-staff-management',
  'guide-management',
  'quick-report-view',
  'license-view',
  'license-management',
  'lti-management',
  'organization-management',
  'pas-view',
  'pas-management',
  'permission-role-management',
  'product-management',
  'reports-management',
  'role-domain-admin',
  'role-account-admin',
  'role-school-admin',
  'role-super-admin',
  'role-teacher',
  'roster-management',
  'roster-history-view',
  'sensor-management',
  'simulations-view',
  'standard-management',
  'store-management',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

export const ROLE_BUNDLES = [
  'role-super-admin',
  'role-domain-admin',
  'role-account-admin',
  'role-school-admin',
  'role-teacher',
] as const satisfies readonly Permission[];
export type RoleBundle = (typeof ROLE_BUNDLES)[number];

export const CONTEXT_NAMES = ['account', 'organization'] as const;
export type ContextName = (typeof CONTEXT_NAMES)[number];

export const resourceGrantsSchema = z.partialRecord(resourceSchema, z.array(actionSchema));
export type ResourceGrants = z.infer<typeof resourceGrantsSchema>;

export const contextRuleSchema = z.object({ name: z.enum(CONTEXT_NAMES), allow: z.boolean() });
export type ContextRule = z.infer<typeof contextRuleSchema>;

// The spec's Permission entity (001 section 3): name, description, rules (resources with actions, context,
// domain.multi_domain_only).
export const permissionDefinitionSchema = z.object({
  name: permissionSchema,
  description: z.string(),
  rules: z.object({
    resources: resourceGrantsSchema,
    context: z.array(contextRuleSchema).optional(),
    domain: z.object({ multi_domain_only: z.boolean() }).optional(),
  }),
});
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;

export interface Policy {
  resources: ResourceGrants;
  context: { account: boolean; organization: boolean };
}

const full = (): Action[] => [...ACTIONS];
const viewOnly = (): Action[] => ['view'];

function grants(fullOn: readonly Resource[], viewOn: readonly Resource[] = []): ResourceGrants {
  const out: ResourceGrants = {};
  for (const resource of viewOn) out[resource] = viewOnly();
  for (const resource of fullOn) out[resource] = full();
  return out;
}

// Every permission also lets its holder see the home page ('main'): it is where sign-in lands, so a staff user who
// holds any permission must not be sent to no-permissions there.
function withHome(resources: ResourceGrants): ResourceGrants {
  return { main: viewOnly(), ...resources };
}

function management(resources: readonly Resource[]): ResourceGrants {
  return withHome(grants(resources));
}

function view(resources: readonly Resource[]): ResourceGrants {
  return withHome(grants([], resources));
}

const MULTI_DOMAIN_ONLY = { multi_domain_only: true };

// Assignment sets are not named in any bundle; a set is a group of assignments, so each bundle gets on
// 'assignment-set' exactly what it gets on 'assignment' (the closest resource the spec names).
const ACCOUNT_ADMIN_FULL = [
  'account',
  'class',
  'assignment',
  'assignment-set',
  'group',
  'teacher',
  'pas-plan',
  'academic-session',
  'report-builder',
] as const satisfies readonly Resource[];
// "tasks" in the spec's account admin bundle are user tasks (requested reports).
const ACCOUNT_ADMIN_VIEW = [
  'main',
  'activity',
  'organization',
  'student',
  'report',
  'game',
  'user',
  'license',
  'one-roster',
  'rewards',
  'event',
  'user-task',
  'simulation',
] as const satisfies readonly Resource[];
const NOT_FOR_SCHOOL_ADMIN: readonly Resource[] = ['account', 'license', 'one-roster'];

function allResources(): ResourceGrants {
  return grants(RESOURCES);
}

export const PERMISSION_DEFINITIONS: { readonly [P in Permission]: PermissionDefinition & { name: P } } = {
  'account-management': {
    name: 'account-management',
    description: 'Create, view, update and delete accounts.',
    rules: { resources: management(['account']) },
  },
  'account-view': {
    name: 'account-view',
    description: 'View accounts.',
    rules: { resources: view(['account']) },
  },
  // Account staff and global staff are both users; which users a holder reaches (own account or all) is tenant
  // scoping, which the API applies, not a resource rule.
  'account-staff-view': {
    name: 'account-staff-view',
    description: "View the staff of the user's account.",
    rules: { resources: view(['user']) },
  },
  'account-staff-management': {
    name: 'account-staff-management',
    description: "Create, view, update and delete the staff of the user's account.",
    rules: { resources: management(['user']) },
  },
  'activity-management': {
    name: 'activity-management',
    description: 'Create, view, update and delete activities, including in the activity builder.',
    rules: { resources: management(['activity', 'activity-builder']) },
  },
  'activity-view': {
    name: 'activity-view',
    description: 'View activities.',
    rules: { resources: view(['activity']) },
  },
  'domain-management': {
    name: 'domain-management',
    description: 'Create, view, update and delete domains.',
    rules: { resources: management(['domain']), domain: MULTI_DOMAIN_ONLY },
  },
  'game-management': {
    name: 'game-management',
    description: 'Create, view, update and delete games.',
    rules: { resources: management(['game']), domain: MULTI_DOMAIN_ONLY },
  },
  'global-staff-management': {
    name: 'global-staff-management',
    description: 'Create, view, update and delete staff across all accounts.',
    rules: { resources: management(['user']) },
  },
  'guide-management': {
    name: 'guide-management',
    description: 'Create, view, update and delete guides.',
    rules: { resources: management(['guide']) },
  },
  'quick-report-view': {
    name: 'quick-report-view',
    description: 'View reports.',
    rules: { resources: view(['report']) },
  },
  'license-view': {
    name: 'license-view',
    description: 'View licences.',
    rules: { resources: view(['license']) },
  },
  'license-management': {
    name: 'license-management',
    description: 'Create, view, update and delete licences.',
    rules: { resources: management(['license']) },
  },
  // LTI keys and platforms are the 'lti' resource; deployments hang off them, so managing LTI covers both.
  'lti-management': {
    name: 'lti-management',
    description: 'Create, view, update and delete LTI keys, platforms and deployments.',
    rules: { resources: management(['lti', 'lti-deployment']), domain: MULTI_DOMAIN_ONLY },
  },
  'organization-management': {
    name: 'organization-management',
    description: 'Create, view, update and delete organizations.',
    rules: { resources: management(['organization']) },
  },
  'pas-view': {
    name: 'pas-view',
    description: 'View PAS plans.',
    rules: { resources: view(['pas-plan']) },
  },
  'pas-management': {
    name: 'pas-management',
    description: 'Create, view, update and delete PAS plans.',
    rules: { resources: management(['pas-plan']) },
  },
  'permission-role-management': {
    name: 'permission-role-management',
    description: 'Create, view, update and delete roles and their permissions.',
    rules: { resources: management(['role']) },
  },
  'product-management': {
    name: 'product-management',
    description: 'Create, view, update and delete products.',
    rules: { resources: management(['product']) },
  },
  'reports-management': {
    name: 'reports-management',
    description: 'Create, view, update and delete reports in the report builder.',
    rules: { resources: management(['report-builder']) },
  },
  'role-domain-admin': {
    name: 'role-domain-admin',
    description: 'Domain administrator bundle.',
    rules: {
      resources: grants(
        [
          'account',
          'class',
          'activity',
          'assignment',
          'assignment-set',
          'group',
          'teacher',
          'pas-plan',
          'user',
          'license',
          'academic-session',
          'one-roster',
          'report-builder',
          'lti-deployment',
          'activity-builder',
          'product',
          'role',
          'sensor',
          // not in 001's list: guides are authored content like activities, and the spec's guide tenancy (domain-wide
          // guides) needs domain staff to write them (docs/guides.md)
          'guide',
        ],
        ['main', 'organization', 'student', 'report', 'game', 'rewards', 'event', 'simulation', 'user-task'],
      ),
      context: [
        { name: 'account', allow: true },
        { name: 'organization', allow: true },
      ],
    },
  },
  // An account admin works inside their district's organizations, so organization context is allowed too.
  'role-account-admin': {
    name: 'role-account-admin',
    description: 'Account (district) administrator bundle.',
    rules: {
      resources: grants(ACCOUNT_ADMIN_FULL, ACCOUNT_ADMIN_VIEW),
      context: [
        { name: 'account', allow: true },
        { name: 'organization', allow: true },
      ],
    },
  },
  'role-school-admin': {
    name: 'role-school-admin',
    description: 'School administrator bundle.',
    rules: {
      resources: grants(
        ACCOUNT_ADMIN_FULL.filter((r) => !NOT_FOR_SCHOOL_ADMIN.includes(r)),
        ACCOUNT_ADMIN_VIEW.filter((r) => !NOT_FOR_SCHOOL_ADMIN.includes(r)),
      ),
      context: [
        { name: 'account', allow: false },
        { name: 'organization', allow: true },
      ],
    },
  },
  'role-super-admin': {
    name: 'role-super-admin',
    description: 'Super administrator bundle: every action on every resource.',
    rules: {
      resources: allResources(),
      context: [
        { name: 'account', allow: true },
        { name: 'organization', allow: true },
      ],
    },
  },
  'role-teacher': {
    name: 'role-teacher',
    description: 'Teacher bundle.',
    rules: {
      resources: grants(
        ['class', 'assignment', 'assignment-set', 'group', 'pas-plan', 'report-builder'],
        ['main', 'activity', 'student', 'report', 'game', 'teacher', 'rewards', 'event', 'simulation'],
      ),
      context: [
        { name: 'account', allow: false },
        { name: 'organization', allow: false },
      ],
    },
  },
  'roster-management': {
    name: 'roster-management',
    description: 'Run and manage OneRoster rostering.',
    rules: { resources: management(['one-roster']) },
  },
  'roster-history-view': {
    name: 'roster-history-view',
    description: 'View OneRoster history.',
    rules: { resources: view(['one-roster']) },
  },
  'sensor-management': {
    name: 'sensor-management',
    description: 'Create, view, update and delete sensors.',
    rules: { resources: management(['sensor']) },
  },
  'simulations-view': {
    name: 'simulations-view',
    description: 'View simulations.',
    rules: { resources: view(['simulation']) },
  },
  'standard-management': {
    name: 'standard-management',
    description: 'Create, view, update and delete standards.',
    rules: { resources: management(['standard']) },
  },
  'store-management': {
    name: 'store-management',
    description: 'Create, view, update and delete store items, packages and calendars.',
    rules: { resources: management(['store']), domain: MULTI_DOMAIN_ONLY },
  },
};

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

const BUNDLE_OF_ROLE: Partial<Record<Role, RoleBundle>> = {
  'super-administrator': 'role-super-admin',
  'domain-administrator': 'role-domain-admin',
  administrator: 'role-account-admin',
  'school-administrator': 'role-school-admin',
  teacher: 'role-teacher',
};

// An empty explicit list counts as absent, so a built-in role whose list came back empty keeps its bundle; a
// non-empty list is used as given, unknown names dropped (an all-unknown list grants nothing).
export function permissionsForUser(user: {
  readonly role: Role;
  readonly permissions?: readonly string[] | null;
}): Permission[] {
  if (user.permissions && user.permissions.length > 0) {
    return [...new Set(user.permissions.filter(isPermission))];
  }
  const bundle = BUNDLE_OF_ROLE[user.role];
  return bundle ? [bundle] : [];
}

export function isMultiDomain(user: { readonly domain_id: number | null }): boolean {
  return user.domain_id === null;
}

// Context merge: for each context, any allow=true rule wins; otherwise any allow=false rule denies; with no rule at
// all the context is allowed, since only an allow=false rule restricts (001 section 2, route guards).
export function buildPolicy(permissions: readonly Permission[], opts: { readonly multiDomain: boolean }): Policy {
  const granted = new Map<Resource, Set<Action>>();
  const seen: Record<ContextName, { allow: boolean; deny: boolean }> = {
    account: { allow: false, deny: false },
    organization: { allow: false, deny: false },
  };
  for (const name of new Set(permissions)) {
    const { rules } = PERMISSION_DEFINITIONS[name];
    if (rules.domain?.multi_domain_only && !opts.multiDomain) continue;
    for (const resource of RESOURCES) {
      const actions = rules.resources[resource];
      if (!actions || actions.length === 0) continue;
      const set = granted.get(resource) ?? new Set<Action>();
      for (const action of actions) set.add(action);
      granted.set(resource, set);
    }
    for (const rule of rules.context ?? []) {
      if (rule.allow) seen[rule.name].allow = true;
      else seen[rule.name].deny = true;
    }
  }
  const resources: ResourceGrants = {};
  for (const [resource, set] of granted) resources[resource] = ACTIONS.filter((a) => set.has(a));
  return {
    resources,
    context: {
      account: seen.account.allow || !seen.account.deny,
      organization: seen.organization.allow || !seen.organization.deny,
    },
  };
}

// An empty list means the default (view), so a computed empty list can never open a page.
export function can(policy: Policy, resource: Resource, actions: Action | readonly Action[] = 'view'): boolean {
  const wanted: readonly Action[] = typeof actions === 'string' ? [actions] : actions.length > 0 ? actions : ['view'];
  const have = policy.resources[resource] ?? [];
  return wanted.every((action) => have.includes(action));
}

// The role check matters: account admins, school admins and teachers hold update on the report builder (to build
// their own reports) yet may not edit it; only a custom role's rights come from its policy.
export function canEditReportBuilder(role: Role, policy: Policy): boolean {
  if (role === 'super-administrator' || role === 'domain-administrator') return true;
  if (role === 'custom') return can(policy, 'report-builder', 'update');
  return false;
}

// Prefixes a leading '*' stands for in the spec's route patterns (001 section 2).
const STAR_PREFIXES: readonly string[] = ['classes', 'teachers', 'admins', 'students', 'organizations', 'groups'];

function isStarScopedListPath(path: string): boolean {
  const segments = path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  if (first === undefined || !STAR_PREFIXES.includes(first)) return false;
  // '*/teacher' is a prefix match in the spec, so it covers teachers and teacher-profile alike.
  return rest.some((s) => s === 'classes' || s === 'organizations' || s.startsWith('teacher'));
}

export function contextRedirect(
  policy: Policy,
  location: { readonly hasAccountInUrl: boolean; readonly hasOrganizationInUrl: boolean; readonly path: string },
): 'home' | null {
  if (location.hasAccountInUrl && !policy.context.account) return 'home';
  if (location.hasOrganizationInUrl && !policy.context.organization) return 'home';
  // Account-context users reach these scoped lists through an account URL; without one there is no tenant to scope to.
  if (policy.context.account && !location.hasAccountInUrl && isStarScopedListPath(location.path)) return 'home';
  return null;
}
