import { sql, type SQL } from 'drizzle-orm';
import type { RosterChangeAction } from '@aula/domain/roster-queue';
import type { DbOrTx } from '../../../db/client';

// Enrollments, diffed and applied in SQL (issue 16 item 13): a district has about twenty times more enrollments
// than anything else, so they are never turned into JavaScript objects. The snapshot's enrollments are read from
// the item's stored chunks (roster_enrollment_chunks, by unnest) into a temporary table of the transaction, one row
// per class|user (the last row of a pair wins), and compared with the district's memberships by sourcedId:
//   stage: the review rows of updated and disabled enrollments (roster_changes), which rows would be created
//          (CREATED_LIST; their review is read from the chunks: roster-enrollment-review.repo.ts), the log of
//          enrollments left out and the counts, each one statement;
//   apply: one delete and one upsert.
// The rules are those of the other entity types (roster-diff.ts): bulk removes every rostered membership the
// snapshot lacks, delta only those marked tobedeleted; a student enrollment is a student membership, teacher,
// aide, administrator and proctor are teacher memberships, other roles have none.

export interface EnrollmentScope {
  queueId: number;
  accountId: number;
  mode: 'bulk' | 'delta';
  /** sourcedIds of the classes and users that are live once the import is applied */
  classIds: string[];
  userIds: string[];
  /** staging found no class|user pair twice and kept every row (the apply then skips finding each pair's last row) */
  pairsUnique?: boolean | undefined;
}

export interface StagedEnrollments {
  counts: Record<RosterChangeAction, number>;
  /** what the apply's EnrollmentScope.pairsUnique takes (the chunks do not change between staging and apply) */
  pairsUnique: boolean;
}

const TEMP = 'roster_enrollments_staged';

/**
 * roster_snapshot_rows' list of the created enrollments: one row per chunk of the staged enrollments that has any,
 * `{ count, bits }`: how many of the chunk's rows would be created, and which (bits: a string of 0 and 1, the
 * n-th character for the chunk's n-th row, up to the last created one).
 */
export const CREATED_LIST = 'enrollments:created';
/** a OneRoster role's membership: student, teacher (teacher, aide, administrator, proctor) or none (null) */
export const userTypeOf = (role: SQL) => sql`case when ${role} = 'student' then 'student'
  when ${role} in ('teacher', 'aide', 'administrator', 'proctor') then 'teacher' end`;
const ids = (v: string[]) => sql`(select json_array_elements_text(${JSON.stringify(v)}::json))`;

// a district's sorts and hashes (a million memberships) fit in memory rather than spill to disk; for this
// transaction only
const WORK_MEM = `set local work_mem = '64MB'`;

/**
 * The stored enrollments of a queue item, one row each: its chunk, its position in the chunk (n, from 1), class (c)
 * and user (u) sourcedIds, membership (user_type), primary and whether it removes (tobedeleted); with `sid` its own
 * sourcedId too (only the log names it: an array not unnested is not read). `chunks`: only those chunks.
 */
export const enrollmentRows = (queueId: number, o: { chunks?: SQL; sid?: boolean } = {}) => sql`
  select e.chunk, x.n, x.c, x.u, ${userTypeOf(sql`x.role`)} as user_type,
         coalesce(x.is_primary, false) as is_primary, coalesce(x.status = 'tobedeleted', false) as remove
         ${o.sid ? sql`, x.sid` : sql``}
    from roster_enrollment_chunks e,
         unnest(e.class_sourced_ids, e.user_sourced_ids, e.roles, e.primaries, e.statuses
           ${o.sid ? sql`, e.sourced_ids` : sql``})
           with ordinality as x(c, u, role, is_primary, status, ${o.sid ? sql`sid, ` : sql``}n)
   where e.queue_id = ${queueId} ${o.chunks ? sql`and e.chunk in ${o.chunks}` : sql``}`;

/**
 * Fills the transaction's temporary table with one row per class|user of the snapshot's typed enrollments that are
 * kept (removed, or their class and user are live after the import; the last row of a pair wins), in one pass over
 * the stored chunks. With `log` (staging) every typed row goes in with whether it is kept: those left out are then
 * taken out again and logged (a second pass over the chunks, only when there are any), and a pair found twice (a hash
 * of the pairs, not a sort: an archive rarely has one) is brought down to its last row. `pairsUnique` (staging found
 * every typed row kept and no pair twice): the apply takes the rows as they are, without the sort that finds each
 * pair's last row. Returns whether the pairs are unique (staging; the apply returns false).
 */
