import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activities, guideActivities, guides } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { activityReadable, guideReadable, guideWritable } from '../activities/activity-scope.repo';

export type GuideRow = typeof guides.$inferSelect;
export type NewGuideRow = typeof guides.$inferInsert;
export interface GuideActivityRef {
  guideId: number;
  id: number;
  title: string;
}

/** Guides linked to the activity (a subquery on the link table). */
function linkedTo(db: DbOrTx, activityId: number): SQL {
  return inArray(
    guides.id,
    db.select({ id: guideActivities.guideId }).from(guideActivities).where(eq(guideActivities.activityId, activityId)),
  );
}

export async function listGuides(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined; activity_id?: number | undefined },
): Promise<PageResult<GuideRow>> {
  const search = f.search ? likePattern(f.search) : undefined;
  const cond = and(
    guideReadable(scope),
    search ? or(ilike(guides.title, search), ilike(guides.description, search)) : undefined,
    f.activity_id !== undefined ? linkedTo(db, f.activity_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(guides)
      .where(cond)
      .orderBy(asc(guides.title), asc(guides.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(guides).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every guide of the activity the caller may read, newest first (the activity details page). */
export async function listGuidesOfActivity(db: DbOrTx, scope: TenantScope, activityId: number): Promise<GuideRow[]> {
  return db
    .select()
    .from(guides)
    .where(and(guideReadable(scope), linkedTo(db, activityId)))
    .orderBy(desc(guides.updatedAt), desc(guides.id));
}

export async function findGuide(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  opts: { write?: boolean } = {},
): Promise<GuideRow | undefined> {
  const [row] = await db
    .select()
    .from(guides)
    .where(and(eq(guides.id, id), opts.write ? guideWritable(scope) : guideReadable(scope)))
    .limit(1);
  return row;
}

/** The linked activities the caller may read, by guide (drafts only when `drafts`). */
export async function loadGuideActivities(
  db: DbOrTx,
  scope: TenantScope,
  guideIds: number[],
  opts: { drafts: boolean },
): Promise<GuideActivityRef[]> {
  if (guideIds.length === 0) return [];
  return db
    .select({ guideId: guideActivities.guideId, id: activities.id, title: activities.title })
    .from(guideActivities)
    .innerJoin(activities, eq(activities.id, guideActivities.activityId))
    .where(
      and(
        inArray(guideActivities.guideId, guideIds),
        activityReadable(scope),
        opts.drafts ? undefined : eq(activities.status, 'published'),
      ),
    )
    .orderBy(asc(activities.title), asc(activities.id));
}

/** Of these ids, the live activities the caller may read that a guide of this domain (and account) may link. */
export async function linkableActivityIds(
  db: DbOrTx,
  scope: TenantScope,
  at: { domainId: number; accountId: number | null },
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        inArray(activities.id, ids),
        activityReadable(scope),
        eq(activities.domainId, at.domainId),
        // a district's guide goes with its domain's shared activities and the district's own
        at.accountId === null ? undefined : or(isNull(activities.accountId), eq(activities.accountId, at.accountId)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether a caller who may read activities reaches the guide through one of them. */
export async function guideReachableThroughActivity(
  db: DbOrTx,
  scope: TenantScope,
  guideId: number,
  opts: { drafts: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ id: guideActivities.activityId })
    .from(guideActivities)
    .innerJoin(activities, eq(activities.id, guideActivities.activityId))
    .where(
      and(
        eq(guideActivities.guideId, guideId),
        activityReadable(scope),
        opts.drafts ? undefined : eq(activities.status, 'published'),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertGuide(db: DbOrTx, values: NewGuideRow): Promise<GuideRow> {
  const [row] = await db.insert(guides).values(values).returning();
  return row!;
}

export async function updateGuide(db: DbOrTx, id: number, values: Partial<NewGuideRow>): Promise<GuideRow> {
  const [row] = await db
    .update(guides)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(guides.id, id))
    .returning();
  return row!;
}

export async function deleteGuide(db: DbOrTx, id: number): Promise<void> {
  await db.delete(guides).where(eq(guides.id, id));
}

/**
 * Sets the guide's links to exactly these activities, except links to activities the writer cannot read (another
 * district's activity linked by domain staff stays linked when a district editor saves).
 */
export async function replaceGuideActivities(
  db: DbOrTx,
  scope: TenantScope,
  guideId: number,
  activityIds: number[],
): Promise<void> {
  const visible = db.select({ id: activities.id }).from(activities).where(activityReadable(scope));
  await db
    .delete(guideActivities)
    .where(and(eq(guideActivities.guideId, guideId), inArray(guideActivities.activityId, visible)));
  if (activityIds.length > 0)
    await db
      .insert(guideActivities)
      .values(activityIds.map((activityId) => ({ guideId, activityId })))
      .onConflictDoNothing();
}
