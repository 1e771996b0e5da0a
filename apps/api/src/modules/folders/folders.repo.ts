import { and, asc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, activityFolders, folders } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern } from '../accounts/listing';
import { activityReadable, activityWritable, folderReadable, folderWritable } from '../activities/activity-scope.repo';

export type FolderRow = typeof folders.$inferSelect;

export async function findFolder(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  opts: { write?: boolean } = {},
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), opts.write ? folderWritable(scope) : folderReadable(scope)))
    .limit(1);
  return row;
}

/** Every folder of the caller's slice with its live, readable activity count, for the tree. */
export async function listFolders(
  db: DbOrTx,
  scope: TenantScope,
  f: { archived?: boolean | undefined; product_id?: number | null | undefined; search?: string | undefined },
  domainId: number | undefined,
  drafts: boolean,
): Promise<(FolderRow & { activitiesCount: number })[]> {
  const counted = and(
    activityReadable(scope),
    drafts ? undefined : eq(activities.status, 'published'),
    sql`${activities.id} = af.activity_id`,
  );
  // the outer column is written out: drizzle leaves a select list's columns unqualified, and inside this
  // subquery an unqualified "id" would be the activity's
  return db
    .select({
      folder: folders,
      activitiesCount: sql<number>`(select count(*)::int from ${activityFolders} af join ${activities} on ${counted} where af.folder_id = "folders"."id")`,
    })
    .from(folders)
    .where(
      and(
        folderReadable(scope),
        domainId === undefined ? undefined : eq(folders.domainId, domainId),
        f.archived === undefined ? undefined : eq(folders.archived, f.archived),
        f.product_id === undefined
          ? undefined
          : f.product_id === null
            ? isNull(folders.productId)
            : eq(folders.productId, f.product_id),
        f.search ? ilike(folders.title, likePattern(f.search)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${folders.title})`), asc(folders.id))
    .then((rows) => rows.map((r) => ({ ...r.folder, activitiesCount: r.activitiesCount })));
}

/** Parent links of the folders of one domain (to refuse moving a folder into itself). */
export async function folderParents(db: DbOrTx, domainId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ id: folders.id, parent: folders.folderId })
    .from(folders)
    .where(eq(folders.domainId, domainId));
  return new Map(rows.map((r) => [r.id, r.parent]));
}

export async function insertFolder(db: DbOrTx, v: typeof folders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(v).returning();
  return row!;
}

export async function updateFolder(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<FolderRow, 'title' | 'folderId' | 'productId' | 'archived'>>,
): Promise<FolderRow> {
  const [row] = await db
    .update(folders)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(folders.id, id))
    .returning();
  return row!;
}

/** Sets product and archive flag on every folder below `id` (a moved branch joins its new tree). */
export async function updateDescendants(
  db: DbOrTx,
  id: number,
  v: { productId: number | null; archived: boolean },
): Promise<void> {
  await db.execute(sql`
    with recursive branch(id) as (
      select id from ${folders} where folder_id = ${id}
      union all
      select f.id from ${folders} f join branch b on f.folder_id = b.id
    )
    update ${folders} set product_id = ${v.productId}, archived = ${v.archived}, updated_at = now()
    where id in (select id from branch)`);
}

/** Deletes the folder; sub-folders and activity links go with it (foreign keys cascade), activities stay. */
export async function deleteFolder(db: DbOrTx, id: number): Promise<void> {
  await db.delete(folders).where(eq(folders.id, id));
}

export async function linkActivities(db: DbOrTx, folderId: number, activityIds: readonly number[]): Promise<void> {
  if (activityIds.length === 0) return;
  await db
    .insert(activityFolders)
    .values(activityIds.map((activityId) => ({ folderId, activityId })))
    .onConflictDoNothing();
}

export async function unlinkActivity(db: DbOrTx, activityId: number, folderIds: readonly number[]): Promise<number> {
  if (folderIds.length === 0) return 0;
  const rows = await db
    .delete(activityFolders)
    .where(and(eq(activityFolders.activityId, activityId), inArray(activityFolders.folderId, [...folderIds])))
    .returning();
  return rows.length;
}

export interface MoveSelection {
  scope: TenantScope;
  /** only activities linked to this folder */
  fromFolderId?: number | undefined;
  archived: boolean;
  status?: 'draft' | 'published' | undefined;
  activityId?: number | undefined;
  excludeActivityId?: number | undefined;
  /** only activities that may go into this folder: of its domain, and of its account when it has one */
  into: { domainId: number; accountId: number | null };
}

/** Ids of the activities the caller may change that a folder move picks. */
export async function selectActivitiesToMove(db: DbOrTx, s: MoveSelection): Promise<number[]> {
  const where: (SQL | undefined)[] = [
    activityWritable(s.scope),
    s.archived ? sql`${activities.archivedAt} is not null` : isNull(activities.archivedAt),
    s.status ? eq(activities.status, s.status) : undefined,
    s.activityId ? eq(activities.id, s.activityId) : undefined,
    s.excludeActivityId ? ne(activities.id, s.excludeActivityId) : undefined,
    eq(activities.domainId, s.into.domainId),
    s.into.accountId === null ? undefined : eq(activities.accountId, s.into.accountId),
    s.fromFolderId
      ? sql`exists (select 1 from ${activityFolders} af where af.activity_id = ${activities.id} and af.folder_id = ${s.fromFolderId})`
      : undefined,
  ];
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(...where))
    .orderBy(asc(activities.id));
  return rows.map((r) => r.id);
}

/** Removes the activities' links to the folders of one tree (product and archive flag), except `keepFolderId`. */
export async function unlinkFromTree(
  db: DbOrTx,
  activityIds: readonly number[],
  tree: { domainId: number; productId: number | null; archived: boolean },
  keepFolderId: number,
): Promise<void> {
  if (activityIds.length === 0) return;
  const treeFolders = db
    .select({ id: folders.id })
    .from(folders)
    .where(
      and(
        eq(folders.domainId, tree.domainId),
        eq(folders.archived, tree.archived),
        tree.productId === null ? isNull(folders.productId) : eq(folders.productId, tree.productId),
        ne(folders.id, keepFolderId),
      ),
    );
  await db
    .delete(activityFolders)
    .where(and(inArray(activityFolders.activityId, [...activityIds]), inArray(activityFolders.folderId, treeFolders)));
}

/** Removes the activities' links to one folder. */
export async function unlinkFromFolder(db: DbOrTx, activityIds: readonly number[], folderId: number): Promise<void> {
  if (activityIds.length === 0) return;
  await db
    .delete(activityFolders)
    .where(and(eq(activityFolders.folderId, folderId), inArray(activityFolders.activityId, [...activityIds])));
}