async function loadStaged(tx: DbOrTx, s: EnrollmentScope, opts: { log: boolean }): Promise<boolean> {
  await tx.execute(sql.raw(WORK_MEM));
  await tx.execute(sql.raw(`drop table if exists ${TEMP}`));
  await tx.execute(
    sql.raw(`create temp table ${TEMP} (chunk int, n int, c text, u text, user_type text, is_primary boolean,
    remove boolean, valid boolean) on commit drop`),
  );
  const keeps = sql`(raw.remove or (raw.c in ${ids(s.classIds)} and raw.u in ${ids(s.userIds)}))`;
  // every typed row with whether it is kept (staging), or only the kept ones (the apply: the test is made once)
  const typed = (o: { onlyKept?: boolean; sid?: boolean } = {}) => sql`select raw.chunk, raw.n, raw.c, raw.u,
      raw.user_type, raw.is_primary, raw.remove, ${o.onlyKept ? sql`true` : keeps} as valid
      ${o.sid ? sql`, raw.sid` : sql``}
    from (${enrollmentRows(s.queueId, { sid: o.sid })}) raw where raw.user_type is not null ${o.onlyKept ? sql`and ${keeps}` : sql``}`;
  let unique = false;
  if (opts.log) {
    await tx.execute(sql`insert into ${sql.raw(TEMP)} ${typed()}`);
    const left = (await tx.execute(sql.raw(`delete from ${TEMP} where not valid`))).rowCount ?? 0;
    if (left > 0)
      await tx.execute(sql`insert into roster_logs (queue_id, level, file, "row", "column", message)
        select ${s.queueId}, 'warning', 'enrollments.csv', null, null,
               'Enrollment ' || t.sid || ' points at a class or user that is not imported; left out'
          from (${typed({ sid: true })}) t where not t.valid order by t.chunk, t.n`);
    const twice = await keepLastOfEachPair(tx);
    unique = left === 0 && !twice;
  } else {
    await tx.execute(
      s.pairsUnique
        ? sql`insert into ${sql.raw(TEMP)} ${typed({ onlyKept: true })}`
        : // sorted bytewise (collate "C"): a million pairs sort a third faster than by the database's collation
          sql`insert into ${sql.raw(TEMP)} select distinct on (c collate "C", u collate "C") *
            from (${typed({ onlyKept: true })}) t order by c collate "C", u collate "C", chunk desc, n desc`,
    );
  }
  // statistics: in the apply's transaction, which has just written the district's users and classes, the tables'
  // statistics still say what was there before (nothing, the first time), and the planner then scans users once
  // per membership (a minute for 100,000). ANALYZE inside the transaction counts its own rows.
  // no index on it: every statement that reads it reads all of it (hash joins)
  for (const table of [TEMP, 'classes', 'users', 'class_users']) await tx.execute(sql.raw(`analyze ${table}`));
  return unique;
}

/** Staging: a class|user pair the temporary table has twice keeps its last row only. Returns whether there was one. */
async function keepLastOfEachPair(tx: DbOrTx): Promise<boolean> {
  const res = await tx.execute<{ twice: boolean }>(
    sql.raw(`select exists (select 1 from ${TEMP}
    group by c collate "C", u collate "C" having count(*) > 1) as twice`),
  );
  if (!res.rows[0]?.twice) return false;
  await tx.execute(
    sql.raw(`delete from ${TEMP} t using (select c, u, max(array[chunk, n]) as last from ${TEMP}
      group by c, u having count(*) > 1) d
     where t.c = d.c and t.u = d.u and array[t.chunk, t.n] < d.last`),
  );
  return true;
}

// A class's title and a user's name, from the snapshot (a delta may not carry them: then the sourcedId).
export const labels = (queueId: number) => sql`
  ct as (select x."sourcedId" as id, x.title from roster_snapshot_rows r,
           json_to_recordset(r.rows) as x("sourcedId" text, title text)
          where r.queue_id = ${queueId} and r.list = 'classes'),
  un as (select x."sourcedId" as id, x."givenName" || ' ' || x."familyName" as name from roster_snapshot_rows r,
           json_to_recordset(r.rows) as x("sourcedId" text, "givenName" text, "familyName" text)
          where r.queue_id = ${queueId} and r.list = 'users')`;

