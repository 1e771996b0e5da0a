import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  activities,
  activityFolders,
  activityProducts,
  activityStandards,
  activityTags,
  domains,
  folders,
  media,
  sensors,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { folderWritable, mediaReadable } from './activity-scope.repo';

export type ActivityRow = typeof activities.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;
export type MediaRow = typeof media.$inferSelect;

export async function insertActivity(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId: number | null;
    title: string;
    description: string | null;
    kind: string;
    sourceActivityId: number | null;
    createdBy: number | null;
  },
): Promise<ActivityRow> {
  const [row] = await db
    .insert(activities)
    .values({ ...v, status: 'draft', updatedBy: v.createdBy })
    .returning();
  return row!;
}

/** Gives `to` the tags, standards and products of `from` (all three are the domain's, so they stay valid). */
export async function copyActivityLabels(db: DbOrTx, from: number, to: number): Promise<void> {
  await db.execute(
    sql`insert into ${activityTags} (activity_id, tag_id) select ${to}, tag_id from ${activityTags} where activity_id = ${from}`,
  );
  await db.execute(
    sql`insert into ${activityStandards} (activity_id, standard_id) select ${to}, standard_id from ${activityStandards} where activity_id = ${from}`,
  );
  await db.execute(
    sql`insert into ${activityProducts} (activity_id, product_id) select ${to}, product_id from ${activityProducts} where activity_id = ${from}`,
  );
}

export async function copyActivityFolders(db: DbOrTx, from: number, to: number): Promise<void> {
  await db.execute(
    sql`insert into ${activityFolders} (folder_id, activity_id) select folder_id, ${to} from ${activityFolders} where activity_id = ${from}`,
  );
}

export async function addActivityToFolder(db: DbOrTx, activityId: number, folderId: number): Promise<void> {
  await db.insert(activityFolders).values({ activityId, folderId }).onConflictDoNothing();
}

/** A folder the caller may put activities into (404 otherwise). */
export async function findFolderWritable(db: DbOrTx, scope: TenantScope, id: number): Promise<FolderRow | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), folderWritable(scope)))
    .limit(1);
  return row;
}

export async function findFolder(db: DbOrTx, id: number): Promise<FolderRow | undefined> {
  const [row] = await db.select().from(folders).where(eq(folders.id, id)).limit(1);
  return row;
}

/** A live account the caller reaches: any for provider staff, their domain's for a domain caller, else their own. */
export async function findAccountInScope(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .select({ id: accounts.id, domainId: accounts.domainId })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, id),
        isNull(accounts.deletedAt),
        scope.kind === 'global'
          ? undefined
          : scope.kind === 'domain'
            ? eq(accounts.domainId, scope.domainId)
            : eq(accounts.id, scope.accountId),
      ),
    )
    .limit(1);
  return row;
}

/** Live activities by id (no tenant rule: the caller's reach was checked when the work was asked for). */
export async function findActivitiesByIds(db: DbOrTx, ids: readonly number[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(activities)
    .where(and(inArray(activities.id, [...ids]), isNull(activities.deletedAt)));
}

export async function findMediaRows(db: DbOrTx, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
}

/** A live media item the caller may use with the same kind and location (an import reuses it instead of a copy). */
export async function findMatchingMedia(
  db: DbOrTx,
  scope: TenantScope,
  domainId: number,
  v: { type: string; location: string | null; title: string },
): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(
      and(
        mediaReadable(scope),
        eq(media.domainId, domainId),
        eq(media.type, v.type),
        v.location === null ? and(isNull(media.location), eq(media.title, v.title)) : eq(media.location, v.location),
      ),
    )
    .limit(1);
  return row;
}

export async function insertMedia(db: DbOrTx, v: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await db.insert(media).values(v).returning();
  return row!;
}

export async function listSensorsForDomain(db: DbOrTx, domainId: number) {
  return db
    .select({ id: sensors.id, name: sensors.name })
    .from(sensors)
    .where(or(isNull(sensors.domainId), eq(sensors.domainId, domainId)));
}

export async function domainExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, id)).limit(1);
  return !!row;
}
