import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityListFilter } from '@aula/domain/activities';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityFavorites,
  activityFolders,
  activityProducts,
  activityStandards,
  activityTags,
  folders,
  organizations,
  products,
  screens,
  standards,
  tags,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageResult } from '../accounts/listing';
import { organizationInScope } from '../accounts/tenant-scope.repo';
import { activityReadable, activityWritable, folderReadable } from './activity-scope.repo';

export type ActivityRow = typeof activities.$inferSelect;

export interface ActivityExtras {
  tags: string[];
  standards: { id: number; tag: string }[];
  products: { id: number; name: string }[];
  folders: { id: number; title: string }[];
  favorite: boolean;
  screensCount: number;
}

/** An activity the caller may read (drafts only when `drafts`) or, with `write`, change. */
export async function findActivity(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  opts: { drafts: boolean; write?: boolean },
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.id, id),
        opts.write ? activityWritable(scope) : activityReadable(scope),
        opts.drafts ? undefined : eq(activities.status, 'published'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertActivity(db: DbOrTx, v: typeof activities.$inferInsert): Promise<ActivityRow> {
  const [row] = await db.insert(activities).values(v).returning();
  return row!;
}

export async function updateActivity(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<ActivityRow, 'title' | 'description' | 'kind' | 'archivedAt' | 'deletedAt'>> & { updatedBy: number },
): Promise<ActivityRow> {
  const [row] = await db
    .update(activities)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(activities.id, id))
    .returning();
  return row!;
}

export interface ActivityQuery extends ActivityListFilter {
  /** the caller's slice */
  scope: TenantScope;
  /** a view-only list's subject (account, school, teacher, admin): only what it may read as well */
  subject?: TenantScope | undefined;
  /** false: published activities only */
  drafts: boolean;
  /** true: archived only; false: not archived */
  archived: boolean;
  /** the caller, for favourites */
  userId: number;
  /** search also matches tag names and the description */
  searchEverything?: boolean;
}

function activityWhere(q: ActivityQuery): SQL {
  const search = q.search ? likePattern(q.search) : undefined;
  return and(
    activityReadable(q.scope),
    q.subject ? activityReadable(q.subject) : undefined,
    q.drafts ? undefined : eq(activities.status, 'published'),
    q.status ? eq(activities.status, q.status) : undefined,
    q.archived ? isNotNull(activities.archivedAt) : isNull(activities.archivedAt),
    q.kind ? eq(activities.kind, q.kind) : undefined,
    search
      ? q.searchEverything
        ? or(
            ilike(activities.title, search),
            ilike(activities.description, search),
            sql`exists (select 1 from ${activityTags} at join ${tags} t on t.id = at.tag_id where at.activity_id = ${activities.id} and t.name ilike ${search})`,
          )
        : ilike(activities.title, search)
      : undefined,
    q.folder_id
      ? sql`exists (select 1 from ${activityFolders} af where af.activity_id = ${activities.id} and af.folder_id = ${q.folder_id})`
      : undefined,
    q.tag
      ? sql`exists (select 1 from ${activityTags} at join ${tags} t on t.id = at.tag_id where at.activity_id = ${activities.id} and lower(t.name) = lower(${q.tag}))`
      : undefined,
    q.favorite === true
      ? sql`exists (select 1 from ${activityFavorites} f where f.activity_id = ${activities.id} and f.user_id = ${q.userId})`
      : q.favorite === false
        ? sql`not exists (select 1 from ${activityFavorites} f where f.activity_id = ${activities.id} and f.user_id = ${q.userId})`
        : undefined,
    q.standard_id
      ? sql`exists (select 1 from ${activityStandards} s where s.activity_id = ${activities.id} and s.standard_id = ${q.standard_id})`
      : undefined,
    q.product_id
      ? sql`exists (select 1 from ${activityProducts} p where p.activity_id = ${activities.id} and p.product_id = ${q.product_id})`
      : undefined,
  )!;
}

