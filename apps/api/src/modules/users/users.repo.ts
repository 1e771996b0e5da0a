import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  classUsers,
  classes,
  groupUsers,
  groups,
  organizations,
  roles,
  userOrganizations,
  users,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { userInScope } from '../accounts/tenant-scope.repo';

export type UserRow = typeof users.$inferSelect;
export type UserWithOrgs = UserRow & { organizationIds: number[]; customPermissions: string[] | null };

const orgIdsOf = sql<
  number[]
>`coalesce((select array_agg(uo.organization_id order by uo.organization_id) from ${userOrganizations} uo where uo.user_id = ${users.id}), '{}')`;

const withOrgs = {
  user: users,
  organizationIds: orgIdsOf,
  customPermissions: roles.permissions,
};

function flatten(r: { user: UserRow; organizationIds: number[]; customPermissions: string[] | null }): UserWithOrgs {
  return { ...r.user, organizationIds: r.organizationIds, customPermissions: r.customPermissions };
}

export async function findUserInScope(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  opts: { includeDeleted?: boolean } = {},
): Promise<UserWithOrgs | undefined> {
  const [row] = await db
    .select(withOrgs)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), userInScope(scope, opts)))
    .limit(1);
  return row && flatten(row);
}

export interface UserFilters extends PageRequest {
  search?: string | undefined;
  role?: string | undefined;
  account_id?: number | undefined;
  organization_id?: number | undefined;
  organization_ids?: readonly number[] | undefined;
  roles?: readonly string[] | undefined;
  class_id?: number | undefined;
  student_id?: number | undefined;
  group_id?: number | undefined;
  include_deleted?: boolean | undefined;
  no_account?: boolean | undefined;
}

export async function searchUsers(db: DbOrTx, scope: TenantScope, f: UserFilters): Promise<PageResult<UserWithOrgs>> {
  const where = and(
    userInScope(scope, { includeDeleted: !!f.include_deleted }),
    f.search
      ? or(
          ilike(users.firstName, likePattern(f.search)),
          ilike(users.lastName, likePattern(f.search)),
          ilike(users.email, likePattern(f.search)),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(f.search)}`,
        )
      : undefined,
    f.role !== undefined ? eq(users.role, f.role) : undefined,
    f.no_account ? isNull(users.accountId) : undefined,
    f.account_id !== undefined ? eq(users.accountId, f.account_id) : undefined,
    f.organization_id !== undefined
      ? sql`exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = ${f.organization_id})`
      : undefined,
    f.roles !== undefined ? sql`${users.role} = any(${sql.param([...f.roles])}::text[])` : undefined,
    f.organization_ids !== undefined
      ? sql`exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = any(${sql.param([...f.organization_ids])}::int[]))`
      : undefined,
    f.class_id !== undefined
      ? sql`exists (select 1 from ${classUsers} t join ${classes} c on c.id = t.class_id where t.user_id = ${users.id} and t.user_type = 'teacher' and t.class_id = ${f.class_id} and c.deleted_at is null)`
      : undefined,
    f.student_id !== undefined
      ? sql`exists (select 1 from ${classUsers} t join ${classUsers} s on s.class_id = t.class_id join ${classes} c on c.id = t.class_id where t.user_id = ${users.id} and t.user_type = 'teacher' and s.user_id = ${f.student_id} and s.user_type = 'student' and c.deleted_at is null)`
      : undefined,
    f.group_id !== undefined
      ? sql`exists (select 1 from ${groupUsers} gu join ${groups} g on g.id = gu.group_id where gu.user_id = ${users.id} and gu.user_type = 'teacher' and gu.group_id = ${f.group_id} and g.deleted_at is null)`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(withOrgs)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Any user at all (every tenant, deleted too: the unique index covers them) with this email? */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId !== undefined ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Which of these ids are live organizations of this account. */
export async function organizationIdsOfAccount(
  db: DbOrTx,
  accountId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.accountId, accountId),
        isNull(organizations.deletedAt),
        sql`${organizations.id} = any(${sql.param([...ids])}::int[])`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertUser(
  db: DbOrTx,
  v: {
    role: string;
    roleId: number | null;
    domainId: number | null;
    accountId: number | null;
    firstName: string;
    middleName: string | null;
    lastName: string;
    email: string;
    passwordHash: string;
    passwordIsEmail: boolean;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(v).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  v: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'middleName' | 'email' | 'disabled' | 'role' | 'roleId' | 'deletedAt'>
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function softDeleteUser(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function replaceUserOrganizations(
  db: DbOrTx,
  userId: number,
  organizationIds: readonly number[],
): Promise<void> {
  await db.delete(userOrganizations).where(eq(userOrganizations.userId, userId));
  if (organizationIds.length > 0) {
    await db.insert(userOrganizations).values(organizationIds.map((organizationId) => ({ userId, organizationId })));
  }
}

// ---- relations of staff: their schools and, for teachers, the classes they teach ----

export interface StaffClassRef {
  id: number;
  title: string;
  customTitle: string | null;
  periods: string | null;
  organizationId: number;
  studentsCount: number;
}
export interface StaffRelations {
  organizations: { id: number; name: string }[];
  classes: StaffClassRef[];
}

export async function loadStaffRelations(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, StaffRelations>> {
  const out = new Map<number, StaffRelations>();
  for (const id of userIds) out.set(id, { organizations: [], classes: [] });
  if (userIds.length === 0) return out;
  const list = sql`${sql.param([...userIds])}::int[]`;
  const [orgRows, classRows] = await Promise.all([
    db
      .select({ userId: userOrganizations.userId, id: organizations.id, name: organizations.name })
      .from(userOrganizations)
      .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
      .where(and(sql`${userOrganizations.userId} = any(${list})`, isNull(organizations.deletedAt)))
      .orderBy(asc(organizations.name), asc(organizations.id)),
    db
      .select({
        userId: classUsers.userId,
        id: classes.id,
        title: classes.title,
        customTitle: classes.customTitle,
        periods: classes.periods,
        organizationId: classes.organizationId,
        studentsCount: sql<number>`(select count(*)::int from ${classUsers} s join ${users} su on su.id = s.user_id where s.class_id = ${classes.id} and s.user_type = 'student' and su.deleted_at is null)`,
      })
      .from(classUsers)
      .innerJoin(classes, eq(classes.id, classUsers.classId))
      .where(
        and(sql`${classUsers.userId} = any(${list})`, eq(classUsers.userType, 'teacher'), isNull(classes.deletedAt)),
      )
      .orderBy(asc(classes.title), asc(classes.id)),
  ]);
  for (const { userId, ...o } of orgRows) out.get(userId)!.organizations.push(o);
  for (const { userId, ...c } of classRows) out.get(userId)!.classes.push(c);
  return out;
}
