import { can, isPermission, type Action, type Permission } from '@aula/domain/permissions';
import {
  canAssignRole,
  canGrantPermissions,
  ROLE_LEVELS,
  userResourceForRole,
  type Grantor,
} from '@aula/domain/role-grants';
import type { Role, StaffRole } from '@aula/domain/roles';
import { passwordEqualsEmail } from '@aula/domain/auth';
import type { DbOrTx, Tx } from '../../db/client';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { insertAuditEntry } from '../audit/audit.repo';
import { revokeUserSessions, updateUserPassword } from '../auth/auth.repo';
import { endSessions } from '../auth/auth.service';
import { isUniqueViolation } from '../accounts/listing';
import { resolvePlacement, type Placement } from '../accounts/placement';
import { findRoleReadable, findRoleUsableAt } from '../roles/roles.repo';
import * as repo from './users.repo';

// Staff users. Three checks guard every change, in this order:
//  1. tenancy: the user must be in the caller's slice (otherwise 404, as if it did not exist);
//  2. permission: 'teacher' for teachers, 'user' for other staff, with the action (403);
//  3. grant ceiling: the caller may only manage users whose role they could have given, and only give roles and
//     custom permission lists within their own (403), via @aula/domain/role-grants.

const grantorOf = (auth: AuthContext): Grantor => ({ policy: auth.policy, level: tenantScopeOf(auth).kind });
const validPermissions = (list: readonly string[] | null): Permission[] => (list ?? []).filter(isPermission);
const emailTaken = () => ValidationError.field('email', 'errors.emailTaken');

function requireResource(auth: AuthContext, role: Role, action: Action) {
  if (!can(auth.policy, userResourceForRole(role), action)) throw new ForbiddenError();
}

function requireManageable(auth: AuthContext, target: repo.UserWithOrgs, action: Action) {
  requireResource(auth, target.role as Role, action);
  if (!canAssignRole(grantorOf(auth), target.role as Role, validPermissions(target.customPermissions)))
    throw new ForbiddenError();
}

async function findTarget(deps: Deps, auth: AuthContext, id: number, opts: { includeDeleted?: boolean } = {}) {
  const row = await repo.findUserInScope(deps.db, tenantScopeOf(auth), id, opts);
  if (!row) throw new NotFoundError();
  return row;
}

/** The custom role must be one the caller can see and one a user placed here may hold; the same 422 otherwise. */
async function customRolePermissions(
  db: DbOrTx,
  scope: TenantScope,
  roleId: number,
  at: Placement,
): Promise<Permission[]> {
  const [readable, usable] = await Promise.all([findRoleReadable(db, scope, roleId), findRoleUsableAt(db, roleId, at)]);
  if (!readable || !usable) throw ValidationError.field('role_id', 'validation.select');
  return validPermissions(usable.permissions);
}

/**
 * Organization ids must be live schools of the user's account (else 422, the same for ids that do not exist). A
 * school admin sets only memberships in their own schools, keeps the user's others, and must leave at least one.
 */
async function resolveOrganizations(
  db: DbOrTx,
  scope: TenantScope,
  accountId: number | null,
  requested: readonly number[],
  existing: readonly number[] = [],
): Promise<number[]> {
  const wanted = [...new Set(requested)];
  const invalid = () => ValidationError.field('organization_ids', 'validation.valid');
  if (accountId === null) {
    if (wanted.length > 0) throw invalid();
    return [];
  }
  const found = await repo.organizationIdsOfAccount(db, accountId, wanted);
  if (found.length !== wanted.length) throw invalid();
  if (scope.kind !== 'organization') return wanted.sort((a, b) => a - b);
  if (!wanted.every((id) => scope.organizationIds.includes(id))) throw invalid();
  if (wanted.length === 0) throw ValidationError.field('organization_ids', 'validation.select');
  const kept = existing.filter((id) => !scope.organizationIds.includes(id));
  return [...new Set([...kept, ...wanted])].sort((a, b) => a - b);
}

/** After a committed change to a user: their cached sessions reload (or end, when revoked) at once. */
function afterUserChange(deps: Deps, userId: number, revokedSessionIds: number[] = []) {
  endSessions(deps, userId, revokedSessionIds);
}

async function fresh(deps: Deps, auth: AuthContext, id: number) {
  return findTarget(deps, auth, id, { includeDeleted: true });
}

export type UserWithRelations = repo.UserWithOrgs & { relations?: repo.StaffRelations };

