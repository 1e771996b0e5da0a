import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterSnapshot } from '@aula/domain/rostering';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-app';
import { createAccount, createDomain } from '../../../db/seed/factories';
import { insertQueueItem } from './queue.repo';
import { enrollmentWriter } from './roster-snapshot.repo';

// The staged enrollments are written as one array literal per column (textArray): whatever a district's sourcedIds
// hold (quotes, backslashes, commas, braces, spaces, the word NULL, other scripts) must come back as it was written.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('enrollment chunks', () => {
  it('store every sourcedId exactly as written, in order', async () => {
    const domain = await createDomain(db.database.db, { name: 'Chunks Domain' });
    const account = await createAccount(db.database.db, { domainId: domain.id, name: 'Chunks District' });
    const item = await insertQueueItem(db.database.db, {
      accountId: account.id,
      domainId: domain.id,
      status: 'staging',
      dataType: 'csv',
    });
    const awkward = ['a"b', 'back\\slash', 'x,y', '{braces}', ' spaced ', 'NULL', 'Ölçü-ї', '\\"'];
    const rows: RosterSnapshot['enrollments'] = awkward.map((id, i) => ({
      sourcedId: `enr-${id}`,
      status: i === 1 ? 'tobedeleted' : 'active',
      dateLastModified: null,
      classSourcedId: `cls-${id}`,
      schoolSourcedId: 'sch-1',
      userSourcedId: id,
      role: i === 0 ? 'teacher' : 'student',
      primary: i === 0,
      beginDate: null,
      endDate: null,
    }));
    const writer = await enrollmentWriter(db.database.db, item.id);
    await writer.write(rows.slice(0, 5));
    await writer.write(rows.slice(5));

    const { rows: chunks } = await db.database.pool.query(
      `select chunk, sourced_ids, class_sourced_ids, user_sourced_ids, roles, primaries, statuses
         from roster_enrollment_chunks where queue_id = $1 order by chunk`,
      [item.id],
    );
    const column = (from: number, to: number, pick: (e: RosterSnapshot['enrollments'][number]) => unknown) =>
      rows.slice(from, to).map(pick);
    expect(chunks).toEqual(
      [
        [0, 0, 5],
        [1, 5, 8],
      ].map(([chunk, from, to]) => ({
        chunk,
        sourced_ids: column(from!, to!, (e) => e.sourcedId),
        class_sourced_ids: column(from!, to!, (e) => e.classSourcedId),
        user_sourced_ids: column(from!, to!, (e) => e.userSourcedId),
        roles: column(from!, to!, (e) => e.role),
        primaries: column(from!, to!, (e) => e.primary),
        statuses: column(from!, to!, (e) => e.status),
      })),
    );
  });
});
