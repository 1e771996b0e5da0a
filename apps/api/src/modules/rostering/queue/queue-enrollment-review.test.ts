import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterSnapshot } from '@aula/domain/rostering';
import { buildTestApp, call, type TestApp } from '../../../../test/test-app';
import { generateSnapshot } from '../../../../test/roster-fixtures';
import { buildWorld, type World } from '../../../../test/tenancy-fixtures';
import { applyQueueItem } from './queue-apply';
import { createQueueItem, runStageJob } from './queue-stage';
import { moveTo } from './queue-status';
import { SNAPSHOT_CHUNK } from './roster-snapshot.repo';

// The review of created enrollments over HTTP (issue 16 item 13): they are not stored as review rows but read from
// the staged enrollment chunks when asked for; the list, its order, search, paging across chunks and the counts
// must be those of the rows the import would create. Updated and disabled enrollments are stored rows, listed after.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

interface Row {
  id: number;
  action: string;
  sourced_id: string;
  label: string;
  target_id: number | null;
  changes: Record<string, unknown>;
}

async function review(queueId: number, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/dashboard/roster/review', {
    token: w.tokens.district,
    body: { scope: { queue_id: queueId }, entity_type: 'enrollments', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Row[]; meta: { page: number; per_page: number; total: number } }>();
}

async function stage(snapshot: RosterSnapshot) {
  const item = await createQueueItem(t.app.deps, {
    accountId: w.accA1.id,
    dataType: 'rest',
    createdBy: w.users.district.id,
    snapshot,
  });
  await runStageJob(t.app.deps, item.id);
  const res = await call(t.app, 'GET', `/dashboard/roster/queue/${item.id}`, { token: w.tokens.district });
  return res.json().data as { id: number; status: string; diff_summary: Record<string, Record<string, number>> };
}

/** What the import creates, in the archive's order: the last row of each class|user pair whose class and user exist. */
function expectedCreates(s: RosterSnapshot) {
  const classes = new Map(s.classes.map((c) => [c.sourcedId, c.title]));
  const users = new Map(s.users.map((u) => [u.sourcedId, `${u.givenName} ${u.familyName}`]));
  const last = new Map<string, number>();
  s.enrollments.forEach((e, i) => {
    const kept = ['student', 'teacher', 'aide', 'administrator', 'proctor'].includes(e.role);
    if (kept && classes.has(e.classSourcedId) && users.has(e.userSourcedId))
      last.set(`${e.classSourcedId}|${e.userSourcedId}`, i);
  });
  return [...last.values()]
    .sort((a, b) => a - b)
    .map((i) => {
      const e = s.enrollments[i]!;
      return {
        sourced_id: `${e.classSourcedId}|${e.userSourcedId}`,
        label: `${classes.get(e.classSourcedId)}: ${users.get(e.userSourcedId)}`,
        changes: { user_type: e.role === 'student' ? 'student' : 'teacher', primary: e.primary },
      };
    });
}

