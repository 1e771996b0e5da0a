import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, channels } from '@aula/domain/realtime';
import { ROSTER_IMPORT_FAILED_MESSAGE, type RosterSnapshot } from '@aula/domain/rostering';
import { buildTestApp, type TestApp } from '../../../../test/test-app';
import { generateSnapshot } from '../../../../test/roster-fixtures';
import { createAccount, createDomain, createUser } from '../../../db/seed/factories';
import { applyQueueItem } from './queue-apply';
import { createQueueItem, runStageJob, stageSnapshot } from './queue-stage';
import { moveTo } from './queue-status';

// The pipeline through its service functions on PGlite: stage, diff, sanity, apply, identity by sourcedId.

let t: TestApp;
let accountId: number;
let domainId: number;
let adminId: number;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.database.pool.query(text, params)).rows as T[];
const count = async (text: string, params: unknown[] = []) => (await q<{ n: number }>(text, params))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.database.db;
  const d = await createDomain(db);
  domainId = d.id;
  accountId = (await createAccount(db, { domainId })).id;
  adminId = (await createUser(db, { role: 'administrator', domainId, accountId, email: 'admin@p.test' })).id;
});
afterAll(() => t.close());

async function stage(snapshot: RosterSnapshot) {
  const item = await createQueueItem(t.app.deps, { accountId, dataType: 'rest', createdBy: adminId, snapshot });
  await runStageJob(t.app.deps, item.id);
  return (
    await q<{ id: number; status: string; diff_summary: Record<string, Record<string, number>>; sanity: unknown }>(
      'select * from roster_queue where id = $1',
      [item.id],
    )
  )[0]!;
}
async function approveAndApply(id: number) {
  await moveTo(t.app.deps, id, 'preprocessing');
  await applyQueueItem(t.app.deps, id);
  return (
    await q<{ status: string; error: string | null }>('select status, error from roster_queue where id = $1', [id])
  )[0]!;
}