export async function searchUsers(
  deps: Deps,
  auth: AuthContext,
  f: repo.UserFilters & { withRelations?: boolean | undefined },
): Promise<{ rows: UserWithRelations[]; total: number }> {
  const { withRelations, ...filters } = f;
  // the provider's staff list is for callers above any account (global-staff-management holders and domain admins)
  const scopeKind = tenantScopeOf(auth).kind;
  if (filters.no_account && scopeKind !== 'global' && scopeKind !== 'domain') throw new ForbiddenError();
  if (!can(auth.policy, 'user', 'view')) {
    // holders of 'teacher' view only (teachers) list teachers only
    if (!can(auth.policy, 'teacher', 'view')) throw new ForbiddenError();
    if (filters.role !== undefined && filters.role !== 'teacher') return { rows: [], total: 0 };
    if (filters.roles !== undefined && !filters.roles.includes('teacher')) return { rows: [], total: 0 };
    filters.role = 'teacher';
    delete filters.roles;
  }
  const result = await repo.searchUsers(deps.db, tenantScopeOf(auth), filters);
  if (!withRelations) return result;
  const relations = await repo.loadStaffRelations(
    deps.db,
    result.rows.map((r) => r.id),
  );
  return { rows: result.rows.map((r) => ({ ...r, relations: relations.get(r.id)! })), total: result.total };
}

/** Teacher: GET one (001 section 7): a teacher in the caller's slice, with their schools and classes. */
export async function getTeacher(deps: Deps, auth: AuthContext, id: number): Promise<Required<UserWithRelations>> {
  const target = await findTarget(deps, auth, id);
  if (target.role !== 'teacher') throw new NotFoundError();
  requireResource(auth, 'teacher', 'view');
  const relations = await repo.loadStaffRelations(deps.db, [id]);
  return { ...target, relations: relations.get(id)! };
}

export async function getUser(deps: Deps, auth: AuthContext, id: number) {
  const target = await findTarget(deps, auth, id, { includeDeleted: true });
  requireResource(auth, target.role as Role, 'view');
  return target;
}

export interface UserCreateInput {
  role: StaffRole;
  role_id?: number | undefined;
  domain_id?: number | undefined;
  account_id?: number | undefined;
  first_name: string;
  last_name: string;
  middle_name?: string | null | undefined;
  email: string;
  password: string;
  organization_ids?: number[] | undefined;
}

export async function createUser(deps: Deps, auth: AuthContext, input: UserCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  requireResource(auth, input.role, 'create');
  if (!canAssignRole(grantorOf(auth), input.role)) throw new ForbiddenError();
  const placement = await resolvePlacement(
    deps.db,
    scope,
    input.role === 'custom' ? 'any' : ROLE_LEVELS[input.role],
    input,
  );
  if (input.role === 'custom') {
    const permissions = await customRolePermissions(deps.db, scope, input.role_id!, placement);
    if (!canGrantPermissions(auth.policy, permissions)) throw new ForbiddenError();
  }
  const organizationIds = await resolveOrganizations(deps.db, scope, placement.accountId, input.organization_ids ?? []);
  if (await repo.isEmailTaken(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const row = await repo.insertUser(tx, {
        role: input.role,
        roleId: input.role === 'custom' ? input.role_id! : null,
        domainId: placement.domainId,
        accountId: placement.accountId,
        firstName: input.first_name,
        middleName: input.middle_name ?? null,
        lastName: input.last_name,
        email: input.email,
        passwordHash,
        passwordIsEmail: passwordEqualsEmail(input.password, input.email),
      });
      await repo.replaceUserOrganizations(tx, row.id, organizationIds);
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: placement.accountId,
        action: 'user.created',
        entityType: 'user',
        entityId: row.id,
        subjectUserId: row.id,
        ip,
        details: { role: input.role, role_id: input.role_id ?? null, organization_ids: organizationIds },
      });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw emailTaken();
    throw err;
  }
  return fresh(deps, auth, id);
}

export interface UserUpdateInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  middle_name?: string | null | undefined;
  email?: string | undefined;
  organization_ids?: number[] | undefined;
  disabled?: boolean | undefined;
}

/** Disabling a user ends every session of theirs at once. */
export async function updateUser(deps: Deps, auth: AuthContext, id: number, input: UserUpdateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  const target = await findTarget(deps, auth, id);
  requireManageable(auth, target, 'update');
  const organizationIds =
    input.organization_ids === undefined
      ? undefined
      : await resolveOrganizations(deps.db, scope, target.accountId, input.organization_ids, target.organizationIds);
  if (input.email !== undefined && (await repo.isEmailTaken(deps.db, input.email, id))) throw emailTaken();
  let revoked: number[] = [];
  try {
    revoked = await deps.db.transaction(async (tx) => {
      await repo.updateUser(tx, id, {
        ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.middle_name !== undefined ? { middleName: input.middle_name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      });
      if (organizationIds) await repo.replaceUserOrganizations(tx, id, organizationIds);
      const ids = input.disabled === true ? await revokeUserSessions(tx, id) : [];
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: target.accountId,
        action: 'user.updated',
        entityType: 'user',
        entityId: id,
        subjectUserId: id,
        ip,
        details: { fields: Object.keys(input), ...(organizationIds ? { organization_ids: organizationIds } : {}) },
      });
      return ids;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw emailTaken();
    throw err;
  }
  afterUserChange(deps, id, revoked);
  return fresh(deps, auth, id);
}

/**
 * POST /dashboard/users/:id/organizations (001 section 7): the user's schools, all replaced at once. The same rules
 * as an update: live schools of the user's account; a school admin sets only their own schools' memberships.
 */
export async function setUserOrganizations(
  deps: Deps,
  auth: AuthContext,
  id: number,
  requested: readonly number[],
  ip: string,
) {
  const target = await findTarget(deps, auth, id);
  requireManageable(auth, target, 'update');
  const organizationIds = await resolveOrganizations(
    deps.db,
    tenantScopeOf(auth),
    target.accountId,
    requested,
    target.organizationIds,
  );
  await deps.db.transaction(async (tx) => {
    await repo.replaceUserOrganizations(tx, id, organizationIds);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: target.accountId,
      action: 'user.organizations-set',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      ip,
      details: { from: target.organizationIds, to: organizationIds },
    });
  });
  afterUserChange(deps, id);
  return fresh(deps, auth, id);
}

