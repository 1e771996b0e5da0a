import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@aula/domain/roles';
import { accounts, organizations, roles, userOrganizations, users } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';

// The one translation of a caller's TenantScope into WHERE clauses for the tenancy tables (DESIGN.md 4). Every repo
// function of domains, accounts, organizations, users and roles that reads tenant rows takes a scope and uses these.
// A row these clauses exclude does not exist for the caller: services answer 404, lists leave it out.

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const liveAccountIds = (domainId?: number) =>
  domainId === undefined
    ? sql`(select a.id from accounts a where a.deleted_at is null)`
    : sql`(select a.id from accounts a where a.deleted_at is null and a.domain_id = ${domainId})`;

/** Accounts the caller may see (never soft-deleted ones). */
export function accountInScope(scope: TenantScope): SQL {
  const live = isNull(accounts.deletedAt);
  switch (scope.kind) {
    case 'global':
      return live;
    case 'domain':
      return and(live, eq(accounts.domainId, scope.domainId))!;
    default:
      return and(live, eq(accounts.id, scope.accountId))!;
  }
}

/** Organizations the caller may see: live schools of live accounts in the caller's slice; a school admin only theirs. */
export function organizationInScope(scope: TenantScope): SQL {
  const live = isNull(organizations.deletedAt);
  switch (scope.kind) {
    case 'global':
      return and(live, sql`${organizations.accountId} in ${liveAccountIds()}`)!;
    case 'domain':
      return and(live, sql`${organizations.accountId} in ${liveAccountIds(scope.domainId)}`)!;
    case 'account':
      return and(
        live,
        eq(organizations.accountId, scope.accountId),
        sql`${organizations.accountId} in ${liveAccountIds()}`,
      )!;
    case 'organization':
      return and(
        live,
        eq(organizations.accountId, scope.accountId),
        sql`${organizations.id} = any(${ids(scope.organizationIds)})`,
        sql`${organizations.accountId} in ${liveAccountIds()}`,
      )!;
  }
}

/**
 * Staff users the caller may see (students are the students module's). Deleted users are included only when asked
 * (restore, include_deleted); users of a deleted account are gone for everyone.
 */
export function userInScope(scope: TenantScope, opts: { includeDeleted?: boolean } = {}): SQL {
  const staff = sql`${users.role} = any(${sql.param([...STAFF_ROLES])}::text[])`;
  const alive = opts.includeDeleted ? undefined : isNull(users.deletedAt);
  const accountAlive = or(isNull(users.accountId), sql`${users.accountId} in ${liveAccountIds()}`);
  let slice: SQL | undefined;
  switch (scope.kind) {
    case 'global':
      slice = undefined;
      break;
    case 'domain':
      slice = or(
        sql`${users.accountId} in ${liveAccountIds(scope.domainId)}`,
        and(isNull(users.accountId), eq(users.domainId, scope.domainId)),
      );
      break;
    case 'account':
      slice = eq(users.accountId, scope.accountId);
      break;
    case 'organization':
      slice = and(
        eq(users.accountId, scope.accountId),
        sql`exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = any(${ids(scope.organizationIds)}))`,
      );
      break;
  }
  return and(staff, alive, accountAlive, slice)!;
}

/** Custom roles the caller may see: global ones, their domain's, and their account's (a domain also sees its accounts'). */
export function roleReadableInScope(scope: TenantScope): SQL {
  const globalRole = and(isNull(roles.domainId), isNull(roles.accountId));
  switch (scope.kind) {
    case 'global':
      return sql`true`;
    case 'domain':
      return or(
        globalRole,
        eq(roles.domainId, scope.domainId),
        sql`${roles.accountId} in ${liveAccountIds(scope.domainId)}`,
      )!;
    default:
      return or(
        globalRole,
        and(eq(roles.domainId, scope.domainId), isNull(roles.accountId)),
        eq(roles.accountId, scope.accountId),
      )!;
  }
}

/** Custom roles the caller may change or delete: those owned at their level or below, inside their slice. */
export function roleManageableInScope(scope: TenantScope): SQL {
  switch (scope.kind) {
    case 'global':
      return sql`true`;
    case 'domain':
      return or(
        and(eq(roles.domainId, scope.domainId), isNull(roles.accountId)),
        sql`${roles.accountId} in ${liveAccountIds(scope.domainId)}`,
      )!;
    case 'account':
      return eq(roles.accountId, scope.accountId);
    case 'organization':
      return sql`false`;
  }
}
