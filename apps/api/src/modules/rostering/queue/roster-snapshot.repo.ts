import { sql } from 'drizzle-orm';
import { emptyRosterSnapshot, type RosterSnapshot } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';

// The staged snapshot of a queue item: its header ({ version, mode }) in roster_queue.snapshot, its records in
// roster_snapshot_rows, SNAPSHOT_CHUNK records a row. A district of a million enrollments is one jsonb of about
// 250 MB, past PostgreSQL's jsonb limit and one string the worker would have to build and parse whole; in chunks
// each statement carries about a megabyte, and reading it back never holds more than one chunk's text.
// Enrollments are stored with the fields the SQL that reads them uses (roster-enrollments.repo.ts) and are never
// loaded back into JavaScript: a million of them is most of a district's bytes.

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

/** what the enrollment SQL reads of an enrollment (its school, dates and dateLastModified are not imported) */
const storedEnrollment = (e: RosterSnapshot['enrollments'][number]) => ({
  sourcedId: e.sourcedId,
  classSourcedId: e.classSourcedId,
  userSourcedId: e.userSourcedId,
  role: e.role,
  primary: e.primary,
  status: e.status,
});

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
  await db.execute(sql`delete from roster_snapshot_rows where queue_id = ${queueId}
    and (${!opts.keepEnrollments} or list <> 'enrollments')`);
  for (const list of LISTS) {
    if (list === 'enrollments' && opts.keepEnrollments) continue;
    const rows: unknown[] = s[list];
    for (let i = 0, chunk = 0; i < rows.length; i += SNAPSHOT_CHUNK, chunk += 1) {
      let part = rows.slice(i, i + SNAPSHOT_CHUNK);
      if (list === 'users') part = (part as RosterSnapshot['users']).map((u) => ({ ...u, password: null }));
      if (list === 'enrollments') part = (part as RosterSnapshot['enrollments']).map(storedEnrollment);
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
      await insertChunk(db, queueId, 'enrollments', chunk, rows.map(storedEnrollment));
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
}
