import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { SIMULATION_PROVIDERS, type SimulationListQuery } from '@aula/domain/simulations';
import type { DbOrTx } from '../../db/client';
import { activities, activityVersions, media, screenVersions } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageResult } from '../accounts/listing';
import { activityReadable, mediaReadable } from '../activities/activity-scope.repo';

// Simulations are media rows of the simulation kinds (docs/simulations.md). Which ones a caller sees is the content
// rules of activity-scope.repo.ts: the library items they may read, and the items the published activities they may
// read embed (a shared activity of the domain may show an item another district owns; its readers see it anyway).

export type MediaRow = typeof media.$inferSelect;

/** Published, not archived activities the caller may read: the catalogue's list (activities.service 'list'). */
export function publishedActivityReadable(scope: TenantScope): SQL {
  return and(activityReadable(scope), eq(activities.status, 'published'), isNull(activities.archivedAt))!;
}

/** The activity's published version has a screen version that lists this media item. */
const publishedVersionUses = (mediaId: SQL | typeof media.id) =>
  sql`exists (select 1 from ${activityVersions} av cross join lateral jsonb_array_elements(av.screens) s
    join ${screenVersions} sv on sv.id = (s->>'version_id')::int
    where av.id = ${activities.publishedVersionId} and sv.media @> jsonb_build_array(${mediaId}))`;

function simulationVisible(scope: TenantScope): SQL {
  return and(
    isNull(media.deletedAt),
    or(
      mediaReadable(scope),
      sql`exists (select 1 from ${activities} where ${publishedActivityReadable(scope)} and ${publishedVersionUses(media.id)})`,
    ),
  )!;
}

export async function listSimulations(
  db: DbOrTx,
  scope: TenantScope,
  f: SimulationListQuery,
): Promise<PageResult<MediaRow>> {
  const where = and(
    inArray(media.type, f.provider ? [f.provider] : [...SIMULATION_PROVIDERS]),
    simulationVisible(scope),
    f.search ? or(ilike(media.title, likePattern(f.search)), ilike(media.location, likePattern(f.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(asc(sql`lower(${media.title})`), asc(media.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(media).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** For each of these media ids, the published activities the caller may read whose published version shows it. */
export async function activitiesUsing(
  db: DbOrTx,
  scope: TenantScope,
  mediaIds: readonly number[],
): Promise<Map<number, { id: number; title: string }[]>> {
  const out = new Map<number, { id: number; title: string }[]>();
  if (mediaIds.length === 0) return out;
  const res = await db.execute<{ media_id: number; id: number; title: string }>(sql`
    select distinct (mid.value)::int as media_id, ${activities.id} as id, ${activities.title} as title
      from ${activities}
      join ${activityVersions} av on av.id = ${activities.publishedVersionId}
      cross join lateral jsonb_array_elements(av.screens) s
      join ${screenVersions} sv on sv.id = (s->>'version_id')::int
      cross join lateral jsonb_array_elements(sv.media) mid
     where ${publishedActivityReadable(scope)}
       and jsonb_typeof(mid.value) = 'number'
       and (mid.value)::int = any(${sql.param([...mediaIds])}::int[])
     order by 3, 2`);
  for (const r of res.rows) {
    const list = out.get(Number(r.media_id)) ?? [];
    list.push({ id: Number(r.id), title: r.title });
    out.set(Number(r.media_id), list);
  }
  return out;
}