function orderOf(sort: ActivityQuery['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const col = sort.replace('-', '');
  const column =
    col === 'title'
      ? sql`lower(${activities.title})`
      : col === 'created_at'
        ? activities.createdAt
        : activities.updatedAt;
  return [dir(column), dir(activities.id)];
}

export async function listActivities(db: DbOrTx, q: ActivityQuery): Promise<PageResult<ActivityRow>> {
  const where = activityWhere(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(...orderOf(q.sort))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Tags, standards, products, folders (those the caller may read), favourite flag and screen count, per activity. */
export async function loadActivityExtras(
  db: DbOrTx,
  scope: TenantScope,
  ids: readonly number[],
  userId: number,
): Promise<Map<number, ActivityExtras>> {
  const out = new Map<number, ActivityExtras>();
  for (const id of ids)
    out.set(id, { tags: [], standards: [], products: [], folders: [], favorite: false, screensCount: 0 });
  if (ids.length === 0) return out;
  const list = [...ids];
  const [tagRows, standardRows, productRows, folderRows, favoriteRows, screenRows] = await Promise.all([
    db
      .select({ activityId: activityTags.activityId, name: tags.name })
      .from(activityTags)
      .innerJoin(tags, eq(tags.id, activityTags.tagId))
      .where(inArray(activityTags.activityId, list))
      .orderBy(asc(sql`lower(${tags.name})`)),
    db
      .select({ activityId: activityStandards.activityId, id: standards.id, tag: standards.tag })
      .from(activityStandards)
      .innerJoin(standards, eq(standards.id, activityStandards.standardId))
      .where(inArray(activityStandards.activityId, list))
      .orderBy(asc(standards.tag)),
    db
      .select({ activityId: activityProducts.activityId, id: products.id, name: products.name })
      .from(activityProducts)
      .innerJoin(products, eq(products.id, activityProducts.productId))
      .where(and(inArray(activityProducts.activityId, list), isNull(products.deletedAt)))
      .orderBy(asc(products.name)),
    db
      .select({ activityId: activityFolders.activityId, id: folders.id, title: folders.title })
      .from(activityFolders)
      .innerJoin(folders, eq(folders.id, activityFolders.folderId))
      .where(and(inArray(activityFolders.activityId, list), folderReadable(scope)))
      .orderBy(asc(folders.title), asc(folders.id)),
    db
      .select({ activityId: activityFavorites.activityId })
      .from(activityFavorites)
      .where(and(inArray(activityFavorites.activityId, list), eq(activityFavorites.userId, userId))),
    db
      .select({ activityId: screens.activityId, n: count() })
      .from(screens)
      .where(and(inArray(screens.activityId, list), isNull(screens.removedAt)))
      .groupBy(screens.activityId),
  ]);
  for (const r of tagRows) out.get(r.activityId)!.tags.push(r.name);
  for (const r of standardRows) out.get(r.activityId)!.standards.push({ id: r.id, tag: r.tag });
  for (const r of productRows) out.get(r.activityId)!.products.push({ id: r.id, name: r.name });
  for (const r of folderRows) out.get(r.activityId)!.folders.push({ id: r.id, title: r.title });
  for (const r of favoriteRows) out.get(r.activityId)!.favorite = true;
  for (const r of screenRows) out.get(r.activityId)!.screensCount = r.n;
  return out;
}

// ---- tags, standards, products ----

export type TagRow = typeof tags.$inferSelect;

export async function listTags(db: DbOrTx, domainId: number | null): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(domainId === null ? undefined : eq(tags.domainId, domainId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

/** The domain's tags whose names match (without case). */
export async function findTagsByName(db: DbOrTx, domainId: number, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.domainId, domainId),
        inArray(
          sql`lower(${tags.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );
}

export async function insertTags(db: DbOrTx, domainId: number, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  return db
    .insert(tags)
    .values(names.map((name) => ({ domainId, name })))
    .returning();
}

/** Creates whichever of these names the domain lacks (a concurrent insert of the same name is not an error). */
export async function ensureTags(db: DbOrTx, domainId: number, names: readonly string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  await db
    .insert(tags)
    .values(names.map((name) => ({ domainId, name })))
    .onConflictDoNothing();
  return findTagsByName(db, domainId, names);
}

export async function replaceActivityTags(db: DbOrTx, activityId: number, tagIds: readonly number[]): Promise<void> {
  await db.delete(activityTags).where(eq(activityTags.activityId, activityId));
  if (tagIds.length > 0) await db.insert(activityTags).values(tagIds.map((tagId) => ({ activityId, tagId })));
}

export async function listStandards(db: DbOrTx, domainId: number | null) {
  return db
    .select()
    .from(standards)
    .where(domainId === null ? undefined : eq(standards.domainId, domainId))
    .orderBy(asc(standards.tag), asc(standards.id));
}

export async function listProducts(db: DbOrTx, domainId: number | null) {
  return db
    .select()
    .from(products)
    .where(and(isNull(products.deletedAt), domainId === null ? undefined : eq(products.domainId, domainId)))
    .orderBy(asc(products.name), asc(products.id));
}

/** Which of these ids are standards of the domain. */
export async function existingStandardIds(db: DbOrTx, domainId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: standards.id })
    .from(standards)
    .where(and(eq(standards.domainId, domainId), inArray(standards.id, [...ids])));
  return rows.map((r) => r.id);
}

export async function existingProductIds(db: DbOrTx, domainId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.domainId, domainId), isNull(products.deletedAt), inArray(products.id, [...ids])));
  return rows.map((r) => r.id);
}

export async function replaceActivityStandards(db: DbOrTx, activityId: number, ids: readonly number[]): Promise<void> {
  await db.delete(activityStandards).where(eq(activityStandards.activityId, activityId));
  if (ids.length > 0) await db.insert(activityStandards).values(ids.map((standardId) => ({ activityId, standardId })));
}

export async function replaceActivityProducts(db: DbOrTx, activityId: number, ids: readonly number[]): Promise<void> {
  await db.delete(activityProducts).where(eq(activityProducts.activityId, activityId));
  if (ids.length > 0) await db.insert(activityProducts).values(ids.map((productId) => ({ activityId, productId })));
}

// ---- favourites ----

export async function addFavorite(db: DbOrTx, userId: number, activityId: number): Promise<void> {
  await db.insert(activityFavorites).values({ userId, activityId }).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, userId: number, activityId: number): Promise<void> {
  await db
    .delete(activityFavorites)
    .where(and(eq(activityFavorites.userId, userId), eq(activityFavorites.activityId, activityId)));
}

// ---- view-only list subjects ----

export async function findOrganizationInScope(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), organizationInScope(scope)))
    .limit(1);
  return row;
}
