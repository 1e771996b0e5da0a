import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { MIGRATIONS_DIR } from './migrate';
import { createAccount, createDomain } from './seed/factories';

// Migration 0016 moves the enrollments of items staged before it from their json chunks (roster_snapshot_rows, list
// 'enrollments') into roster_enrollment_chunks' arrays. Its conversion statements are run here on a migrated database
// holding json chunks as the old code wrote them: every row arrives, in order, and the json chunks are gone.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

async function conversion(): Promise<string[]> {
  const text = await readFile(path.join(MIGRATIONS_DIR, '0016_roster_enrollment_chunks.sql'), 'utf8');
  // the statements after the table and its foreign key
  return text.split('--> statement-breakpoint').slice(2);
}

describe('migration 0016', () => {
  it("moves a staged item's json enrollment chunks into arrays, in order, and removes them", async () => {
    const q = (text: string, values: unknown[] = []) => db.database.pool.query(text, values);
    const domain = await createDomain(db.database.db, { name: 'Migration Domain' });
    const account = await createAccount(db.database.db, { domainId: domain.id, name: 'Migration District' });
    const item = (
      await q(
        `insert into roster_queue (account_id, domain_id, status, data_type) values ($1, $2, 'prepared', 'csv')
         returning id`,
        [account.id, domain.id],
      )
    ).rows[0] as { id: number };
    const row = (n: number, status: string | null, primary: boolean | null) => ({
      sourcedId: `enr-${n}`,
      classSourcedId: `cls-${n % 2}`,
      userSourcedId: `usr-"${n}"`,
      role: n === 0 ? 'teacher' : 'student',
      primary,
      status,
    });
    const chunks = [
      [row(0, 'active', true), row(1, 'tobedeleted', false), row(2, null, null)],
      [row(3, 'active', false)],
    ];
    for (const [i, rows] of chunks.entries())
      await q(`insert into roster_snapshot_rows (queue_id, list, chunk, rows) values ($1, 'enrollments', $2, $3)`, [
        item.id,
        i,
        JSON.stringify(rows),
      ]);
    await q(`insert into roster_snapshot_rows (queue_id, list, chunk, rows) values ($1, 'users', 0, '[]')`, [item.id]);

    for (const statement of await conversion()) await q(statement);

    const { rows } = await q(
      `select chunk, sourced_ids, class_sourced_ids, user_sourced_ids, roles, primaries, statuses
         from roster_enrollment_chunks where queue_id = $1 order by chunk`,
      [item.id],
    );
    expect(rows).toEqual([
      {
        chunk: 0,
        sourced_ids: ['enr-0', 'enr-1', 'enr-2'],
        class_sourced_ids: ['cls-0', 'cls-1', 'cls-0'],
        user_sourced_ids: ['usr-"0"', 'usr-"1"', 'usr-"2"'],
        roles: ['teacher', 'student', 'student'],
        primaries: [true, false, false],
        statuses: ['active', 'tobedeleted', 'active'],
      },
      {
        chunk: 1,
        sourced_ids: ['enr-3'],
        class_sourced_ids: ['cls-1'],
        user_sourced_ids: ['usr-"3"'],
        roles: ['student'],
        primaries: [false],
        statuses: ['active'],
      },
    ]);
    const left = await q(`select list from roster_snapshot_rows where queue_id = $1`, [item.id]);
    expect(left.rows).toEqual([{ list: 'users' }]);
  });
});
