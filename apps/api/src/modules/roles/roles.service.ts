import { isPermission, type Permission } from '@aula/domain/permissions';
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

export async function listRoles(deps: Deps, auth: AuthContext, f: PageRequest & { search?: string | undefined }) {
  return repo.listRoles(deps.db, tenantScopeOf(auth), f);
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
  return row;
}

/** A role the caller can see but not change (a provider-wide one, say, or one holding more than they do) is 403. */
async function getManageable(deps: Deps, auth: AuthContext, id: number) {
  const row = await getRole(deps, auth, id);
  if (!row.manageable) throw new ForbiddenError();
  if (!canGrantPermissions(auth.policy, row.permissions.filter(isPermission))) throw new ForbiddenError();
  return row;
}

export async function createRole(deps: Deps, auth: AuthContext, input: RoleInput, ip: string) {
  const permissions = checkPermissions(auth, input.permissions);
  const at = await resolvePlacement(deps.db, tenantScopeOf(auth), 'any', input);
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
