import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classes, classUsers, groupClasses, groups, organizations, userOrganizations } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { organizationInScope } from '../accounts/tenant-scope.repo';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface OrganizationScopeFilter {
  search?: string | undefined;
  account_id?: number | undefined;
  class_id?: number | undefined;
  user_id?: number | undefined;
  group_id?: number | undefined;
}

export async function listOrganizations(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & OrganizationScopeFilter & { onlyIds?: readonly number[] },
): Promise<PageResult<OrganizationRow>> {
  const where = and(
    organizationInScope(scope),
    f.search
      ? or(ilike(organizations.name, likePattern(f.search)), ilike(organizations.ncesId, likePattern(f.search)))
      : undefined,
    f.account_id !== undefined ? eq(organizations.accountId, f.account_id) : undefined,
    f.onlyIds ? sql`${organizations.id} = any(${sql.param([...f.onlyIds])}::int[])` : undefined,
    f.class_id !== undefined
      ? sql`${organizations.id} in (select c.organization_id from ${classes} c where c.id = ${f.class_id} and c.deleted_at is null)`
      : undefined,
    f.user_id !== undefined
      ? sql`(${organizations.id} in (select uo.organization_id from ${userOrganizations} uo where uo.user_id = ${f.user_id})
          or ${organizations.id} in (select c.organization_id from ${classUsers} cu join ${classes} c on c.id = cu.class_id
            where cu.user_id = ${f.user_id} and cu.user_type = 'student' and c.deleted_at is null))`
      : undefined,
    f.group_id !== undefined
      ? sql`(${organizations.id} in (select g.organization_id from ${groups} g where g.id = ${f.group_id} and g.deleted_at is null)
          or ${organizations.id} in (select c.organization_id from ${groupClasses} gc join ${classes} c on c.id = gc.class_id
            join ${groups} g on g.id = gc.group_id where gc.group_id = ${f.group_id} and g.deleted_at is null and c.deleted_at is null))`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(organizations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOrganizationInScope(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(organizationInScope(scope), eq(organizations.id, id)))
    .limit(1);
  return row;
}

/** The fields a school's create and update forms set (001 section 3). */
export type OrganizationValues = Pick<
  typeof organizations.$inferInsert,
  | 'name'
  | 'ncesId'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'phone'
  | 'website'
>;

export async function insertOrganization(
  db: DbOrTx,
  v: OrganizationValues & { accountId: number },
): Promise<OrganizationRow> {
  const [row] = await db
    .insert(organizations)
    .values({ ...v, source: 'manual' })
    .returning();
  return row!;
}

export async function updateOrganization(db: DbOrTx, id: number, v: OrganizationValues): Promise<OrganizationRow> {
  const [row] = await db
    .update(organizations)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row!;
}