describe('a first bulk import', () => {
  const snap = generateSnapshot({ schools: 2, classes: 4, students: 20, perStudent: 2 });
  let firstId: number;

  it('stages, diffs and waits at prepared; every status change is published on the roster channel', async () => {
    const from = t.events.published.length;
    const item = await stage(snap);
    firstId = item.id;
    expect(item.status).toBe('prepared');
    expect(item.diff_summary.users).toMatchObject({ create: 24, update: 0, disable: 0 });
    expect(item.diff_summary.orgs).toMatchObject({ create: 2 }); // the district org is the account itself
    expect(item.diff_summary.enrollments).toMatchObject({ create: 44 });
    const statuses = t.events.published
      .slice(from)
      .filter((e) => e.channel === channels.roster(accountId) && e.event === REALTIME_EVENTS.rosterImportQueueChanged)
      .map((e) => (e.payload as { item: { status: string } }).item.status);
    expect(statuses).toEqual(['created', 'staging', 'validation', 'staged', 'prepared', 'sanity', 'prepared']);
    expect(
      await count('select count(*)::int as n from users where account_id = $1 and sourced_id is not null', [accountId]),
    ).toBe(0);
  });

  it('applies everything on approval', async () => {
    expect(await approveAndApply(firstId)).toMatchObject({ status: 'processed', error: null });
    expect(
      await count('select count(*)::int as n from users where account_id = $1 and sourced_id is not null', [accountId]),
    ).toBe(24);
    expect(await count('select count(*)::int as n from classes where account_id = $1', [accountId])).toBe(4);
    expect(
      await count(
        `select count(*)::int as n from class_users cu join classes c on c.id = cu.class_id where c.account_id = $1`,
        [accountId],
      ),
    ).toBe(44);
    const [cls] = await q<{ org: string; term: string; course: string }>(
      `select o.name as org, s.title as term, co.title as course from classes c join organizations o on o.id = c.organization_id
        join academic_sessions s on s.id = c.academic_session_id join courses co on co.id = c.course_id
       where c.sourced_id = 'g-class-1' and c.account_id = $1`,
      [accountId],
    );
    expect(cls).toEqual({ org: 'School 1', term: '2025-2026', course: 'Science' });
    expect(
      await count(
        `select count(*)::int as n from user_organizations uo join users u on u.id = uo.user_id where u.sourced_id = 'g-s-3'`,
      ),
    ).toBe(1);
  });

  it('importing the same snapshot again changes nothing: the item is empty', async () => {
    const again = await stage(snap);
    expect(again.status).toBe('empty');
    expect(await count('select count(*)::int as n from roster_changes where queue_id = $1', [again.id])).toBe(0);
  });

  it('a matched student keeps their id and enrollments; a renamed class keeps its id and custom title', async () => {
    const [before] = await q<{ id: number }>(`select id from users where sourced_id = 'g-s-0' and account_id = $1`, [
      accountId,
    ]);
    const [cls] = await q<{ id: number }>(`select id from classes where sourced_id = 'g-class-0' and account_id = $1`, [
      accountId,
    ]);
    await q(`update classes set custom_title = 'Our lab' where id = $1`, [cls!.id]);
    const next = structuredClone(snap);
    next.users.find((u) => u.sourcedId === 'g-s-0')!.familyName = 'Renamed';
    next.classes.find((c) => c.sourcedId === 'g-class-0')!.title = 'Class zero';
    const item = await stage(next);
    expect(item.status).toBe('prepared');
    expect(item.diff_summary.users).toMatchObject({ create: 0, update: 1, disable: 0 });
    const [change] = await q<{ changes: unknown }>(
      `select changes from roster_changes where queue_id = $1 and entity = 'classes'`,
      [item.id],
    );
    expect(change!.changes).toEqual({ title: { old: 'Class 0', new: 'Class zero' } });
    expect(await approveAndApply(item.id)).toMatchObject({ status: 'processed' });
    const [after] = await q<{ id: number; last_name: string }>(
      `select id, last_name from users where sourced_id = 'g-s-0' and account_id = $1`,
      [accountId],
    );
    expect(after).toEqual({ id: before!.id, last_name: 'Renamed' });
    expect(await count('select count(*)::int as n from class_users where user_id = $1', [before!.id])).toBe(2);
    const [c2] = await q<{ id: number; title: string; custom_title: string }>(
      `select id, title, custom_title from classes where id = $1`,
      [cls!.id],
    );
    expect(c2).toEqual({ id: cls!.id, title: 'Class zero', custom_title: 'Our lab' });
  });

  it('enrollments: a changed one is an update (old -> new), a dropped one goes, a broken one is logged', async () => {
    const next = structuredClone(snap);
    next.users.find((u) => u.sourcedId === 'g-s-0')!.familyName = 'Renamed';
    next.classes.find((c) => c.sourcedId === 'g-class-0')!.title = 'Class zero';
    const e1 = next.enrollments.find((e) => e.sourcedId === 'g-e-1')!; // g-s-0 in g-class-1
    e1.role = 'aide';
    next.enrollments = next.enrollments.filter((e) => e.sourcedId !== 'g-e-2'); // g-s-1 in g-class-1
    next.enrollments.push(
      { ...e1, sourcedId: 'g-e-bad', classSourcedId: 'g-class-nope' },
      { ...e1, sourcedId: 'g-e-guardian', userSourcedId: 'g-s-5', role: 'guardian' },
    );
    const item = await stage(next);
    expect(item.diff_summary.enrollments).toMatchObject({ create: 0, update: 1, disable: 1 });
    const rows = await q<{ action: string; sourced_id: string; label: string; changes: unknown }>(
      `select action, sourced_id, label, changes from roster_changes
        where queue_id = $1 and entity = 'enrollments' order by id`,
      [item.id],
    );
    expect(rows).toEqual([
      {
        action: 'update',
        sourced_id: 'g-class-1|g-s-0',
        label: 'Class 1: Student Renamed',
        changes: { user_type: { old: 'student', new: 'teacher' } },
      },
      { action: 'disable', sourced_id: 'g-class-1|g-s-1', label: 'g-class-1|g-s-1', changes: {} },
    ]);
    expect(
      await q(`select level, file, message from roster_logs where queue_id = $1 and file = 'enrollments.csv'`, [
        item.id,
      ]),
    ).toEqual([
      {
        level: 'warning',
        file: 'enrollments.csv',
        message: 'Enrollment g-e-bad points at a class or user that is not imported; left out',
      },
    ]);
    expect(await approveAndApply(item.id)).toMatchObject({ status: 'processed' });
    const members = await q<{ u: string; user_type: string }>(
      `select u.sourced_id as u, cu.user_type from class_users cu join classes c on c.id = cu.class_id
         join users u on u.id = cu.user_id
        where c.sourced_id = 'g-class-1' and c.account_id = $1 and u.sourced_id in ('g-s-0', 'g-s-1', 'g-s-5')
        order by u.sourced_id`,
      [accountId],
    );
    expect(members).toEqual([
      { u: 'g-s-0', user_type: 'teacher' },
      { u: 'g-s-5', user_type: 'student' },
    ]);
    // the same snapshot again: nothing to do
    expect((await stage(next)).status).toBe('empty');
  });

  it('a bulk that drops more than 10 % of the users stops at actionRequired (Confirm) with the figures', async () => {
    const fewer = structuredClone(snap);
    fewer.users = fewer.users.filter((u) => !['g-s-1', 'g-s-2', 'g-s-3', 'g-s-4'].includes(u.sourcedId));
    const item = await stage(fewer);
    expect(item.status).toBe('actionRequired');
    expect(item.sanity).toMatchObject({ share: 0.1, users: { disable: 4, existing: 25 } });
  });

  it('the district sanity share setting lets it through to prepared', async () => {
    await q(`insert into account_settings (account_id, setting, value) values ($1, 'rostering', $2)`, [
      accountId,
      JSON.stringify({ enabled: true, method: 'oneroster', sanity_share: 0.5 }),
    ]);
    const fewer = structuredClone(snap);
    fewer.users = fewer.users.filter((u) => !['g-s-1', 'g-s-2', 'g-s-3', 'g-s-4'].includes(u.sourcedId));
    const item = await stage(fewer);
    expect(item.status).toBe('prepared');
    expect(await approveAndApply(item.id)).toMatchObject({ status: 'processed' });
    // disabled, not deleted: their rows (and work) stay
    expect(
      await q(`select disabled, deleted_at from users where sourced_id = 'g-s-1' and account_id = $1`, [accountId]),
    ).toEqual([{ disabled: true, deleted_at: null }]);
    expect(
      await count(
        `select count(*)::int as n from class_users cu join users u on u.id = cu.user_id where u.sourced_id = 'g-s-1'`,
      ),
    ).toBe(0);
  });
});

