// PAS plans: materialising due assignments (types, validation, states and copies: pas-plans.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantAt } from '@aula/domain/calendar-dates';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';
import { buildPasWorld, createPlan, planBody, today, type PasWorld } from './pas-plans.fixtures';
import { materialiseDue } from './pas-materialise.service';

let t: TestApp;
let w: PasWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildPasWorld(t);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown, lang?: string) =>
  call(t.app, method, url, { token, body, ...(lang ? { lang } : {}) });

/** A plan whose first assignment is today (UTC, opening at 00:00), with its classes assigned. */
async function duePlan(token: string, over: Record<string, unknown> = {}) {
  const d = today();
  const a = w.activities;
  return createPlan(
    t,
    token,
    planBody(w, {
      name: `Due ${Math.random()}`,
      start_date: d,
      end_date: addDays(d, 30),
      cron_day: new Date(`${d}T00:00:00Z`).getUTCDay(),
      assignments: [
        { date: d, activities: [{ id: a[0]!.id }, { id: a[1]!.id }] },
        { date: addDays(d, 7), activities: [{ id: a[2]!.id }] },
      ],
      ...over,
    }),
  );
}

describe('materialisation', () => {
  it('gives each due plan assignment once to every assigned, non-suspended class, pinned to published versions', async () => {
    const plan = await duePlan(w.tokens.teacher);
    for (const c of [w.class1, w.class2])
      await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
        member_type: 'class',
        member_id: c.id,
      });
    await req('POST', `/dashboard/pas/${plan.id}/suspend`, w.tokens.teacher, { class_id: w.class2.id });
    // not published yet: nothing is given
    await materialiseDue(t.app.deps, { planId: plan.id });
    expect(await countOf(w, 'assignments', `plan_id = ${plan.id}`)).toBe(0);

    await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect((await materialiseDue(t.app.deps, { planId: plan.id })).created).toBe(1);
    expect((await materialiseDue(t.app.deps, { planId: plan.id })).created).toBe(0);

    const dueId = plan.assignments.find((a) => a.date === today())!.id;
    const rows = await w.pool.query(
      `select a.id, a.name, a.plan_assignment_id, a.account_id, a.organization_id, a.start_at from assignments a where a.plan_id = $1`,
      [plan.id],
    );
    expect(rows.rows).toEqual([
      expect.objectContaining({
        name: 'Auto-Assignment #1',
        plan_assignment_id: dueId,
        account_id: w.accA1.id,
        organization_id: w.orgA1a.id,
        start_at: new Date(`${today()}T00:00:00Z`),
      }),
    ]);
    const assignmentId = rows.rows[0].id as number;
    const members = await w.pool.query(
      'select member_type, member_id from assignment_members where assignment_id = $1',
      [assignmentId],
    );
    expect(members.rows).toEqual([{ member_type: 'class', member_id: w.class1.id }]);
    const acts = await w.pool.query(
      `select aa.activity_id, aa.activity_version_id = a.published_version_id as pinned
       from assignment_activities aa join activities a on a.id = aa.activity_id where aa.assignment_id = $1 order by aa.position`,
      [assignmentId],
    );
    expect(acts.rows).toEqual([
      { activity_id: w.activities[0]!.id, pinned: true },
      { activity_id: w.activities[1]!.id, pinned: true },
    ]);
    expect(await countOf(w, 'pas_materialisations', `plan_assignment_id = ${dueId}`)).toBe(1);

    // the class overview shows what the class got
    const overview = await req('POST', `/dashboard/pas/${plan.id}/class-overview`, w.tokens.teacher, {
      class_id: w.class1.id,
    });
    expect(overview.json().data.assignments[0]).toMatchObject({
      plan_assignment_id: dueId,
      assignment_id: assignmentId,
    });

    // opting the class back in gives it the dates from that day on: today's is given now
    await req('POST', `/dashboard/pas/${plan.id}/suspend`, w.tokens.teacher, { class_id: w.class2.id });
    expect((await materialiseDue(t.app.deps, { planId: plan.id })).created).toBe(1);
    expect(await countOf(w, 'pas_materialisations', `plan_assignment_id = ${dueId}`)).toBe(2);
  });

  it('a class assigned later does not get the dates before it joined; future dates wait for their day', async () => {
    const d = today();
    const plan = await duePlan(w.tokens.teacher, {
      assignments: [
        { date: addDays(d, -7), activities: [{ id: w.activities[0]!.id }] },
        { date: addDays(d, 7), activities: [{ id: w.activities[1]!.id }] },
      ],
    });
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect((await materialiseDue(t.app.deps, { planId: plan.id })).created).toBe(0);
    // a week later the second date has come
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect((await materialiseDue(t.app.deps, { planId: plan.id, now: later })).created).toBe(1);
  });

  it("the plan's own zone decides today and the day a class joined (Pago Pago, UTC-11)", async () => {
    const zone = 'Pacific/Pago_Pago';
    const d = today(zone);
    const plan = await duePlan(w.tokens.teacher, {
      time_zone: zone,
      start_date: d,
      end_date: addDays(d, 30),
      cron_day: new Date(`${d}T00:00:00Z`).getUTCDay(),
      assignments: [
        { date: d, activities: [{ id: w.activities[0]!.id }] },
        { date: addDays(d, 1), activities: [{ id: w.activities[1]!.id }] },
      ],
    });
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    // today's date there is given (it opened at 00:00 there); tomorrow's there is not, whatever the UTC date is
    expect((await materialiseDue(t.app.deps, { planId: plan.id })).created).toBe(1);
    const given = await w.pool.query('select start_at from assignments where plan_id = $1', [plan.id]);
    expect(given.rows.map((r) => new Date(r.start_at).toISOString())).toEqual([
      instantAt(d, '00:00', zone).toISOString(),
    ]);
  });

  it('when the plan is not active for all students, only the students turned on get it', async () => {
    const plan = await duePlan(w.tokens.teacher);
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    const off = await req('PUT', `/dashboard/pas/${plan.id}/student-settings`, w.tokens.teacher, {
      active_for_students: 0,
    });
    expect(off.json().data).toEqual({ plan_id: plan.id, active_for_students: 0 });
    const on = await req('PUT', `/dashboard/pas/${plan.id}/student-settings`, w.tokens.teacher, {
      student_id: w.students[1]!.id,
      is_active: 1,
    });
    expect(on.statusCode).toBe(200);
    const list = await req('POST', `/dashboard/pas/${plan.id}/student-settings`, w.tokens.teacher, {
      class_id: w.class1.id,
    });
    expect(list.json().data.students.map((s: { id: number; is_active: number }) => [s.id, s.is_active])).toEqual(
      expect.arrayContaining([
        [w.students[0]!.id, 0],
        [w.students[1]!.id, 1],
        [w.students[2]!.id, 0],
      ]),
    );
    await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    await materialiseDue(t.app.deps, { planId: plan.id });
    const members = await w.pool.query(
      `select m.member_type, m.member_id from assignment_members m join assignments a on a.id = m.assignment_id
       where a.plan_id = $1`,
      [plan.id],
    );
    expect(members.rows).toEqual([{ member_type: 'student', member_id: w.students[1]!.id }]);
  });

  it('active for all with one student left out: the other students one by one', async () => {
    const plan = await duePlan(w.tokens.teacher);
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    await req('PUT', `/dashboard/pas/${plan.id}/student-settings`, w.tokens.teacher, {
      student_id: w.students[0]!.id,
      is_active: 0,
    });
    await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    await materialiseDue(t.app.deps, { planId: plan.id });
    const members = await w.pool.query(
      `select m.member_type, m.member_id from assignment_members m join assignments a on a.id = m.assignment_id
       where a.plan_id = $1 order by m.member_id`,
      [plan.id],
    );
    expect(members.rows).toEqual([
      { member_type: 'student', member_id: w.students[1]!.id },
      { member_type: 'student', member_id: w.students[2]!.id },
    ]);
  });

  it('two workers at once give each (plan assignment, class) exactly once', async () => {
    const plan = await duePlan(w.tokens.district, { assignments: undefined });
    await req('POST', `/dashboard/pas/${plan.id}`, w.tokens.district, {
      ...planBody(w, { start_date: today(), end_date: addDays(today(), 30), cron_day: new Date().getUTCDay() }),
      assign_time: '00:00',
      assignments: [{ date: today(), activities: [{ id: w.activities[3]!.id }] }],
    });
    for (const c of [w.class1, w.class2, w.classOfOther])
      await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.district, {
        member_type: 'class',
        member_id: c.id,
      });
    expect((await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.district)).json().data.is_success).toBe(
      true,
    );
    const { createDatabase } = await import('../../db/client');
    const second = createDatabase(t.db.url, 3);
    try {
      const results = await Promise.all([
        materialiseDue(t.app.deps, { planId: plan.id }),
        materialiseDue({ db: second.db }, { planId: plan.id }),
        materialiseDue(t.app.deps, { planId: plan.id }),
        materialiseDue({ db: second.db }, { planId: plan.id }),
      ]);
      expect(results.reduce((n, r) => n + r.created, 0)).toBe(3);
    } finally {
      await second.close();
    }
    const per = await w.pool.query(
      `select class_id, count(*)::int as n from pas_materialisations x join pas_plan_assignments pa on pa.id = x.plan_assignment_id
       where pa.plan_id = $1 group by class_id order by class_id`,
      [plan.id],
    );
    expect(per.rows.map((r) => r.n)).toEqual([1, 1, 1]);
    expect(await countOf(w, 'assignments', `plan_id = ${plan.id}`)).toBe(3);
  });

  it('create assignment from plan gives one class its assignment now, once', async () => {
    const d = today();
    const plan = await duePlan(w.tokens.teacher, {
      assignments: [{ date: addDays(d, 14), activities: [{ id: w.activities[4]!.id }] }],
    });
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    const paId = plan.assignments[0]!.id;
    const before = Date.now();
    const res = await req('POST', `/dashboard/pas/${plan.id}/create-assignment`, w.tokens.teacher, {
      plan_assignment_id: paId,
      class_id: w.class1.id,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.assignment_id as number;
    const row = (await w.pool.query('select start_at from assignments where id = $1', [id])).rows[0];
    expect(new Date(row.start_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(row.start_at).getTime()).toBeLessThan(Date.now() + 1000);
    const again = await req('POST', `/dashboard/pas/${plan.id}/create-assignment`, w.tokens.teacher, {
      plan_assignment_id: paId,
      class_id: w.class1.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This class already has this assignment.');
    // the given assignment keeps its date in later edits
    const moved = await req('POST', `/dashboard/pas/${plan.id}`, w.tokens.teacher, {
      ...planBody(w),
      assignments: [{ id: paId, date: addDays(d, 21), activities: [{ id: w.activities[4]!.id }] }],
    });
    expect(moved.statusCode).toBe(409);
  });
});
