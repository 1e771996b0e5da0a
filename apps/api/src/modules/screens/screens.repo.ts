import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ScreenBody } from '@aula/domain/activity-content';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  activityVersions,
  media,
  screens,
  screenVersions,
  sensors,
  users,
  type ScreenOrigin,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { activityReadable, activityWritable, mediaReadable } from '../activities/activity-scope.repo';

export type ActivityRow = typeof activities.$inferSelect;
export type ScreenRow = typeof screens.$inferSelect;
export type ScreenVersionRow = typeof screenVersions.$inferSelect;
export type ActivityVersionRow = typeof activityVersions.$inferSelect;
export type MediaRow = typeof media.$inferSelect;

/** A screen with its current version's body. */
export interface ScreenWithBody extends ScreenRow {
  version: ScreenVersionRow;
}

/** An activity the caller may read, with whether they may change it; undefined when it does not exist for them. */
export async function findActivityForCaller(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<(ActivityRow & { writable: boolean }) | undefined> {
  const [row] = await db
    .select({ a: activities, writable: sql<boolean>`(${activityWritable(scope)})` })
    .from(activities)
    .where(and(eq(activities.id, id), activityReadable(scope)))
    .limit(1);
  return row && { ...row.a, writable: row.writable };
}

export async function findActivityById(db: DbOrTx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), isNull(activities.deletedAt)))
    .limit(1);
  return row;
}

/** Screens (live, not removed) the caller may read, with their activity and whether the caller may change it. */
export async function findScreensForCaller(db: DbOrTx, scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ s: screens, v: screenVersions, a: activities, writable: sql<boolean>`(${activityWritable(scope)})` })
    .from(screens)
    .innerJoin(activities, eq(activities.id, screens.activityId))
    .innerJoin(screenVersions, eq(screenVersions.id, screens.currentVersionId))
    .where(and(inArray(screens.id, [...ids]), isNull(screens.removedAt), activityReadable(scope)));
  return rows.map((r) => ({ screen: { ...r.s, version: r.v }, activity: r.a, writable: r.writable }));
}

/** The activity's screens in order; removed ones only when asked. */
export async function listScreens(
  db: DbOrTx,
  activityId: number,
  opts: { includeRemoved?: boolean } = {},
): Promise<ScreenWithBody[]> {
  const rows = await db
    .select({ s: screens, v: screenVersions })
    .from(screens)
    .innerJoin(screenVersions, eq(screenVersions.id, screens.currentVersionId))
    .where(and(eq(screens.activityId, activityId), opts.includeRemoved ? undefined : isNull(screens.removedAt)))
    .orderBy(asc(screens.position), asc(screens.id));
  return rows.map((r) => ({ ...r.s, version: r.v }));
}

/** Live screens that follow (are linked to) any of these screens, with their activity's title. */
export async function listLinksOf(db: DbOrTx, sourceIds: readonly number[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select({
      source_id: screens.linkedScreenId,
      screen_id: screens.id,
      version_id: screens.currentVersionId,
      activity_id: activities.id,
      activity_title: activities.title,
      domain_id: activities.domainId,
      account_id: activities.accountId,
    })
    .from(screens)
    .innerJoin(activities, eq(activities.id, screens.activityId))
    .where(
      and(inArray(screens.linkedScreenId, [...sourceIds]), isNull(screens.removedAt), isNull(activities.deletedAt)),
    )
    .orderBy(asc(screens.id));
}

export async function insertScreen(
  db: DbOrTx,
  v: {
    activityId: number;
    section: number;
    position: number;
    origin?: ScreenOrigin | null;
    linkedScreenId?: number | null;
    currentVersionId?: number | null;
  },
): Promise<ScreenRow> {
  const [row] = await db.insert(screens).values(v).returning();
  return row!;
}

export async function insertScreenVersion(
  db: DbOrTx,
  v: { screenId: number; body: ScreenBody; createdBy: number | null },
): Promise<ScreenVersionRow> {
  const [row] = await db
    .insert(screenVersions)
    .values({
      screenId: v.screenId,
      content: v.body.content,
      questions: v.body.questions,
      media: v.body.media,
      sensors: v.body.sensors,
      createdBy: v.createdBy,
    })
    .returning();
  return row!;
}

export async function updateScreenVersionBody(db: DbOrTx, id: number, body: ScreenBody): Promise<ScreenVersionRow> {
  const [row] = await db
    .update(screenVersions)
    .set({
      content: body.content,
      questions: body.questions,
      media: body.media,
      sensors: body.sensors,
      updatedAt: new Date(),
    })
    .where(eq(screenVersions.id, id))
    .returning();
  return row!;
}

export async function updateScreen(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<ScreenRow, 'section' | 'position' | 'currentVersionId' | 'origin' | 'linkedScreenId' | 'removedAt'>>,
): Promise<ScreenRow> {
  const [row] = await db
    .update(screens)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(screens.id, id))
    .returning();
  return row!;
}

/** Points every live screen that follows `sourceId` at `versionId`; returns the screens moved. */
export async function moveLinkedScreens(db: DbOrTx, sourceId: number, versionId: number) {
  return db
    .update(screens)
    .set({ currentVersionId: versionId, updatedAt: new Date() })
    .where(and(eq(screens.linkedScreenId, sourceId), isNull(screens.removedAt)))
    .returning({ id: screens.id, activityId: screens.activityId });
}