// The district's rostered memberships, keyed by the class's and the user's sourcedId.
const existing = (accountId: number) => sql`
  ex as (select cu.class_id, cu.user_type, cu.is_primary, c.sourced_id as c, u.sourced_id as u
           from class_users cu join classes c on c.id = cu.class_id join users u on u.id = cu.user_id
          where c.account_id = ${accountId} and c.sourced_id is not null and u.sourced_id is not null)`;

/** A delta that names no enrollment changes none: nothing to read (the district's memberships are not scanned). */
async function nothingStaged(tx: DbOrTx, s: EnrollmentScope): Promise<boolean> {
  if (s.mode !== 'delta') return false;
  const res = await tx.execute<{ any: boolean }>(sql`select exists (select 1 from roster_enrollment_chunks
    where queue_id = ${s.queueId}) as any`);
  return !res.rows[0]?.any;
}

/**
 * Staging: writes the review of the enrollments and the log of those left out, in the caller's transaction (after
 * the other entity types' rows), and returns the counts per action. Updated and disabled enrollments (few) are
 * review rows (roster_changes); created ones (a district's first import: a million) are not: their review is read
 * from the staged enrollment chunks when it is asked for (roster-enrollment-review.repo.ts), and staging stores
 * only which rows of each chunk would be created (CREATED_LIST).
 */
export async function stageEnrollments(tx: DbOrTx, s: EnrollmentScope): Promise<StagedEnrollments> {
  const counts = { create: 0, update: 0, disable: 0, possible_match: 0, skip: 0 };
  await tx.execute(sql`delete from roster_snapshot_rows where queue_id = ${s.queueId} and list = ${CREATED_LIST}`);
  if (await nothingStaged(tx, s)) return { counts, pairsUnique: true };
  const pairsUnique = await loadStaged(tx, { ...s, pairsUnique: false }, { log: true });
  counts.create = await stageCreated(tx, s);
  // the counts come back from the insert itself (no second pass)
  const res = await tx.execute<{ action: RosterChangeAction; n: number }>(sql`
    with ${labels(s.queueId)}, ${existing(s.accountId)},
    changed as (
      select m.chunk, m.n, m.c, m.u, case when m.remove then 'disable' else 'update' end as action,
             ex.class_id as target_id,
             case when m.remove then '{}'::jsonb
                  else (case when ex.user_type is distinct from m.user_type
                          then jsonb_build_object('user_type', jsonb_build_object('old', ex.user_type, 'new', m.user_type))
                          else '{}'::jsonb end)
                    || (case when ex.is_primary is distinct from m.is_primary
                          then jsonb_build_object('primary', jsonb_build_object('old', ex.is_primary, 'new', m.is_primary))
                          else '{}'::jsonb end) end as changes,
             true as named
        from ${sql.raw(TEMP)} m join ex on ex.c = m.c and ex.u = m.u
       where m.remove or ex.user_type is distinct from m.user_type or ex.is_primary is distinct from m.is_primary
      union all
      -- bulk: every rostered membership the snapshot lacks goes
      select null, null, ex.c, ex.u, 'disable', ex.class_id, '{}'::jsonb, false
        from ex
       where ${s.mode === 'bulk'}
         and not exists (select 1 from ${sql.raw(TEMP)} m where m.c = ex.c and m.u = ex.u)
    ),
    written as (
    insert into roster_changes (queue_id, entity, action, sourced_id, label, target_id, changes, candidates)
    select ${s.queueId}, 'enrollments', ch.action, ch.c || '|' || ch.u,
           case when ch.named then coalesce(ct.title, ch.c) || ': ' || coalesce(un.name, ch.u) else ch.c || '|' || ch.u end,
           ch.target_id, ch.changes, null
      from changed ch left join ct on ct.id = ch.c left join un on un.id = ch.u
     order by ch.chunk nulls last, ch.n, ch.c, ch.u
     returning action
    )
    select action, count(*)::int as n from written group by action`);
  for (const r of res.rows) counts[r.action] = Number(r.n);
  return { counts, pairsUnique };
}