describe('identity', () => {
  it('an existing user without a sourcedId and the same e-mail is a possible match: listed, never merged', async () => {
    const other = await createAccount(t.db.database.db, { domainId });
    await createUser(t.db.database.db, {
      role: 'student',
      domainId,
      accountId: other.id,
      email: 'x-s-1@x.test',
      firstName: 'Elsewhere',
    });
    const [acct] = await q<{ id: number }>(`select id from accounts where id = $1`, [accountId]);
    const manual = await createUser(t.db.database.db, {
      role: 'student',
      domainId,
      accountId: acct!.id,
      email: 'x-s-0@x.test',
      firstName: 'Manual',
    });
    const snap = generateSnapshot({ prefix: 'x', schools: 1, classes: 1, students: 2, perStudent: 1 });
    snap.mode = 'delta';
    const item = await stage(snap);
    const rows = await q<{ action: string; sourced_id: string; candidates: { id: number }[] | null }>(
      `select action, sourced_id, candidates from roster_changes where queue_id = $1 and entity = 'users' order by sourced_id`,
      [item.id],
    );
    expect(rows).toEqual([
      {
        action: 'possible_match',
        sourced_id: 'x-s-0',
        candidates: [expect.objectContaining({ id: manual.id, first_name: 'Manual' })],
      },
      { action: 'skip', sourced_id: 'x-s-1', candidates: null },
      { action: 'create', sourced_id: 'x-t-0', candidates: null },
    ]);
    expect(await approveAndApply(item.id)).toMatchObject({ status: 'processed' });
    expect(await q(`select sourced_id from users where id = $1`, [manual.id])).toEqual([{ sourced_id: null }]);
    expect(await count(`select count(*)::int as n from users where sourced_id in ('x-s-0', 'x-s-1')`)).toBe(0);
  });
});

describe('failure', () => {
  it('an apply that breaks half way writes nothing and ends failed with "Failed to import file"', async () => {
    const snap = generateSnapshot({ prefix: 'f', schools: 1, classes: 2, students: 3, perStudent: 1 });
    snap.mode = 'delta';
    // a first name the database refuses, after the schools, sessions, courses and classes were written
    (snap.users[3] as { givenName: unknown }).givenName = null;
    const item = await createQueueItem(t.app.deps, { accountId, dataType: 'rest', createdBy: adminId, snapshot: snap });
    await stageSnapshot(t.app.deps, item.id, snap, [
      { file: 'users.csv', row: 3, column: 'email', message: 'Bad e-mail', severity: 'warning' },
    ]);
    expect(await approveAndApply(item.id)).toMatchObject({ status: 'failed' });
    expect(
      await q(`select level, file, row, message from roster_logs where queue_id = $1 order by id`, [item.id]),
    ).toEqual([
      { level: 'warning', file: 'users.csv', row: 3, message: 'Bad e-mail' },
      { level: 'error', file: null, row: null, message: ROSTER_IMPORT_FAILED_MESSAGE },
      { level: 'error', file: null, row: null, message: expect.any(String) },
    ]);
    expect(await count(`select count(*)::int as n from organizations where sourced_id like 'f-%'`)).toBe(0);
    expect(await count(`select count(*)::int as n from classes where sourced_id like 'f-%'`)).toBe(0);
  });
});
