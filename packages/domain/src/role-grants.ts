import {
  PERMISSION_DEFINITIONS,
  RESOURCES,
  permissionsForUser,
  type Permission,
  type Policy,
  type Resource,
} from './permissions.ts';
import { STAFF_ROLES, type Role, type StaffRole } from './roles.ts';

// The one rule for handing out roles and permissions (DESIGN.md 3.3): nobody grants more than they hold.
// "More" is measured two ways: resources/actions/contexts (the policy) and the tenant level a role lives at, so a
// custom role that happens to hold 'role-domain-admin' inside one district still cannot mint domain admins.

/** Tenant levels, lowest first (DESIGN.md 4: domain > account > organization). */
export const TENANT_LEVELS = ['organization', 'account', 'domain', 'global'] as const;
export type TenantLevel = (typeof TENANT_LEVELS)[number];

const rank = (level: TenantLevel) => TENANT_LEVELS.indexOf(level);

/**
 * The tenant level a signed-in user works at, from where they are placed and their policy's context: no domain is
 * provider staff (global), a domain but no account is domain staff, and inside an account the account context
 * decides between the district and its schools. The API scopes its queries by it (tenantScopeOf) and the dashboard
 * offers what the API will accept by the same function.
 */
export function tenantLevelOf(
  user: { domainId: number | null | undefined; accountId: number | null },
  policy: Pick<Policy, 'context'>,
): TenantLevel {
  if (!user.domainId) return 'global';
  if (user.accountId === null) return 'domain';
  return policy.context.account ? 'account' : 'organization';
}

/** The level each built-in staff role is placed at; custom roles take the level of where they are created. */
export const ROLE_LEVELS: { readonly [R in Exclude<StaffRole, 'custom'>]: TenantLevel } = {
  'super-administrator': 'global',
  'domain-administrator': 'domain',
  administrator: 'account',
  'school-administrator': 'organization',
  teacher: 'organization',
};

export interface Grantor {
  readonly policy: Policy;
  /** The caller's tenant level (its TenantScope kind). */
  readonly level: TenantLevel;
}

function policyCovers(actor: Policy, permission: Permission): boolean {
  const { rules } = PERMISSION_DEFINITIONS[permission];
  for (const resource of RESOURCES) {
    const wanted = rules.resources[resource] ?? [];
    const have = actor.resources[resource] ?? [];
    if (!wanted.every((a) => have.includes(a))) return false;
  }
  // a permission that opens a context (account, organization) may only be handed out by someone inside it
  for (const rule of rules.context ?? []) {
    if (rule.allow && !actor.context[rule.name]) return false;
  }
  return true;
}

/**
 * True when every permission's resources, actions and contexts are within the actor's own policy. Multi-domain-only
 * permissions are compared on their full rules, so an actor whose policy dropped them (a domain user) cannot grant them.
 */
export function canGrantPermissions(actor: Policy, permissions: readonly Permission[]): boolean {
  return permissions.every((p) => policyCovers(actor, p));
}

/** Built-in staff roles the actor may give (custom is listed too; its permissions are checked one role at a time). */
export function assignableRoles(actor: Grantor): StaffRole[] {
  return STAFF_ROLES.filter((role) => {
    if (role === 'custom') return true;
    if (rank(ROLE_LEVELS[role]) > rank(actor.level)) return false;
    return canGrantPermissions(actor.policy, permissionsForUser({ role }));
  });
}

/**
 * May the actor give a user this role (and, for a custom role, this permission list)? Also used before changing
 * an existing user: you may only manage users whose current role you could have given.
 */
export function canAssignRole(actor: Grantor, role: Role, customPermissions: readonly Permission[] = []): boolean {
  if (!(assignableRoles(actor) as readonly Role[]).includes(role)) return false;
  return role !== 'custom' || canGrantPermissions(actor.policy, customPermissions);
}

/** Which permission resource guards managing a user of this role: teachers are 'teacher', other staff 'user'. */
export function userResourceForRole(role: Role): Extract<Resource, 'user' | 'teacher'> {
  return role === 'teacher' ? 'teacher' : 'user';
}