/** Screens of `activityId` that follow or were copied from `sourceId`. */
export async function listScreensFrom(db: DbOrTx, activityId: number, sourceId: number) {
  return db
    .select()
    .from(screens)
    .where(
      and(
        eq(screens.activityId, activityId),
        isNull(screens.removedAt),
        or(eq(screens.linkedScreenId, sourceId), sql`(${screens.origin}->>'screen_id')::int = ${sourceId}`),
      ),
    );
}

export async function clearLinksOf(db: DbOrTx, sourceId: number) {
  return db
    .update(screens)
    .set({ linkedScreenId: null, updatedAt: new Date() })
    .where(and(eq(screens.linkedScreenId, sourceId), isNull(screens.removedAt)))
    .returning({ id: screens.id, activityId: screens.activityId });
}

export async function findScreenVersions(db: DbOrTx, ids: readonly number[]): Promise<ScreenVersionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(screenVersions)
    .where(inArray(screenVersions.id, [...ids]));
}

export async function freezeScreenVersions(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(screenVersions)
    .set({ frozen: true })
    .where(inArray(screenVersions.id, [...ids]));
}

export async function touchActivity(db: DbOrTx, id: number, userId: number | null): Promise<void> {
  await db.update(activities).set({ updatedAt: new Date(), updatedBy: userId }).where(eq(activities.id, id));
}

export async function updateActivity(
  db: DbOrTx,
  id: number,
  v: Partial<
    Pick<
      ActivityRow,
      'status' | 'publishedVersionId' | 'publishedAt' | 'scheduledVersionId' | 'scheduledAt' | 'scheduledJobId'
    >
  >,
): Promise<ActivityRow> {
  const [row] = await db
    .update(activities)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(activities.id, id))
    .returning();
  return row!;
}

/** Activity versions, newest first, with their creator's name. */
export async function listActivityVersions(db: DbOrTx, activityId: number) {
  return db
    .select({ v: activityVersions, first: users.firstName, last: users.lastName })
    .from(activityVersions)
    .leftJoin(users, eq(users.id, activityVersions.createdBy))
    .where(eq(activityVersions.activityId, activityId))
    .orderBy(desc(activityVersions.number));
}

export async function findActivityVersion(
  db: DbOrTx,
  activityId: number,
  id: number,
): Promise<ActivityVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(activityVersions)
    .where(and(eq(activityVersions.id, id), eq(activityVersions.activityId, activityId)))
    .limit(1);
  return row;
}

export async function insertActivityVersion(
  db: DbOrTx,
  v: {
    activityId: number;
    title: string | null;
    note: string | null;
    screens: ActivityVersionRow['screens'];
    createdBy: number;
  },
): Promise<ActivityVersionRow> {
  // one version number per activity: lock the activity row while numbering
  await db.execute(sql`select 1 from ${activities} where ${activities.id} = ${v.activityId} for update`);
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${activityVersions.number}), 0)::int` })
    .from(activityVersions)
    .where(eq(activityVersions.activityId, v.activityId));
  const number = (last?.n ?? 0) + 1;
  const [row] = await db
    .insert(activityVersions)
    .values({
      activityId: v.activityId,
      number,
      title: v.title ?? `${number}`,
      note: v.note,
      screens: v.screens,
      createdBy: v.createdBy,
    })
    .returning();
  return row!;
}

export async function markVersionPublished(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(activityVersions).set({ publishedAt: at }).where(eq(activityVersions.id, id));
}

/** Media rows by id with whether the caller may use them; rows of other tenants come back with readable false. */
export async function findMedia(db: DbOrTx, scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ m: media, readable: sql<boolean>`(${mediaReadable(scope)})` })
    .from(media)
    .where(inArray(media.id, [...ids]));
}

/** Ids of live media among these. */
export async function existingMediaIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, [...ids]), isNull(media.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Sensors a screen of this domain may require: global ones and the domain's own. */
export async function listSensorsOfDomain(db: DbOrTx, domainId: number) {
  return db
    .select({ id: sensors.id, name: sensors.name })
    .from(sensors)
    .where(or(isNull(sensors.domainId), eq(sensors.domainId, domainId)))
    .orderBy(asc(sensors.name), asc(sensors.id));
}

/** Fresh question and option ids from the product-wide sequences. */
export async function nextIds(db: DbOrTx, questions: number, options: number) {
  const take = async (seq: string, n: number) => {
    if (n === 0) return [];
    const res = await db.execute<{ id: number }>(
      sql`select nextval(${seq})::int as id from generate_series(1, ${n}::int)`,
    );
    return res.rows.map((r) => Number(r.id));
  };
  return { questions: await take('question_id_seq', questions), options: await take('option_id_seq', options) };
}

/** Activities whose draft has a screen linked to one of these sources (for real-time fan-out). */
export async function activitiesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: activities.id, domainId: activities.domainId, accountId: activities.accountId })
    .from(activities)
    .where(inArray(activities.id, [...ids]));
}
