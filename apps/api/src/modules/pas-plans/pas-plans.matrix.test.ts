import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildPasWorld, createPlan, planBody, type PasWorld } from './pas-plans.fixtures';

// 002 section 6: every bundle has full PAS plan access (pas-management); a custom role with pas-view reads only, one
// without PAS permissions gets 403, a student session 401. Another account's users (A2) get 404 for A1's plans.
// Changing a plan is for its author and for district-level callers and above (docs/pas-plans.md): the school admin
// of A1, who did not write the teacher's plan, gets 403 there. Class-bound calls need the class in reach.

let t: TestApp;
let w: PasWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildPasWorld(t);
});
afterAll(() => t.close());

const ACTORS = [
  'super',
  'domain',
  'district',
  'school',
  'teacher',
  'custom',
  'student',
  'pasViewer',
  'districtA2',
  'teacherA2',
] as const;
type Actor = (typeof ACTORS)[number];

// the first plan assignment of each plan, for calls that name one
const paOf = new Map<number, number>();

/** A fresh plan of the A1 teacher, ready, assigned to class1. */
async function teacherPlan(): Promise<number> {
  const plan = await createPlan(t, w.tokens.teacher, planBody(w, { name: `Plan ${Math.random()}` }));
  paOf.set(plan.id, plan.assignments[0]!.id);
  const res = await call(t.app, 'POST', `/dashboard/pas/${plan.id}/assign`, {
    token: w.tokens.teacher,
    body: { member_type: 'class', member_id: w.class1.id },
  });
  expect(res.statusCode).toBe(200);
  return plan.id;
}

async function statuses(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: (planId: number) => string,
  body: (planId: number) => unknown = () => undefined,
  opts: { fresh?: boolean } = {},
): Promise<Record<Actor, number>> {
  const shared = opts.fresh ? 0 : await teacherPlan();
  const out = {} as Record<Actor, number>;
  for (const a of ACTORS) {
    const id = opts.fresh ? await teacherPlan() : shared;
    const res = await call(t.app, method, path(id), { token: w.tokens[a], body: body(id) });
    if (res.statusCode >= 500) throw new Error(`${method} ${path(id)} as ${a}: ${res.body}`);
    out[a] = res.statusCode;
  }
  return out;
}

const refused = { custom: 403, student: 401, pasViewer: 403, districtA2: 404, teacherA2: 404 } as const;
const readers = { super: 200, domain: 200, district: 200, school: 200, teacher: 200 } as const;