describe('the review of created enrollments', () => {
  // 6,060 enrollments: two chunks of the staged snapshot
  const snap = generateSnapshot({ prefix: 'r', schools: 1, classes: 60, students: 300, perStudent: 20 });
  const first = snap.enrollments[61]!;
  // the last row of a pair wins; a row whose class is not imported and a guardian are left out
  snap.enrollments.push({ ...first, sourcedId: 'r-e-again', primary: true });
  snap.enrollments.push({ ...first, sourcedId: 'r-e-nowhere', classSourcedId: 'r-class-none' });
  snap.enrollments.push({ ...first, sourcedId: 'r-e-guardian', classSourcedId: 'r-class-1', role: 'guardian' });
  const expected = expectedCreates(snap);
  let id: number;

  it('counts, lists in order and pages across the staged chunks', async () => {
    expect(snap.enrollments.length).toBeGreaterThan(SNAPSHOT_CHUNK);
    const item = await stage(snap);
    id = item.id;
    expect(item.status).toBe('prepared');
    expect(item.diff_summary.enrollments).toMatchObject({ create: expected.length, update: 0, disable: 0 });
    expect(expected.length).toBe(6060);

    const page1 = await review(id, { per_page: 50 });
    expect(page1.meta).toEqual({ page: 1, per_page: 50, total: expected.length });
    expect(page1.data.map(({ sourced_id, label, changes }) => ({ sourced_id, label, changes }))).toEqual(
      expected.slice(0, 50),
    );
    expect(page1.data[0]).toMatchObject({ action: 'create', target_id: null });
    // the duplicate pair is listed once, where its last row is, with that row's fields
    const again = expected.findIndex((e) => e.sourced_id === `${first.classSourcedId}|${first.userSourcedId}`);
    expect(expected[again]!.changes).toEqual({ user_type: 'student', primary: true });
    expect(again).toBe(expected.length - 1);

    // a page that spans the two chunks (rows 4,950 to 5,099), the last page, a page past the end
    const across = await review(id, { action: 'create', page: 34, per_page: 150 });
    expect(across.meta.total).toBe(expected.length);
    expect(across.data.map((r) => r.sourced_id)).toEqual(expected.slice(4950, 5100).map((e) => e.sourced_id));
    const last = await review(id, { page: 61, per_page: 100 });
    expect(last.data.map((r) => r.sourced_id)).toEqual(expected.slice(6000).map((e) => e.sourced_id));
    const past = await review(id, { page: 70, per_page: 100 });
    expect(past).toMatchObject({ data: [], meta: { total: expected.length } });

    // every id is unique
    const ids = new Set([...page1.data, ...across.data, ...last.data].map((r) => r.id));
    expect(ids.size).toBe(50 + 150 + 60);

    // other actions have none
    expect((await review(id, { action: 'update' })).meta.total).toBe(0);
  });

  it('searches the label and the sourcedId, and pages the result', async () => {
    const search = 'class 7: student s1';
    const matching = expected.filter((e) => e.label.toLowerCase().includes(search));
    expect(matching.length).toBeGreaterThan(5);
    const res = await review(id, { search: 'Class 7: Student S1', per_page: 5, page: 2 });
    expect(res.meta.total).toBe(matching.length);
    expect(res.data.map((r) => r.sourced_id)).toEqual(matching.slice(5, 10).map((e) => e.sourced_id));
    const exact = await review(id, { search: 'R-CLASS-15|r-s-10', action: 'create' });
    expect(exact.data).toEqual([expect.objectContaining({ sourced_id: 'r-class-15|r-s-10', action: 'create' })]);
    expect((await review(id, { search: 'no such name' })).meta.total).toBe(0);
    // LIKE's wildcards are searched as text
    expect((await review(id, { search: '%' })).meta.total).toBe(0);
  });

  it('after the apply, a second import lists its one create first, then the stored update and disable', async () => {
    await moveTo(t.app.deps, id, 'preprocessing');
    await applyQueueItem(t.app.deps, id);
    // the processed item's review still shows what it created
    expect((await review(id, { per_page: 1 })).meta.total).toBe(expected.length);

    const next = structuredClone(snap);
    const changed = next.enrollments.findIndex((e) => e.sourcedId === 'r-e-5');
    next.enrollments[changed] = { ...next.enrollments[changed]!, role: 'aide' };
    const removed = next.enrollments.findIndex((e) => e.sourcedId === 'r-e-7');
    const gone = next.enrollments.splice(removed, 1)[0]!;
    next.enrollments.push({ ...first, sourcedId: 'r-e-new', classSourcedId: 'r-class-59', userSourcedId: 'r-s-0' });
    const item = await stage(next);
    expect(item.diff_summary.enrollments).toMatchObject({ create: 1, update: 1, disable: 1 });

    const all = await review(item.id, { per_page: 10 });
    expect(all.meta.total).toBe(3);
    expect(all.data.map((r) => [r.action, r.sourced_id])).toEqual([
      ['create', 'r-class-59|r-s-0'],
      ['update', `${next.enrollments[changed].classSourcedId}|${next.enrollments[changed].userSourcedId}`],
      ['disable', `${gone.classSourcedId}|${gone.userSourcedId}`],
    ]);
    expect(all.data[1]!.changes).toEqual({ user_type: { old: 'student', new: 'teacher' } });
    // paging through the two sources: the second page starts with the stored rows
    const second = await review(item.id, { per_page: 2, page: 2 });
    expect(second).toMatchObject({ data: [{ action: 'disable' }], meta: { total: 3 } });
    const first2 = await review(item.id, { per_page: 2, page: 1 });
    expect(first2.data.map((r) => r.action)).toEqual(['create', 'update']);
    expect((await review(item.id, { action: 'disable' })).data).toHaveLength(1);
    expect((await review(item.id, { search: 'class 59: student s0' })).data.map((r) => r.action)).toEqual(['create']);
    // a pair twice: the apply finds each pair's last row
    expect(await pairsUnique(item.id)).toBe(false);
  });

  it('an import whose pairs are each there once is applied without looking for duplicates', async () => {
    const once = structuredClone(snap);
    once.enrollments = once.enrollments.filter((e) => !['r-e-1', 'r-e-nowhere', 'r-e-guardian'].includes(e.sourcedId));
    const target = once.enrollments.findIndex((e) => e.sourcedId === 'r-e-9');
    once.enrollments[target] = { ...once.enrollments[target]!, primary: true };
    const item = await stage(once);
    expect(await pairsUnique(item.id)).toBe(true);
    expect(item.diff_summary.enrollments).toMatchObject({ create: 0, update: 1, disable: 0 });
    await moveTo(t.app.deps, item.id, 'preprocessing');
    await applyQueueItem(t.app.deps, item.id);
    const rows = await t.db.database.pool.query<{ n: number; primary: number }>(
      `select count(*)::int as n, count(*) filter (where cu.is_primary)::int as primary
         from class_users cu join classes c on c.id = cu.class_id where c.account_id = $1`,
      [w.accA1.id],
    );
    // 6,060 pairs; primary: the 60 teachers, r-e-again's pair and r-e-9's
    expect(rows.rows[0]).toEqual({ n: 6060, primary: 62 });
  });
});

async function pairsUnique(queueId: number) {
  const res = await t.db.database.pool.query<{ unique: boolean | null }>(
    `select (snapshot->>'enrollmentPairsUnique')::boolean as unique from roster_queue where id = $1`,
    [queueId],
  );
  return res.rows[0]?.unique;
}
