import { sql } from 'drizzle-orm';
import { emptyRosterSnapshot, type RosterSnapshot } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';

// The staged snapshot of a queue item: its header ({ version, mode }) in roster_queue.snapshot, its records in
// roster_snapshot_rows, SNAPSHOT_CHUNK records a row. A district of a million enrollments is one jsonb of about
// 250 MB, past PostgreSQL's jsonb limit and one string the worker would have to build and parse whole; in chunks
// each statement carries about a megabyte, and reading it back never holds more than one chunk's text.
// Enrollments are stored apart (roster_enrollment_chunks: one array per column, the fields the SQL that reads them
// uses, roster-enrollments.repo.ts) and are never loaded back into JavaScript: a million of them is most of a
// district's bytes.

export const SNAPSHOT_CHUNK = 5000;

const LISTS = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'enrollments',
  'demographics',
] as const satisfies readonly (keyof RosterSnapshot)[];

export interface SnapshotHeader {
  version: RosterSnapshot['version'];
  mode: RosterSnapshot['mode'];
  /** set by staging: no class|user pair of the stored enrollments is there twice (roster-enrollments.repo.ts) */
  enrollmentPairsUnique?: boolean;
}

export const headerOf = (s: RosterSnapshot): SnapshotHeader => ({ version: s.version, mode: s.mode });

/** A PostgreSQL array literal of text values ({"a","b"}): one parameter, parsed once by the database. */
function textArray(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out += (i === 0 ? '"' : ',"') + (/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v) + '"';
  }
  return out + '}';
}

/**
 * One chunk of enrollments, as columns: what the enrollment SQL reads of them (their school, dates and
 * dateLastModified are not imported).
 */
async function insertEnrollmentChunk(
  db: DbOrTx,
  queueId: number,
  chunk: number,
  rows: RosterSnapshot['enrollments'],
): Promise<void> {
  const column = (pick: (e: RosterSnapshot['enrollments'][number]) => string) => textArray(rows.map(pick));
  const primaries = '{' + rows.map((e) => (e.primary ? 't' : 'f')).join(',') + '}';
  await db.execute(sql`insert into roster_enrollment_chunks (queue_id, chunk, sourced_ids, class_sourced_ids,
      user_sourced_ids, roles, primaries, statuses)
    values (${queueId}, ${chunk}, ${column((e) => e.sourcedId)}::text[], ${column((e) => e.classSourcedId)}::text[],
      ${column((e) => e.userSourcedId)}::text[], ${column((e) => e.role)}::text[], ${primaries}::boolean[],
      ${column((e) => e.status)}::text[])`);
}

const insertChunk = (db: DbOrTx, queueId: number, list: string, chunk: number, rows: unknown[]) =>
  db.execute(sql`insert into roster_snapshot_rows (queue_id, list, chunk, rows)
    values (${queueId}, ${list}, ${chunk}, ${JSON.stringify(rows)}::json)`);

/**
 * Replaces the item's stored records with the snapshot's (passwords dropped); the caller sets the header.
 * `keepEnrollments`: the enrollments were written already (streamed by enrollmentWriter) and stay.
 */
export async function storeSnapshotRows(
  db: DbOrTx,
  queueId: number,
  s: RosterSnapshot,
  opts: { keepEnrollments?: boolean } = {},
): Promise<void> {
  await db.execute(sql`delete from roster_snapshot_rows where queue_id = ${queueId}`);
  if (!opts.keepEnrollments) await db.execute(sql`delete from roster_enrollment_chunks where queue_id = ${queueId}`);
  for (const list of LISTS) {
    if (list === 'enrollments' && opts.keepEnrollments) continue;
    const rows: unknown[] = s[list];
    for (let i = 0, chunk = 0; i < rows.length; i += SNAPSHOT_CHUNK, chunk += 1) {
      let part = rows.slice(i, i + SNAPSHOT_CHUNK);
      if (list === 'enrollments') {
        await insertEnrollmentChunk(db, queueId, chunk, part as RosterSnapshot['enrollments']);
        continue;
      }
      if (list === 'users') part = (part as RosterSnapshot['users']).map((u) => ({ ...u, password: null }));
      await insertChunk(db, queueId, list, chunk, part);
    }
  }
}

/**
 * The item's stored records are cleared, then each batch of enrollments given to `write` is stored as the next
 * chunk (the CSV reader's EnrollmentSink): a district's enrollments go to the database as the archive is read.
 */
export async function enrollmentWriter(db: DbOrTx, queueId: number) {
  await deleteSnapshotRows(db, queueId);
  let chunk = 0;
  return {
    size: SNAPSHOT_CHUNK,
    write: async (rows: RosterSnapshot['enrollments']) => {
      await insertEnrollmentChunk(db, queueId, chunk, rows);
      chunk += 1;
    },
  };
}

/** The stored snapshot without its enrollments (they stay in the database), read one chunk at a time. */
export async function loadSnapshot(db: DbOrTx, queueId: number, header: SnapshotHeader): Promise<RosterSnapshot> {
  const s = emptyRosterSnapshot(header.version, header.mode);
  for (const list of LISTS) {
    if (list === 'enrollments') continue;
    const target: unknown[] = s[list];
    for (let chunk = 0; ; chunk += 1) {
      // json text as stored, parsed here
      const res = await db.execute<{ rows: string }>(sql`select rows::text as rows from roster_snapshot_rows
        where queue_id = ${queueId} and list = ${list} and chunk = ${chunk}`);
      const row = res.rows[0];
      if (!row) break;
      for (const r of JSON.parse(row.rows) as unknown[]) target.push(r);
    }
  }
  return s;
}

export async function deleteSnapshotRows(db: DbOrTx, queueId: number): Promise<void> {
  await db.execute(sql`delete from roster_snapshot_rows where queue_id = ${queueId}`);
  await db.execute(sql`delete from roster_enrollment_chunks where queue_id = ${queueId}`);
}
