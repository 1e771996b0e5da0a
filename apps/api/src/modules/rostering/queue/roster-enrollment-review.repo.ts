import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { offsetOf, type PageRequest, type PageResult } from '../../accounts/listing';
import { changesWindow, likeSearch, type RosterChangeRow } from './queue.repo';
import { CREATED_LIST, enrollmentRows, labels } from './roster-enrollments.repo';
import { SNAPSHOT_CHUNK } from './roster-snapshot.repo';

// The review of a queue item's enrollments (issue 16 item 13). Updated and disabled enrollments are review rows
// (roster_changes) like every other entity type's; created ones are not written as rows (a district's first import
// creates a million): staging stores, per chunk of the staged enrollments, the positions of the rows that would be
// created (CREATED_LIST, a bit string), and this reads them back with the enrollment rows they point at when the
// review is asked for. A page without a search reads only the chunks it covers; a search reads them all. Created rows come first
// (in the archive's order), then the stored rows (by id). A created row's id is negative (-(chunk * chunk size +
// position)): unique within the item and never one of roster_changes' ids.

export interface EnrollmentReviewFilter extends PageRequest {
  action?: string | undefined;
  search?: string | undefined;
}

type CreatedRow = {
  chunk: number;
  n: number;
  sourced_id: string;
  label: string;
  user_type: string;
  is_primary: boolean;
  total: number;
};

/** The created enrollments of the chunks `chunks` (all without), searched, from `offset` on, at most `limit`. */
async function createdRows(
  db: DbOrTx,
  queueId: number,
  o: { chunks?: number[]; search?: string | undefined; offset: number; limit: number },
): Promise<CreatedRow[]> {
  const inChunks = (col: SQL) =>
    o.chunks ? sql`and ${col} in (select json_array_elements_text(${JSON.stringify(o.chunks)}::json)::int)` : sql``;
  const search = o.search
    ? sql`where lower(cr.label) like ${likeSearch(o.search)} or lower(cr.sourced_id) = ${o.search.toLowerCase()}`
    : sql``;
  const query = sql`
    with ${labels(queueId)},
    cb as (select r.chunk, (r.rows->>'bits')::varbit as bits from roster_snapshot_rows r
            where r.queue_id = ${queueId} and r.list = ${CREATED_LIST} ${inChunks(sql`r.chunk`)}),
    er as (select e.chunk, e.n, e.c, e.u, e.user_type, e.is_primary
             from (${enrollmentRows(queueId, { chunks: sql`(select chunk from cb)` })}) e join cb on cb.chunk = e.chunk
            where e.n <= length(cb.bits) and get_bit(cb.bits, (e.n - 1)::int) = 1),
    cr as (select er.chunk, er.n, er.c || '|' || er.u as sourced_id,
                  coalesce(ct.title, er.c) || ': ' || coalesce(un.name, er.u) as label, er.user_type, er.is_primary
             from er left join ct on ct.id = er.c left join un on un.id = er.u)
    select cr.*, count(*) over ()::int as total from cr ${search}
     order by cr.chunk, cr.n offset ${o.offset} limit ${o.limit}`;
  // the function scans' row estimates are guesses (100 a chunk): without this the planner may join the titles
  // and names to each row by a nested loop, reading the snapshot's users once per enrollment
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return tx.execute<CreatedRow>(query);
  });
  return res.rows;
}

const asChange = (queueId: number, r: CreatedRow): RosterChangeRow => ({
  id: -(Number(r.chunk) * SNAPSHOT_CHUNK + Number(r.n)),
  queueId,
  entity: 'enrollments',
  action: 'create',
  sourcedId: r.sourced_id,
  label: r.label,
  targetId: null,
  changes: { user_type: r.user_type, primary: r.is_primary },
  candidates: null,
});

/** The created enrollments from `offset` on (at most `limit`) and how many match. */
async function createdWindow(
  db: DbOrTx,
  queueId: number,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<PageResult<RosterChangeRow>> {
  if (search) {
    const rows = await createdRows(db, queueId, { search, offset, limit: Math.max(limit, 1) });
    // the count comes with the rows; a page past the end has none, then count again from the first row
    const total = rows[0]?.total ?? (await createdRows(db, queueId, { search, offset: 0, limit: 1 }))[0]?.total ?? 0;
    return { rows: limit > 0 ? rows.map((r) => asChange(queueId, r)) : [], total: Number(total) };
  }
  // without a search: the count per chunk says which chunks the window covers, and only those are read
  const res = await db.execute<{ chunk: number; k: number }>(sql`select chunk, (rows->>'count')::int as k
    from roster_snapshot_rows where queue_id = ${queueId} and list = ${CREATED_LIST} order by chunk`);
  let before = 0;
  let skip = 0;
  const chunks: number[] = [];
  for (const { chunk, k } of res.rows) {
    const count = Number(k);
    if (before + count > offset && before < offset + limit) {
      if (chunks.length === 0) skip = offset - before;
      chunks.push(Number(chunk));
    }
    before += count;
  }
  if (chunks.length === 0) return { rows: [], total: before };
  const rows = await createdRows(db, queueId, { chunks, offset: skip, limit });
  return { rows: rows.map((r) => asChange(queueId, r)), total: before };
}

/** The review of the item's enrollments: created ones (read from the staged chunks), then the stored rows. */
export async function listEnrollmentReview(
  db: DbOrTx,
  queueId: number,
  f: EnrollmentReviewFilter,
): Promise<PageResult<RosterChangeRow>> {
  const offset = offsetOf(f);
  const created =
    f.action === undefined || f.action === 'create'
      ? await createdWindow(db, queueId, f.search, offset, f.per_page)
      : { rows: [], total: 0 };
  const stored = await changesWindow(
    db,
    queueId,
    { entities: ['enrollments'], actions: f.action ? [f.action] : undefined, search: f.search },
    Math.max(0, offset - created.total),
    f.per_page - created.rows.length,
  );
  return { rows: [...created.rows, ...stored.rows], total: created.total + stored.total };
}
