import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityFolders, activityProducts, folders, pasPlans, products } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithCounts = ProductRow & { activitiesCount: number; foldersCount: number };

/** Products are a domain's: provider staff see every domain's, everyone else their own domain's. */
export function productInScope(scope: TenantScope): SQL {
  const live = isNull(products.deletedAt);
  if (scope.kind === 'global') return live;
  return and(live, eq(products.domainId, scope.domainId))!;
}

// Written out as products.id: in a one-table select Drizzle leaves ${products.id} unqualified, and inside these
// subqueries a bare "id" would be the folder's own.
const withCounts = {
  product: products,
  activitiesCount: sql<number>`(select count(*)::int from ${activityProducts} ap where ap.product_id = products.id)`,
  foldersCount: sql<number>`(select count(*)::int from ${folders} f where f.product_id = products.id)`,
};
const flatten = (r: { product: ProductRow; activitiesCount: number; foldersCount: number }): ProductWithCounts => ({
  ...r.product,
  activitiesCount: r.activitiesCount,
  foldersCount: r.foldersCount,
});

export async function findProduct(db: DbOrTx, scope: TenantScope, id: number): Promise<ProductWithCounts | undefined> {
  const [row] = await db
    .select(withCounts)
    .from(products)
    .where(and(eq(products.id, id), productInScope(scope)))
    .limit(1);
  return row && flatten(row);
}

export interface ProductFilters extends PageRequest {
  search?: string | undefined;
}

export async function listProducts(
  db: DbOrTx,
  scope: TenantScope,
  domainId: number | null,
  f: ProductFilters,
): Promise<PageResult<ProductWithCounts>> {
  const where = and(
    productInScope(scope),
    domainId !== null ? eq(products.domainId, domainId) : undefined,
    f.search ? ilike(products.name, likePattern(f.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(withCounts)
      .from(products)
      .where(where)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** Every product of the caller's slice by name, unpaged (pickers). */
export async function listAllProducts(
  db: DbOrTx,
  scope: TenantScope,
  domainId: number | null,
  search?: string,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      and(
        productInScope(scope),
        domainId !== null ? eq(products.domainId, domainId) : undefined,
        search ? ilike(products.name, likePattern(search)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
}

export async function insertProduct(
  db: DbOrTx,
  v: { domainId: number; name: string; description: string | null; createdBy: number },
): Promise<ProductRow> {
  const [row] = await db.insert(products).values(v).returning();
  return row!;
}

export async function updateProduct(
  db: DbOrTx,
  id: number,
  v: { name: string; description?: string | null | undefined },
): Promise<void> {
  await db
    .update(products)
    .set({
      name: v.name,
      ...(v.description !== undefined ? { description: v.description } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, id));
}

export async function softDeleteProduct(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(products)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function livePlansUsing(db: DbOrTx, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pasPlans)
    .where(and(eq(pasPlans.productId, productId), isNull(pasPlans.deletedAt)));
  return row?.n ?? 0;
}

/** Gives `to` the activities of `from`. */
export async function copyActivityLinks(db: DbOrTx, from: number, to: number): Promise<void> {
  await db.execute(
    sql`insert into ${activityProducts} (activity_id, product_id) select activity_id, ${to} from ${activityProducts} where product_id = ${from}`,
  );
}

/**
 * Copies the folder trees of `from` into `to`: every folder (parents before children, so each copy can point at
 * its parent's copy) and the activities filed in it. Returns how many folders were copied.
 */
export async function copyFolderTrees(db: DbOrTx, from: number, to: number, createdBy: number): Promise<number> {
  const source = await db.select().from(folders).where(eq(folders.productId, from)).orderBy(asc(folders.id));
  const inTree = new Set(source.map((f) => f.id));
  const copyOf = new Map<number, number>();
  let pending = source;
  while (pending.length > 0) {
    const ready = pending.filter((f) => f.folderId === null || !inTree.has(f.folderId) || copyOf.has(f.folderId));
    if (ready.length === 0) break; // a cycle cannot happen (folders.service refuses it); stop rather than loop
    for (const f of ready) {
      const [row] = await db
        .insert(folders)
        .values({
          domainId: f.domainId,
          accountId: f.accountId,
          productId: to,
          // a parent outside the product's tree cannot exist (sub-folders share their parent's product): root it
          folderId: f.folderId !== null && inTree.has(f.folderId) ? copyOf.get(f.folderId)! : null,
          title: f.title,
          archived: f.archived,
          createdBy,
        })
        .returning({ id: folders.id });
      copyOf.set(f.id, row!.id);
    }
    const done = new Set(ready.map((f) => f.id));
    pending = pending.filter((f) => !done.has(f.id));
  }
  if (copyOf.size === 0) return 0;
  const links = await db
    .select()
    .from(activityFolders)
    .where(inArray(activityFolders.folderId, [...copyOf.keys()]));
  if (links.length > 0)
    await db
      .insert(activityFolders)
      .values(links.map((l) => ({ folderId: copyOf.get(l.folderId)!, activityId: l.activityId })))
      .onConflictDoNothing();
  return copyOf.size;
}
