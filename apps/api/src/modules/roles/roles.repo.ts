import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles, users } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { roleManageableInScope, roleReadableInScope } from '../accounts/tenant-scope.repo';

export type RoleRow = typeof roles.$inferSelect;

/** A role as the list and the role page show it: may the caller change it, and how many live users hold it. */
export type RoleListed = RoleRow & {
  manageable: boolean;
  usersCount: number;
  domainName: string | null;
  accountName: string | null;
};

// Written out: inside the select of roles, drizzle would render roles.id unqualified ("id"), which the subquery
// would read as the user's id.
const usersHolding = sql<number>`(select count(*)::int from "users" as "holder" where "holder"."role_id" = "roles"."id" and "holder"."deleted_at" is null)`;
const domainName = sql<string | null>`(select "d"."name" from "domains" as "d" where "d"."id" = "roles"."domain_id")`;
const accountName = sql<
  string | null
>`(select "a"."name" from "accounts" as "a" where "a"."id" = "roles"."account_id")`;
const listed = (scope: TenantScope) => ({
  role: roles,
  manageable: sql<boolean>`(${roleManageableInScope(scope)})`,
  usersCount: usersHolding,
  domainName,
  accountName,
});
type ListedSelect = {
  role: RoleRow;
  manageable: boolean;
  usersCount: number;
  domainName: string | null;
  accountName: string | null;
};
const toListed = (r: ListedSelect): RoleListed => ({
  ...r.role,
  manageable: r.manageable,
  usersCount: Number(r.usersCount),
  domainName: r.domainName,
  accountName: r.accountName,
});

export async function findRoleReadable(db: DbOrTx, scope: TenantScope, id: number): Promise<RoleListed | undefined> {
  const [row] = await db
    .select(listed(scope))
    .from(roles)
    .where(and(eq(roles.id, id), roleReadableInScope(scope)))
    .limit(1);
  return row && toListed(row);
}

/** A custom role a user placed here may hold: a global one, the domain's, or the account's. */
export async function findRoleUsableAt(
  db: DbOrTx,
  id: number,
  at: { domainId: number | null; accountId: number | null },
): Promise<RoleRow | undefined> {
  const globalRole = and(isNull(roles.domainId), isNull(roles.accountId));
  const [row] = await db
    .select()
    .from(roles)
    .where(
      and(
        eq(roles.id, id),
        or(
          globalRole,
          at.domainId !== null ? and(eq(roles.domainId, at.domainId), isNull(roles.accountId)) : undefined,
          at.accountId !== null ? eq(roles.accountId, at.accountId) : undefined,
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function listRoles(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined },
): Promise<PageResult<RoleListed>> {
  const where = and(roleReadableInScope(scope), f.search ? ilike(roles.name, likePattern(f.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(listed(scope))
      .from(roles)
      .where(where)
      .orderBy(asc(roles.name), asc(roles.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return {
    rows: rows.map(toListed),
    total: total?.n ?? 0,
  };
}

export async function insertRole(
  db: DbOrTx,
  v: {
    name: string;
    description: string | null;
    label: string;
    permissions: string[];
    domainId: number | null;
    accountId: number | null;
    createdBy: number;
  },
): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(v).returning();
  return row!;
}

export async function updateRole(
  db: DbOrTx,
  id: number,
  v: { name: string; description: string | null; label: string; permissions: string[] },
): Promise<RoleRow> {
  const [row] = await db
    .update(roles)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(roles.id, id))
    .returning();
  return row!;
}

export async function countRoleUsers(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

export async function deleteRole(db: DbOrTx, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}
