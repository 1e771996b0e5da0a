import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlan } from '@aula/domain/plan-generation';
import { createProduct } from '../../db/seed/catalogue-factories';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';
import { buildPasWorld, createPlan, planBody, type PasWorld } from './pas-plans.fixtures';

let t: TestApp;
let w: PasWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildPasWorld(t);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown, lang?: string) =>
  call(t.app, method, url, { token, body, ...(lang ? { lang } : {}) });

describe('plan types', () => {
  it('GET /dashboard/pas/types: Weekly, Monthly, Biweekly, Bimonthly with their recurrence codes', async () => {
    const res = await req('GET', '/dashboard/pas/types', w.tokens.teacher);
    expect(res.json()).toEqual({
      data: [
        { id: 0, name: 'Weekly' },
        { id: 2, name: 'Monthly' },
        { id: 1, name: 'Biweekly' },
        { id: 3, name: 'Bimonthly' },
      ],
    });
  });
});

describe('create and validation', () => {
  it("refuses a plan without all its details: 'Please enter all the details', each missing one named, nothing written", async () => {
    const before = await countOf(w, 'pas_plans');
    const res = await req('POST', '/dashboard/pas', w.tokens.teacher, { name: 'Only a name' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('Please enter all the details');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['academic_session_id', 'activities_per_assignment', 'cron_day', 'plan_type', 'product_id', 'start_date'].sort(),
    );
    expect(body.errors.product_id).toEqual(['Please choose a product']);
    expect(await countOf(w, 'pas_plans')).toBe(before);
  });

  it('answers in Spanish when asked', async () => {
    const res = await req('POST', '/dashboard/pas', w.tokens.teacher, {}, 'es');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Por favor, introduzca todos los detalles');
  });

  it('bad values are a 422, never a 500, and write nothing', async () => {
    const before = await countOf(w, 'pas_plans');
    for (const bad of [
      { plan_type: 9 },
      { start_date: '2026-02-30' },
      { time_zone: 'Mars/Olympus' },
      { activities_per_assignment: 0 },
      { end_date: '2025-01-01' },
      { assignments: [{ date: '2026-01-05', activities: [{ id: w.otherDomainActivity.id }] }] },
      { assignments: [{ date: '2026-01-05', activities: [{ id: w.draftActivity.id }] }] },
      {
        assignments: [
          { date: null, activities: [{ id: w.activities[0]!.id }] },
          { date: null, activities: [{ id: w.activities[1]!.id }] },
        ],
      },
      {
        assignments: [
          { date: '2026-01-05', activities: [{ id: w.activities[0]!.id }] },
          { date: '2026-01-05', activities: [{ id: w.activities[0]!.id }] },
        ],
      },
    ]) {
      const res = await req('POST', '/dashboard/pas', w.tokens.teacher, planBody(w, bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    // another account's session, another domain's product, a deleted product: not found
    const gone = await createProduct(w.db, { domainId: w.domA.id, name: 'Retired science' });
    await w.pool.query('update products set deleted_at = now() where id = $1', [gone.id]);
    for (const other of [{ academic_session_id: w.sessionA2.id }, { product_id: 999_999 }, { product_id: gone.id }]) {
      const res = await req('POST', '/dashboard/pas', w.tokens.teacher, planBody(w, other));
      expect(res.statusCode).toBe(404);
    }
    expect(await countOf(w, 'pas_plans')).toBe(before);
  });

  it('a complete plan with a finished schedule is ready (not published), with its assignments in date order', async () => {
    const plan = await createPlan(t, w.tokens.teacher, planBody(w));
    const res = await req('GET', `/dashboard/pas/${plan.id}`, w.tokens.teacher);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Grade 7 weekly',
      account_id: w.accA1.id,
      product_name: 'Science',
      plan_type: 0,
      is_published: 0,
      state: 'ready',
      scheduled_assignments: 3,
      unassigned_activities: 0,
      activities_count: 3,
    });
    expect(data.assignments.map((a: { date: string; title: string }) => [a.date, a.title])).toEqual([
      ['2026-01-05', 'Auto-Assignment #1'],
      ['2026-01-12', 'Auto-Assignment #2'],
      ['2026-01-19', 'Auto-Assignment #3'],
    ]);
    expect(data.assignments[1].activities[0]).toMatchObject({ id: w.activities[1]!.id, is_locked: true });
  });

  it("a generated weekend schedule keeps the original date labelled 'Weekend'", async () => {
    const generated = generatePlan({
      planType: 0,
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      cronDay: 6,
      activitiesPerAssignment: 1,
      activities: w.activities.slice(0, 2),
      today: '2026-03-01',
    });
    const plan = await createPlan(
      t,
      w.tokens.teacher,
      planBody(w, { cron_day: 6, start_date: '2026-03-02', end_date: '2026-03-31', assignments: generated }),
    );
    const data = (await req('GET', `/dashboard/pas/${plan.id}`, w.tokens.teacher)).json().data;
    expect(data.assignments[0]).toMatchObject({
      date: '2026-03-09',
      original_date: '2026-03-07',
      original_date_name: 'Weekend',
    });
  });
});

describe('state machine: draft, ready, published', () => {
  it('a plan with unassigned activities is a draft: it cannot be assigned or published', async () => {
    const plan = await createPlan(
      t,
      w.tokens.teacher,
      planBody(w, {
        assignments: [
          { date: '2026-01-05', activities: [{ id: w.activities[0]!.id }] },
          { date: null, activities: [{ id: w.activities[1]!.id }] },
        ],
      }),
    );
    const got = (await req('GET', `/dashboard/pas/${plan.id}`, w.tokens.teacher)).json().data;
    expect(got).toMatchObject({ state: 'draft', unassigned_activities: 1 });
    expect(got.extra_activities.map((a: { id: number }) => a.id)).toEqual([w.activities[1]!.id]);

    const assign = await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().message).toBe(
      'This PAS plan is a draft. Unassigned activities must be moved or deleted first.',
    );
    expect(await countOf(w, 'pas_plan_members', `plan_id = ${plan.id}`)).toBe(0);

    const toggle = await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json().data).toMatchObject({ is_success: false, is_published: 0 });
    expect(await countOf(w, 'pas_plans', `id = ${plan.id} and is_published = 1`)).toBe(0);

    // moving the unassigned activity to a day finishes the schedule
    const fixed = await req('POST', `/dashboard/pas/${plan.id}`, w.tokens.teacher, {
      ...planBody(w),
      assignments: [
        { id: got.assignments[0].id, date: '2026-01-05', activities: [{ id: w.activities[0]!.id }] },
        { date: '2026-01-12', activities: [{ id: w.activities[1]!.id }] },
      ],
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.state).toBe('ready');
  });

  it('a ready plan must be assigned before it is published; a published one cannot be edited or deleted', async () => {
    const plan = await createPlan(t, w.tokens.teacher, planBody(w));
    const notYet = await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect(notYet.json().data).toEqual({
      is_success: false,
      is_published: 0,
      message: 'Assign this PAS plan to at least one class before publishing it.',
    });

    const assigned = await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toEqual([
      expect.objectContaining({
        member_type: 'class',
        member_id: w.class1.id,
        title: 'Grade 7 Science - 2',
        suspended: 0,
      }),
    ]);

    const published = await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect(published.json().data).toEqual({ is_success: true, is_published: 1 });
    expect(await countOf(w, 'pas_plans', `id = ${plan.id} and is_published = 1`)).toBe(1);
    // publishing gives what is due at once
    expect(t.jobs.sent.at(-1)).toMatchObject({ name: 'pas-materialise', payload: { plan_id: plan.id } });

    const del = await req('DELETE', `/dashboard/pas/${plan.id}`, w.tokens.teacher);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('You cannot delete an already published PAS plan');
    const edit = await req('POST', `/dashboard/pas/${plan.id}`, w.tokens.teacher, planBody(w, { name: 'Renamed' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This PAS plan has already been published');
    expect(await countOf(w, 'pas_plans', `id = ${plan.id} and name = 'Grade 7 weekly' and deleted_at is null`)).toBe(1);

    const unpublished = await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher);
    expect(unpublished.json().data).toEqual({ is_success: true, is_published: 0 });
    expect((await req('DELETE', `/dashboard/pas/${plan.id}`, w.tokens.teacher)).statusCode).toBe(200);
    expect((await req('GET', `/dashboard/pas/${plan.id}`, w.tokens.teacher)).statusCode).toBe(404);
  });

  it('a plan whose only class is opted out cannot be published', async () => {
    const plan = await createPlan(t, w.tokens.teacher, planBody(w));
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.class2.id,
    });
    const out = await req('POST', `/dashboard/pas/${plan.id}/suspend`, w.tokens.teacher, { class_id: w.class2.id });
    expect(out.json().data).toEqual({ class_id: w.class2.id, suspended: 1 });
    expect((await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher)).json().data.is_success).toBe(
      false,
    );
    const back = await req('POST', `/dashboard/pas/${plan.id}/suspend`, w.tokens.teacher, { class_id: w.class2.id });
    expect(back.json().data).toEqual({ class_id: w.class2.id, suspended: 0 });
    expect((await req('GET', `/dashboard/pas/${plan.id}/publish`, w.tokens.teacher)).json().data.is_success).toBe(true);
  });
});