describe('reading', () => {
  it('lists, types and sessions: every PAS bundle and pas-view; others refused', async () => {
    for (const [method, path] of [
      ['POST', '/dashboard/pas/list'],
      ['POST', '/dashboard/pas/my'],
      ['GET', '/dashboard/pas/types'],
      ['POST', '/dashboard/pas/sessions'],
    ] as const)
      expect(
        await statuses(
          method,
          () => path,
          () => (method === 'POST' ? {} : undefined),
        ),
        path,
      ).toEqual({
        ...readers,
        custom: 403,
        student: 401,
        pasViewer: 200,
        districtA2: 200,
        teacherA2: 200,
      });
  });

  it("another account never sees A1's plans in its lists", async () => {
    const id = await teacherPlan();
    for (const a of ['districtA2', 'teacherA2'] as const) {
      const res = await call(t.app, 'POST', '/dashboard/pas/list', { token: w.tokens[a], body: { per_page: 300 } });
      expect(res.json().data.map((p: { id: number }) => p.id)).not.toContain(id);
    }
    const domain = await call(t.app, 'POST', '/dashboard/pas/list', {
      token: w.tokens.domain,
      body: { per_page: 300 },
    });
    expect(domain.json().data.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('one plan, its assigned items, available classes, overview and calendar', async () => {
    for (const [method, path, body] of [
      ['GET', (id: number) => `/dashboard/pas/${id}`, undefined],
      ['GET', (id: number) => `/dashboard/pas/${id}/assigned`, undefined],
      ['POST', (id: number) => `/dashboard/pas/${id}/available`, {}],
      ['POST', (id: number) => `/dashboard/pas/${id}/overview`, {}],
      ['POST', (id: number) => `/dashboard/pas/${id}/calendar`, {}],
    ] as const)
      expect(await statuses(method, path, () => body)).toEqual({ ...readers, ...refused, pasViewer: 200 });
  });

  it('class overview and student settings: the class in reach (a district-wide viewer reaches it)', async () => {
    for (const path of ['class-overview', 'student-settings'])
      expect(
        await statuses(
          'POST',
          (id) => `/dashboard/pas/${id}/${path}`,
          () => ({ class_id: w.class1.id }),
        ),
        path,
      ).toEqual({ ...readers, ...refused, pasViewer: 200 });
  });

  it('the plans of a class: the class in reach, else 404', async () => {
    expect(
      await statuses(
        'POST',
        () => '/dashboard/pas/class',
        () => ({ class_id: w.class1.id }),
      ),
    ).toEqual({
      ...readers,
      ...refused,
      pasViewer: 200,
    });
  });
});

describe('changing', () => {
  const writers = { super: 200, domain: 200, district: 200, school: 403, teacher: 200 } as const;

  it('create: every PAS bundle; pas-view 403; another account cannot use A1’s session (404)', async () => {
    expect(
      await statuses(
        'POST',
        () => '/dashboard/pas',
        () => planBody(w),
      ),
    ).toEqual({ ...readers, ...refused });
  });

  it('update, delete, publish, assignment settings and the plan-wide student switch: author and district level', async () => {
    expect(
      await statuses(
        'POST',
        (id) => `/dashboard/pas/${id}`,
        () => planBody(w),
        { fresh: true },
      ),
    ).toEqual({
      ...writers,
      ...refused,
    });
    expect(
      await statuses(
        'DELETE',
        (id) => `/dashboard/pas/${id}`,
        () => undefined,
        { fresh: true },
      ),
    ).toEqual({
      ...writers,
      ...refused,
    });
    expect(
      await statuses(
        'GET',
        (id) => `/dashboard/pas/${id}/publish`,
        () => undefined,
        { fresh: true },
      ),
    ).toEqual({
      ...writers,
      ...refused,
    });
    expect(
      await statuses(
        'PUT',
        (id) => `/dashboard/pas/${id}/student-settings`,
        () => ({ active_for_students: 0 }),
        { fresh: true },
      ),
    ).toEqual({ ...writers, ...refused });
  });

  it('assignment settings: author and district level', async () => {
    const res = await statuses(
      'POST',
      (id) => `/dashboard/pas/${id}/assignment-settings`,
      (id) => ({ plan_assignment_id: paOf.get(id) ?? 1, title: 'Renamed' }),
      { fresh: true },
    );
    expect(res).toEqual({ ...writers, ...refused });
  });

  it('assign, unassign, opt out and in, one student, give now: anyone who reaches the class', async () => {
    const classCalls = [
      ['assign', (_id: number) => ({ member_type: 'class', member_id: w.class2.id })],
      ['unassign', (_id: number) => ({ member_type: 'class', member_id: w.class1.id })],
      ['suspend', (_id: number) => ({ class_id: w.class1.id })],
    ] as const;
    for (const [path, body] of classCalls)
      expect(await statuses('POST', (id) => `/dashboard/pas/${id}/${path}`, body, { fresh: true }), path).toEqual({
        ...readers,
        ...refused,
      });
    expect(
      await statuses(
        'PUT',
        (id) => `/dashboard/pas/${id}/student-settings`,
        () => ({ student_id: w.students[0]!.id, is_active: 0 }),
        { fresh: true },
      ),
    ).toEqual({ ...readers, ...refused });
    expect(
      await statuses(
        'POST',
        (id) => `/dashboard/pas/${id}/create-assignment`,
        (id) => ({ plan_assignment_id: paOf.get(id) ?? 1, class_id: w.class1.id }),
        { fresh: true },
      ),
    ).toEqual({ ...readers, ...refused });
  });

  it('copy and save as template: every PAS bundle (a copy is theirs)', async () => {
    for (const path of ['copy', 'template'])
      expect(
        await statuses(
          'POST',
          (id) => `/dashboard/pas/${id}/${path}`,
          () => ({}),
        ),
      ).toEqual({
        ...readers,
        ...refused,
      });
  });
});