/**
 * Staging: which rows of each chunk would be created (CREATED_LIST), and how many in all. A chunk whose every row
 * is created (a district's first import) is one count and a string of ones; only the chunks with some rows created
 * and some not (few) pay for the sort that spells out which.
 */
async function stageCreated(tx: DbOrTx, s: EnrollmentScope): Promise<number> {
  const created = sql`not m.remove and not exists (select 1 from ex where ex.c = m.c and ex.u = m.u)`;
  const res = await tx.execute<{ chunk: number; k: number; whole: boolean }>(sql`
    with ${existing(s.accountId)},
    per as (
      select m.chunk, count(*) filter (where m.created) as k, count(*) as total, max(m.n) as last
        from (select m.chunk, m.n, ${created} as created from ${sql.raw(TEMP)} m) m
       group by m.chunk
    ),
    whole as (
      insert into roster_snapshot_rows (queue_id, list, chunk, rows)
      select ${s.queueId}, ${CREATED_LIST}, per.chunk, json_build_object('count', per.k, 'bits', repeat('1', per.k::int))
        from per where per.k > 0 and per.k = per.total and per.total = per.last
    )
    select chunk, k::int as k, (k = total and total = last) as whole from per where k > 0`);
  const mixed = res.rows.filter((r) => !r.whole).map((r) => Number(r.chunk));
  if (mixed.length > 0)
    await tx.execute(sql`with ${existing(s.accountId)}
      insert into roster_snapshot_rows (queue_id, list, chunk, rows)
      select ${s.queueId}, ${CREATED_LIST}, c.chunk, json_build_object('count', count(*),
               'bits', string_agg(repeat('0', (c.n - c.prev - 1)::int) || '1', '' order by c.n))
        from (select m.chunk, m.n, coalesce(lag(m.n) over (partition by m.chunk order by m.n), 0) as prev
                from ${sql.raw(TEMP)} m
               where m.chunk in (select json_array_elements_text(${JSON.stringify(mixed)}::json)::int) and ${created}) c
       group by c.chunk`);
  return res.rows.reduce((sum, r) => sum + Number(r.k), 0);
}

/** Apply: the memberships the snapshot gives (created or changed) and those it removes, in the caller's transaction. */
export async function applyEnrollments(tx: DbOrTx, s: EnrollmentScope, afterStatement?: () => Promise<void>) {
  if (await nothingStaged(tx, s)) return;
  await loadStaged(tx, s, { log: false });
  const a = s.accountId;
  // the memberships that go first: they are never among those the upsert writes, and a district's first import
  // then compares no row it has just written (1.9 s for a million)
  if (s.mode === 'bulk')
    await tx.execute(sql`delete from class_users cu
      using classes cl, users u
      where cu.class_id = cl.id and cu.user_id = u.id and cl.account_id = ${a} and cl.sourced_id is not null
        and u.sourced_id is not null
        and not exists (select 1 from ${sql.raw(TEMP)} m
                         where not m.remove and m.c = cl.sourced_id and m.u = u.sourced_id)`);
  else
    await tx.execute(sql`delete from class_users cu
      using ${sql.raw(TEMP)} m, classes cl, users u
      where m.remove and cl.account_id = ${a} and cl.sourced_id = m.c and u.sourced_id = m.u
        and cu.class_id = cl.id and cu.user_id = u.id`);
  if (afterStatement) await afterStatement();
  await tx.execute(sql`insert into class_users (class_id, user_id, user_type, is_primary)
    select cl.id, u.id, m.user_type, m.is_primary
      from ${sql.raw(TEMP)} m
      join classes cl on cl.account_id = ${a} and cl.sourced_id = m.c
      join users u on u.account_id = ${a} and u.sourced_id = m.u
     where not m.remove
     -- in the primary key's order: each index page is written once, not revisited at random (twice as fast)
     order by cl.id, u.id
    on conflict (class_id, user_id) do update set user_type = excluded.user_type, is_primary = excluded.is_primary
     where class_users.user_type is distinct from excluded.user_type
        or class_users.is_primary is distinct from excluded.is_primary`);
  if (afterStatement) await afterStatement();
}
