import {
  PERMISSION_DEFINITIONS,
  PERMISSIONS,
  ROLE_BUNDLES,
  isPermission,
  type Permission,
} from '@aula/domain/permissions';
import { canGrantPermissions } from '@aula/domain/role-grants';
import type { RoleLabel } from '@aula/domain/roles';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import type { PageRequest } from '../accounts/listing';
import { resolvePlacement } from '../accounts/placement';
import * as repo from './roles.repo';

export interface RoleInput {
  name: string;
  description?: string | null | undefined;
  label: RoleLabel;
  permissions: string[];
  domain_id?: number | undefined;
  account_id?: number | undefined;
}

/** Names every unknown permission (422), then refuses any the caller does not hold themselves (403). */
function checkPermissions(auth: AuthContext, names: readonly string[]): Permission[] {
  const unknown = names.filter((n) => !isPermission(n));
  if (unknown.length > 0) {
    throw new ValidationError({
      permissions: unknown.map((name) => ({ key: 'errors.unknownPermission', params: { name } })),
    });
  }
  const permissions = [...new Set(names)].filter(isPermission);
  if (!canGrantPermissions(auth.policy, permissions)) throw new ForbiddenError();
  return permissions;
}

/** Multi-domain-only permissions (001 section 3, Permission rules) belong only to a role of no domain. */
function checkMultiDomainOnly(domainId: number | null, permissions: readonly Permission[]): void {
  if (domainId === null) return;
  const refused = permissions.filter((p) => PERMISSION_DEFINITIONS[p].rules.domain?.multi_domain_only);
  if (refused.length > 0) {
    throw new ValidationError({
      permissions: refused.map((name) => ({ key: 'roles.errors.multiDomainOnly', params: { name } })),
    });
  }
}

/** A readable role is manageable by the caller only inside their slice and within what they may grant. */
function withManageable(auth: AuthContext, row: repo.RoleListed): repo.RoleListed {
  const grantable = canGrantPermissions(auth.policy, row.permissions.filter(isPermission));
  // the SQL test is null (not false) for a provider-wide role seen from an account
  return { ...row, manageable: row.manageable === true && grantable };
}

export async function listRoles(deps: Deps, auth: AuthContext, f: PageRequest & { search?: string | undefined }) {
  const page = await repo.listRoles(deps.db, tenantScopeOf(auth), f);
  return { ...page, rows: page.rows.map((row) => withManageable(auth, row)) };
}

/**
 * The permission catalogue (001 section 3, Permission: name, description, rules), in the spec's order, with whether
 * the caller may put each into a role (nobody grants more than they hold) and whether it is a built-in role bundle.
 */
export function listPermissions(auth: AuthContext) {
  return PERMISSIONS.map((name) => {
    const { description, rules } = PERMISSION_DEFINITIONS[name];
    return {
      name,
      description,
      rules,
      multi_domain_only: rules.domain?.multi_domain_only === true,
      bundle: (ROLE_BUNDLES as readonly Permission[]).includes(name),
      grantable: canGrantPermissions(auth.policy, [name]),
    };
  });
}

/** The caller's role, custom role (if any) and permission names. */
export async function getMyRoles(deps: Deps, auth: AuthContext) {
  const custom =
    auth.user.roleId === null ? undefined : await repo.findRoleReadable(deps.db, tenantScopeOf(auth), auth.user.roleId);
  return { role: auth.user.role, custom, permissions: auth.permissions };
}

export async function getRole(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findRoleReadable(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return withManageable(auth, row);
}

/** A role the caller can see but not change (a provider-wide one, say, or one holding more than they do) is 403. */
async function getManageable(deps: Deps, auth: AuthContext, id: number) {
  const row = await getRole(deps, auth, id);
  if (!row.manageable) throw new ForbiddenError();
  return row;
}

export async function createRole(deps: Deps, auth: AuthContext, input: RoleInput, ip: string) {
  const permissions = checkPermissions(auth, input.permissions);
  const at = await resolvePlacement(deps.db, tenantScopeOf(auth), 'any', input);
  checkMultiDomainOnly(at.domainId, permissions);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertRole(tx, {
      name: input.name,
      description: input.description ?? null,
      label: input.label,
      permissions,
      domainId: at.domainId,
      accountId: at.accountId,
      createdBy: auth.user.id,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: at.accountId,
      action: 'role.created',
      entityType: 'role',
      entityId: row.id,
      ip,
      details: { permissions },
    });
    return row;
  });
}

export async function updateRole(deps: Deps, auth: AuthContext, id: number, input: RoleInput, ip: string) {
  const before = await getManageable(deps, auth, id);
  const permissions = checkPermissions(auth, input.permissions);
  checkMultiDomainOnly(before.domainId, permissions);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.updateRole(tx, id, {
      name: input.name,
      description: input.description ?? null,
      label: input.label,
      permissions,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'role.updated',
      entityType: 'role',
      entityId: id,
      ip,
      details: { before: { name: before.name, permissions: before.permissions }, permissions },
    });
    return row;
  });
  // every signed-in holder of the role gets its new permissions on their next call; role edits are rare
  deps.sessions.clear();
  return updated;
}

export async function deleteRole(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const before = await getManageable(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    if ((await repo.countRoleUsers(tx, id)) > 0) throw new ConflictError({ key: 'errors.roleInUse' });
    await repo.deleteRole(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'role.deleted',
      entityType: 'role',
      entityId: id,
      ip,
      details: { name: before.name, permissions: before.permissions },
    });
  });
  deps.sessions.clear();
}
