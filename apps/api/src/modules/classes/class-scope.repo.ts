import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { classes, users } from '../../db/schema';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';

// The one translation of a caller into WHERE clauses for classes and for the students and teachers a caller may put
// into classes' groups and lab groups (DESIGN.md 4). A row these clauses exclude does not exist for the caller:
// services answer 404, lists leave it out, and ids in a body are refused as invalid.
//  - provider staff see every class; a domain admin their domain's; a district admin their account's;
//  - a school admin (or a custom role without account context) the classes of their schools;
//  - a teacher only the classes they teach (class_users), in their own account, whichever school the class is in.
// The assignments and PAS plans modules reach classes through these same clauses (classReachable there).

/** The part of a caller's tenant slice the class rules read (a TenantScope is one; so is the assignments' Reach). */
export type ClassTenant =
  | { kind: 'global' }
  | { kind: 'domain'; domainId: number }
  | { kind: 'account'; accountId: number }
  | { kind: 'organization'; accountId: number; organizationIds: readonly number[] };

/** What classVisible reads: the tenant slice and, for teachers, who they are. A ClassScope is one. */
export interface ClassReach {
  tenant: ClassTenant;
  teacherId: number | null;
}

export interface ClassScope {
  tenant: TenantScope;
  /** set for teachers: they see only what they teach */
  teacherId: number | null;
  /** the caller, for "created by me" rules */
  userId: number;
}

export function classScopeOf(auth: AuthContext): ClassScope {
  return {
    tenant: tenantScopeOf(auth),
    teacherId: auth.user.role === 'teacher' ? auth.user.id : null,
    userId: auth.user.id,
  };
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

/** Live accounts, optionally of one domain. */
export function liveAccounts(domainId?: number): SQL {
  return domainId === undefined
    ? sql`(select a.id from accounts a where a.deleted_at is null)`
    : sql`(select a.id from accounts a where a.deleted_at is null and a.domain_id = ${domainId})`;
}

/** An account_id column inside the caller's tenant slice (organizations are checked separately). */
export function accountColumnInScope(column: AnyColumn, tenant: ClassTenant): SQL {
  switch (tenant.kind) {
    case 'global':
      return sql`${column} in ${liveAccounts()}`;
    case 'domain':
      return sql`${column} in ${liveAccounts(tenant.domainId)}`;
    default:
      return sql`${column} = ${tenant.accountId} and ${column} in ${liveAccounts()}`;
  }
}

/** Live classes the caller may see. */
export function classVisible(scope: ClassReach): SQL {
  const live = and(
    isNull(classes.deletedAt),
    sql`${classes.organizationId} in (select o.id from organizations o where o.deleted_at is null)`,
    accountColumnInScope(classes.accountId, scope.tenant),
  )!;
  if (scope.teacherId !== null)
    return and(
      live,
      sql`exists (select 1 from class_users tu where tu.class_id = ${classes.id} and tu.user_id = ${scope.teacherId} and tu.user_type = 'teacher')`,
    )!;
  if (scope.tenant.kind === 'organization')
    return and(live, sql`${classes.organizationId} = any(${ids(scope.tenant.organizationIds)})`)!;
  return live;
}

/** The ids of the live classes the caller may see, as a sub-select. */
export function visibleClassIds(scope: ClassReach): SQL {
  return sql`(select ${classes.id} from ${classes} where ${classVisible(scope)})`;
}

function liveUser(role: 'student' | 'teacher', tenant: ClassTenant): SQL {
  return and(eq(users.role, role), isNull(users.deletedAt), accountColumnInScope(users.accountId, tenant))!;
}

/**
 * Students the caller reaches: a teacher the students of the classes they teach; a school admin the students of
 * their schools (by membership or by a class there); above that, every student of the slice.
 */
export function studentReachable(scope: ClassScope): SQL {
  const base = liveUser('student', scope.tenant);
  if (scope.teacherId !== null || scope.tenant.kind === 'organization') {
    const inClass = sql`exists (select 1 from class_users su where su.user_id = ${users.id} and su.user_type = 'student' and su.class_id in ${visibleClassIds(scope)})`;
    if (scope.teacherId !== null) return and(base, inClass)!;
    if (scope.tenant.kind === 'organization')
      return and(
        base,
        sql`(exists (select 1 from user_organizations uo where uo.user_id = ${users.id} and uo.organization_id = any(${ids(scope.tenant.organizationIds)})) or ${inClass})`,
      )!;
  }
  return base;
}

/**
 * Teachers the caller reaches: below the account level (school admins and teachers) the teachers of the caller's
 * schools, by membership or by a class there; a teacher always reaches themselves. Above that, every teacher of the
 * slice.
 */
export function teacherReachable(scope: ClassScope): SQL {
  const base = liveUser('teacher', scope.tenant);
  if (scope.tenant.kind !== 'organization') return base;
  const orgs = ids(scope.tenant.organizationIds);
  return and(
    base,
    sql`(${users.id} = ${scope.userId}
      or exists (select 1 from user_organizations uo where uo.user_id = ${users.id} and uo.organization_id = any(${orgs}))
      or exists (select 1 from class_users tu join classes c on c.id = tu.class_id
                 where tu.user_id = ${users.id} and tu.user_type = 'teacher' and c.deleted_at is null
                   and c.organization_id = any(${orgs})))`,
  )!;
}