describe('copies, templates, lists', () => {
  it('copy and save as template make unpublished plans of the caller with the same schedule and no classes', async () => {
    const plan = await createPlan(t, w.tokens.district, planBody(w, { name: 'District plan' }));
    await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.district, {
      member_type: 'class',
      member_id: w.class1.id,
    });
    const copy = await req('POST', `/dashboard/pas/${plan.id}/copy`, w.tokens.teacher, { name: 'My copy' });
    expect(copy.statusCode).toBe(200);
    const c = copy.json().data;
    expect(c).toMatchObject({ name: 'My copy', is_published: 0, is_template: 0, assigned_classes: 0, state: 'ready' });
    expect(
      c.assignments.map((a: { date: string; activities: { id: number }[] }) => [a.date, a.activities[0]!.id]),
    ).toEqual([
      ['2026-01-05', w.activities[0]!.id],
      ['2026-01-12', w.activities[1]!.id],
      ['2026-01-19', w.activities[2]!.id],
    ]);
    const tpl = await req('POST', `/dashboard/pas/${plan.id}/template`, w.tokens.district);
    expect(tpl.json().data).toMatchObject({ name: 'District plan', is_template: 1 });
    const templates = await req('POST', '/dashboard/pas/list', w.tokens.teacher, { is_template: 1, per_page: 100 });
    expect(templates.json().data.map((p: { id: number }) => p.id)).toContain(tpl.json().data.id);

    // the teacher may read the district's plan but change only their own
    const edit = await req('POST', `/dashboard/pas/${plan.id}`, w.tokens.teacher, planBody(w));
    expect(edit.statusCode).toBe(403);
    const mine = await req('POST', '/dashboard/pas/my', w.tokens.teacher, { per_page: 300 });
    const mineIds = mine.json().data.map((p: { id: number }) => p.id);
    expect(mineIds).toContain(c.id);
    expect(mineIds).not.toContain(plan.id);
    const ofClass = await req('POST', '/dashboard/pas/class', w.tokens.teacher, {
      class_id: w.class1.id,
      per_page: 300,
    });
    expect(ofClass.json().data.map((p: { id: number }) => p.id)).toContain(plan.id);
    expect(ofClass.json().data.find((p: { id: number }) => p.id === plan.id).class_suspended).toBe(0);
  });

  it('available classes are the caller’s classes of the account; available sessions the account’s', async () => {
    const plan = await createPlan(t, w.tokens.teacher, planBody(w));
    const res = await req('POST', `/dashboard/pas/${plan.id}/available`, w.tokens.teacher, {
      type: 'class',
      per_page: 50,
    });
    expect(
      res
        .json()
        .data.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([w.class1.id, w.class2.id].sort());
    const sessions = await req('POST', '/dashboard/pas/sessions', w.tokens.teacher, {});
    expect(sessions.json().data.map((s: { id: number }) => s.id)).toEqual([w.sessionA1.id]);
    // a class the teacher does not teach cannot be assigned
    const other = await req('POST', `/dashboard/pas/${plan.id}/assign`, w.tokens.teacher, {
      member_type: 'class',
      member_id: w.classOfOther.id,
    });
    expect(other.statusCode).toBe(404);
  });

  it('assignment settings change a title and a due delay', async () => {
    const plan = await createPlan(t, w.tokens.teacher, planBody(w));
    const res = await req('POST', `/dashboard/pas/${plan.id}/assignment-settings`, w.tokens.teacher, {
      plan_assignment_id: plan.assignments[0]!.id,
      title: 'Atoms week',
      settings: { due_days: 3 },
    });
    expect(res.json().data).toEqual({
      plan_assignment_id: plan.assignments[0]!.id,
      title: 'Atoms week',
      settings: { due_days: 3 },
    });
    const cal = await req('POST', `/dashboard/pas/${plan.id}/calendar`, w.tokens.teacher, {
      from: '2026-01-01',
      to: '2026-01-10',
    });
    expect(cal.json().data.map((a: { title: string }) => a.title)).toEqual(['Atoms week']);
  });
});