/** An administrator sets a user's password; the user must sign in again everywhere. */
export async function setUserPassword(deps: Deps, auth: AuthContext, id: number, password: string, ip: string) {
  const target = await findTarget(deps, auth, id);
  requireManageable(auth, target, 'update');
  const hash = await hashPassword(password);
  await changeAndSignOut(deps, auth, target, 'user.password-set', ip, (tx) =>
    updateUserPassword(tx, id, hash, passwordEqualsEmail(password, target.email)),
  );
}

/** A change after which the user must sign in again: the change, the end of their sessions and the audit entry commit together. */
async function changeAndSignOut(
  deps: Deps,
  auth: AuthContext,
  target: { id: number; accountId: number | null },
  action: string,
  ip: string,
  change: (tx: Tx) => Promise<unknown>,
) {
  const revoked = await deps.db.transaction(async (tx) => {
    await change(tx);
    const ids = await revokeUserSessions(tx, target.id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: target.accountId,
      action,
      entityType: 'user',
      entityId: target.id,
      subjectUserId: target.id,
      ip,
    });
    return ids;
  });
  afterUserChange(deps, target.id, revoked);
}

// A role change keeps the user where they are: a built-in role must fit the user's place in the tenant tree.
function fitsPlacement(role: StaffRole, u: { domainId: number | null; accountId: number | null }): boolean {
  if (role === 'custom') return true;
  switch (ROLE_LEVELS[role]) {
    case 'global':
      return u.domainId === null && u.accountId === null;
    case 'domain':
      return u.domainId !== null && u.accountId === null;
    default:
      return u.accountId !== null;
  }
}

export async function setUserRole(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { role: StaffRole; role_id?: number | undefined; organization_ids?: number[] | undefined },
  ip: string,
) {
  const scope = tenantScopeOf(auth);
  const target = await findTarget(deps, auth, id);
  requireManageable(auth, target, 'update');
  requireResource(auth, input.role, 'update');
  if (!canAssignRole(grantorOf(auth), input.role)) throw new ForbiddenError();
  if (!fitsPlacement(input.role, target)) throw ValidationError.field('role', 'validation.select');
  if (input.role === 'custom') {
    const permissions = await customRolePermissions(deps.db, scope, input.role_id!, target);
    if (!canGrantPermissions(auth.policy, permissions)) throw new ForbiddenError();
  }
  const organizationIds =
    input.organization_ids === undefined
      ? undefined
      : await resolveOrganizations(deps.db, scope, target.accountId, input.organization_ids, target.organizationIds);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { role: input.role, roleId: input.role === 'custom' ? input.role_id! : null });
    if (organizationIds) await repo.replaceUserOrganizations(tx, id, organizationIds);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: target.accountId,
      action: 'user.role-set',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      ip,
      details: {
        from: { role: target.role, role_id: target.roleId },
        to: { role: input.role, role_id: input.role_id ?? null },
        organization_ids: organizationIds ?? null,
      },
    });
  });
  afterUserChange(deps, id);
  return fresh(deps, auth, id);
}

/** Brings back a deleted or disabled user: both end, so they can sign in again. */
export async function restoreUser(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const target = await findTarget(deps, auth, id, { includeDeleted: true });
  requireManageable(auth, target, 'update');
  if (target.deletedAt === null && !target.disabled) throw new ConflictError({ key: 'errors.notDeleted' });
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { deletedAt: null, disabled: false });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: target.accountId,
      action: 'user.restored',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      ip,
    });
  });
  afterUserChange(deps, id);
  return fresh(deps, auth, id);
}

/** Soft delete; the user's sessions end at once. Nobody deletes themselves. */
export async function deleteUser(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const target = await findTarget(deps, auth, id);
  if (target.id === auth.user.id) throw new ForbiddenError({ key: 'errors.cannotDeleteSelf' });
  requireManageable(auth, target, 'delete');
  await changeAndSignOut(deps, auth, target, 'user.deleted', ip, (tx) => repo.softDeleteUser(tx, id));
}
