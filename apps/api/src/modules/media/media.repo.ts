import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domains, media } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { mediaReadable, mediaWritable } from '../activities/activity-scope.repo';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function insertMedia(db: DbOrTx, values: NewMediaRow): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  return row!;
}

/** The media row if the caller may read it, with whether they may also change it. */
export async function findMediaReadable(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<(MediaRow & { writable: boolean }) | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), mediaReadable(scope)))
    .limit(1);
  if (!row) return undefined;
  const [w] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, id), mediaWritable(scope)))
    .limit(1);
  return { ...row, writable: !!w };
}

/** Of these ids, the live media the caller may read (screens keep only those). */
export async function findMediaReadableByIds(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(and(inArray(media.id, ids), mediaReadable(scope)));
}

export async function searchMedia(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { type?: string | undefined; search?: string | undefined },
): Promise<PageResult<MediaRow>> {
  const where: (SQL | undefined)[] = [mediaReadable(scope)];
  if (f.type) where.push(eq(media.type, f.type));
  if (f.search) where.push(or(ilike(media.title, likePattern(f.search)), ilike(media.location, likePattern(f.search))));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(cond)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(media).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function softDeleteMedia(db: DbOrTx, id: number): Promise<void> {
  await db.update(media).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(media.id, id));
}

export async function domainExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, id)).limit(1);
  return !!row;
}
