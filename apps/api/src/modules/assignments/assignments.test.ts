import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, inDays, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { publishDraft } from '../../db/seed/screen-factories';
import { createAssignment, createAttempt } from '../../db/seed/work-factories';

let t: TestApp;
let w: World;
let f: AssignmentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
});
afterAll(() => t.close());

const ATTEMPTED = 'Assignment which was attempted by a student can not be edited or deleted.';

interface Assignment {
  id: number;
  name: string;
  account_id: number;
  organization_id: number | null;
  start_at: string;
  due_at: string | null;
  phase: string;
  attempted: boolean;
  activities: { id: number; title: string; activity_version_id: number | null; out_of_sync: boolean }[];
  members: { member_type: string; member_id: number; name: string; students_count: number }[];
  created_by: { id: number; first_name: string; last_name: string } | null;
}

const D = '/dashboard';
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Atoms week',
  activity_ids: [f.p1.id],
  members: [{ member_type: 'class', member_id: f.cA.id }],
  start_at: inDays(-1),
  due_at: inDays(6),
  ...over,
});
const post = (token: string, b: unknown) => call(t.app, 'POST', `${D}/assignments`, { token, body: b });
const data = <T = Assignment>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const listIds = (res: { json(): unknown }) => (res.json() as { data: { id: number }[] }).data.map((a) => a.id);

describe('creating an assignment', () => {
  it('a teacher assigns a published activity to their class; each activity is pinned to its published version', async () => {
    const res = await post(w.tokens.teacher, body({ name: '  Atoms week  ' }));
    expect(res.statusCode, res.body).toBe(200);
    const a = data(res);
    expect(a).toMatchObject({
      name: 'Atoms week',
      account_id: w.accA1.id,
      organization_id: w.orgA1a.id,
      attempted: false,
      phase: 'current',
      activities: [{ id: f.p1.id, title: 'Atoms', activity_version_id: f.p1.publishedVersionId, out_of_sync: false }],
      members: [{ member_type: 'class', member_id: f.cA.id, name: 'Biology - 3', students_count: 2 }],
      created_by: { id: w.users.teacher.id },
    });
    const rows = await w.pool.query(
      'select activity_id, activity_version_id from assignment_activities where assignment_id = $1',
      [a.id],
    );
    expect(rows.rows).toEqual([{ activity_id: f.p1.id, activity_version_id: f.p1.publishedVersionId }]);
    expect(await countOf(w, 'audit_log', `action = 'assignment.created' and entity_id = '${a.id}'`)).toBe(1);
    // cleanup for the tests below: this class now has p1
  });

  it('assigns several activities to classes, groups and single students at once, in the given order', async () => {
    const res = await post(
      w.tokens.school,
      body({
        name: 'Mixed',
        activity_ids: [f.p3.id, f.p2.id, f.p3.id],
        members: [
          { member_type: 'group', member_id: f.gA.id },
          { member_type: 'student', member_id: f.s3.id },
        ],
      }),
    );
    // the school admin reaches s3 only through school A1b, which is not theirs
    expect(res.statusCode).toBe(404);
    const ok = await post(
      w.tokens.district,
      body({
        name: 'Mixed',
        activity_ids: [f.p3.id, f.p2.id, f.p3.id],
        members: [
          { member_type: 'group', member_id: f.gA.id },
          { member_type: 'student', member_id: f.s3.id },
          { member_type: 'class', member_id: f.cA1b.id },
        ],
      }),
    );
    // s3 is in Chemistry, which is chosen as well
    expect(ok.statusCode).toBe(422);
    expect(ok.json()).toEqual({ errors: { members: ['Tia Third is already in Chemistry.'] } });
    const good = await post(
      w.tokens.district,
      body({
        name: 'Mixed',
        activity_ids: [f.p3.id, f.p2.id, f.p3.id],
        members: [
          { member_type: 'group', member_id: f.gA.id },
          { member_type: 'student', member_id: f.s3.id },
        ],
      }),
    );
    expect(good.statusCode, good.body).toBe(200);
    const a = data(good);
    expect(a.activities.map((x) => x.title)).toEqual(['Rocks', 'Energy']);
    expect(a.members.map((m) => [m.member_type, m.name])).toEqual([
      ['group', 'Lab stars'],
      ['student', 'Tia Third'],
    ]);
    // members of two schools: no single organization
    expect(a.organization_id).toBeNull();
  });

  it('refuses bad input with 422 and the spec’s messages, writing nothing', async () => {
    const before = await countOf(w, 'assignments');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: 'A' }, { name: ['Name must be at least 2 characters long'] }],
      [{ name: '' }, { name: ['Please enter name', 'Name must be at least 2 characters long'] }],
      [{ due_at: inDays(-2) }, { due_at: ['The due date cannot be before the start date.'] }],
      [{ members: [] }, { members: ['Please select who gets the assignment'] }],
      [{ activity_ids: [] }, { activity_ids: ['Please select activities'] }],
      [{ start_at: 'tomorrow' }, { start_at: ['Please enter a valid start date'] }],
      [
        { members: [{ member_type: 'school', member_id: 1 }] },
        { 'members.0.member_type': ['Please select member type'] },
      ],
    ];
    for (const [over, errors] of cases) {
      const res = await post(w.tokens.teacher, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json(), JSON.stringify(over)).toEqual({ errors });
    }
    const es = await call(t.app, 'POST', `${D}/assignments`, {
      token: w.tokens.teacher,
      body: body({ due_at: inDays(-2) }),
      lang: 'es',
    });
    expect(es.json()).toEqual({
      errors: { due_at: ['La fecha de entrega no puede ser anterior a la fecha de inicio.'] },
    });
    expect(await countOf(w, 'assignments')).toBe(before);
  });

  it('only published, unarchived activities the district may use can be assigned', async () => {
    const before = await countOf(w, 'assignments');
    const two = { members: [{ member_type: 'class', member_id: f.cA.id }] };
    // a draft does not exist for a teacher; a builder is told it is not published
    expect((await post(w.tokens.teacher, body({ ...two, activity_ids: [f.draft.id] }))).statusCode).toBe(404);
    const builder = await post(w.tokens.domain, body({ ...two, activity_ids: [f.draft.id, f.archived.id] }));
    expect(builder.statusCode).toBe(422);
    expect(builder.json()).toEqual({
      errors: {
        activity_ids: [
          'Draft unit is not published, so it cannot be assigned.',
          'Retired unit is not published, so it cannot be assigned.',
        ],
      },
    });
    // another district's own activity, another domain's: not found
    expect((await post(w.tokens.district, body({ ...two, activity_ids: [f.ownA2.id] }))).statusCode).toBe(404);
    expect((await post(w.tokens.super, body({ ...two, activity_ids: [f.pB.id] }))).statusCode).toBe(404);
    expect(await countOf(w, 'assignments')).toBe(before);
  });

  it('refuses an activity already in a chosen class (another live assignment gives it to the class)', async () => {
    const res = await post(w.tokens.teacher, body({ name: 'Atoms again', activity_ids: [f.p2.id, f.p1.id] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { activity_ids: ['Atoms is already assigned to Biology - 3.'] } });
    // the same activity to another class is fine
    const other = await post(
      w.tokens.district,
      body({ name: 'Atoms for Chemistry', members: [{ member_type: 'class', member_id: f.cA1b.id }] }),
    );
    expect(other.statusCode, other.body).toBe(200);
  });

  it('classes, groups and students must be within reach: another school’s class is 404, another district’s too', async () => {
    expect(
      (
        await post(
          w.tokens.teacher,
          body({ name: 'Not mine', members: [{ member_type: 'class', member_id: f.cA1b.id }] }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          w.tokens.district,
          body({ name: 'Alpine', members: [{ member_type: 'class', member_id: f.cA2.id }] }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(w.tokens.domain, body({ name: 'Beta', members: [{ member_type: 'group', member_id: f.gB.id }] })))
        .statusCode,
    ).toBe(404);
    // provider staff reach both districts, but one assignment is for one district
    const two = await post(
      w.tokens.super,
      body({
        name: 'Two districts',
        activity_ids: [f.p4.id],
        members: [
          { member_type: 'class', member_id: f.cA1b.id },
          { member_type: 'class', member_id: f.cA2.id },
        ],
      }),
    );
    expect(two.statusCode).toBe(422);
    expect(two.json()).toEqual({
      errors: { members: ['An assignment can only be for classes, groups and students of one district.'] },
    });
  });
});

describe('updating and deleting', () => {
  async function fresh(over: Record<string, unknown> = {}) {
    const res = await post(
      w.tokens.teacher,
      body({
        name: `Upd ${Math.random()}`,
        activity_ids: [f.p5.id],
        members: [{ member_type: 'group', member_id: f.gA.id }],
        ...over,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return data(res);
  }

  it('changes name, dates, activities and members; a kept activity keeps its pinned version', async () => {
    const a = await fresh();
    const v2 = await publishDraft(w.db, f.p5.id, 'Version 2');
    const res = await call(t.app, 'PUT', `${D}/assignments/${a.id}`, {
      token: w.tokens.teacher,
      body: {
        name: 'Renamed',
        activity_ids: [f.p5.id, f.p4.id],
        members: [{ member_type: 'student', member_id: f.s2.id }],
        due_at: inDays(10),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = data(res);
    expect(u.name).toBe('Renamed');
    expect(u.activities).toEqual([
      expect.objectContaining({ id: f.p5.id, activity_version_id: f.p5.publishedVersionId, out_of_sync: true }),
      expect.objectContaining({ id: f.p4.id, activity_version_id: f.p4.publishedVersionId, out_of_sync: false }),
    ]);
    expect(v2.id).not.toBe(f.p5.publishedVersionId);
    expect(u.members).toEqual([
      expect.objectContaining({ member_type: 'student', member_id: f.s2.id, name: 'Sam Second' }),
    ]);
    // a due date before the stored start is refused, nothing changes
    const bad = await call(t.app, 'PUT', `${D}/assignments/${a.id}`, {
      token: w.tokens.teacher,
      body: { due_at: inDays(-30) },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { due_at: ['The due date cannot be before the start date.'] } });
    const again = await call(t.app, 'GET', `${D}/assignments/${a.id}`, { token: w.tokens.teacher });
    expect(data(again).due_at).toBe(u.due_at);
    // editing keeps the assignment's own activities out of the 'already in the class' rule
    const own = await call(t.app, 'PUT', `${D}/assignments/${a.id}`, {
      token: w.tokens.teacher,
      body: { members: [{ member_type: 'class', member_id: f.cA.id }], activity_ids: [f.p5.id] },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('an attempted assignment can not be edited or deleted (409 with the spec’s message, in the caller’s language)', async () => {
    const a = await fresh();
    await createAttempt(w.db, { assignmentId: a.id, activityId: f.p5.id, studentId: f.s2.id });
    const put = await call(t.app, 'PUT', `${D}/assignments/${a.id}`, { token: w.tokens.teacher, body: { name: 'No' } });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ message: ATTEMPTED });
    const del = await call(t.app, 'DELETE', `${D}/assignments/${a.id}`, { token: w.tokens.district });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: ATTEMPTED });
    const es = await call(t.app, 'DELETE', `${D}/assignments/${a.id}`, { token: w.tokens.teacher, lang: 'es' });
    expect(es.json()).toEqual({
      message: 'Una tarea que un estudiante ya ha intentado no se puede editar ni eliminar.',
    });
    const row = await w.pool.query('select name, deleted_at from assignments where id = $1', [a.id]);
    expect(row.rows[0]).toEqual({ name: a.name, deleted_at: null });
    const view = await call(t.app, 'GET', `${D}/assignments/${a.id}`, { token: w.tokens.teacher });
    expect(data(view).attempted).toBe(true);
  });

  it('deleting hides the assignment everywhere and removes its lab groups', async () => {
    const a = await fresh({ members: [{ member_type: 'class', member_id: f.cA.id }], activity_ids: [f.p4.id] });
    const lab = await call(t.app, 'POST', `${D}/assignments/${a.id}/lab-groups`, {
      token: w.tokens.teacher,
      body: { class_id: f.cA.id, name: 'Team', student_ids: [f.s2.id] },
    });
    expect(lab.statusCode, lab.body).toBe(200);
    const del = await call(t.app, 'DELETE', `${D}/assignments/${a.id}`, { token: w.tokens.teacher });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ data: { success: true } });
    expect((await call(t.app, 'GET', `${D}/assignments/${a.id}`, { token: w.tokens.teacher })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${D}/assignments/${a.id}`, { token: w.tokens.teacher })).statusCode).toBe(404);
    expect(await countOf(w, 'lab_groups', `assignment_id = ${a.id}`)).toBe(0);
    const list = await call(t.app, 'POST', `${D}/classes/${f.cA.id}/assignments`, {
      token: w.tokens.teacher,
      body: { per_page: 100 },
    });
    expect(listIds(list)).not.toContain(a.id);
    // p4 can go to the class again
    const back = await post(w.tokens.teacher, body({ name: 'Waves back', activity_ids: [f.p4.id] }));
    expect(back.statusCode, back.body).toBe(200);
    await call(t.app, 'DELETE', `${D}/assignments/${data(back).id}`, { token: w.tokens.teacher });
  });
});

describe('lists', () => {
  let mine: number;
  let other: number;
  let beta: number;
  beforeAll(async () => {
    mine = (
      await createAssignment(w.db, {
        accountId: w.accA1.id,
        organizationId: w.orgA1a.id,
        name: 'Listed for Biology',
        activityIds: [f.p2.id],
        members: [{ memberType: 'class', memberId: f.cA.id }],
        startAt: new Date(Date.now() + 3 * 86_400_000),
        dueAt: new Date(Date.now() + 9 * 86_400_000),
        createdBy: w.users.district.id,
      })
    ).id;
    other = (
      await createAssignment(w.db, {
        accountId: w.accA1.id,
        organizationId: w.orgA1b.id,
        name: 'Listed for Chemistry',
        activityIds: [f.p2.id],
        members: [{ memberType: 'class', memberId: f.cA1b.id }],
        startAt: new Date(Date.now() - 9 * 86_400_000),
        dueAt: new Date(Date.now() - 2 * 86_400_000),
        createdBy: f.teacher2.id,
      })
    ).id;
    beta = (
      await createAssignment(w.db, {
        accountId: w.accB1.id,
        name: 'Listed for Beta',
        activityIds: [f.pB.id],
        members: [{ memberType: 'class', memberId: f.cB.id }],
      })
    ).id;
  });

  const list = (token: string, path: string, b: unknown = { per_page: 100 }) =>
    call(t.app, 'POST', `${D}${path}`, { token, body: b });

  it('each caller lists what they reach: a teacher their classes’, a school admin their school’s, a district its own', async () => {
    const teacher = listIds(await list(w.tokens.teacher, '/assignments/list'));
    expect(teacher).toContain(mine);
    expect(teacher).not.toContain(other);
    const school = listIds(await list(w.tokens.school, '/assignments/list'));
    expect(school).toContain(mine);
    expect(school).not.toContain(other);
    const district = listIds(await list(w.tokens.district, '/assignments/list'));
    expect(district).toEqual(expect.arrayContaining([mine, other]));
    expect(district).not.toContain(beta);
    expect(listIds(await list(f.teacher2Token, '/assignments/list'))).toContain(other);
    expect(listIds(await list(w.tokens.super, '/assignments/list'))).toEqual(
      expect.arrayContaining([mine, other, beta]),
    );
  });

  it('lists under a class, student, group, account, teacher, admin and organization', async () => {
    expect(listIds(await list(w.tokens.teacher, `/classes/${f.cA.id}/assignments`))).toContain(mine);
    expect(listIds(await list(w.tokens.teacher, `/classes/${f.cA.id}/assignments`))).not.toContain(other);
    expect(listIds(await list(w.tokens.teacher, `/students/${f.s2.id}/assignments`))).toContain(mine);
    expect(listIds(await list(w.tokens.district, `/students/${f.s3.id}/assignments`))).toEqual(
      expect.arrayContaining([other]),
    );
    expect(listIds(await list(w.tokens.district, `/students/${f.s3.id}/assignments`))).not.toContain(mine);
    expect(listIds(await list(w.tokens.district, `/accounts/${w.accA1.id}/assignments`))).toEqual(
      expect.arrayContaining([mine, other]),
    );
    for (const path of [`/organizations/${w.orgA1b.id}/assignments`, `/teachers/${f.teacher2.id}/assignments`]) {
      const ids = listIds(await list(w.tokens.district, path));
      expect(ids, path).toContain(other);
      expect(ids, path).not.toContain(mine);
    }
    expect(listIds(await list(w.tokens.district, `/admins/${w.users.district.id}/assignments`))).toEqual(
      expect.arrayContaining([mine]),
    );
    const grp = await post(
      w.tokens.teacher,
      body({ name: 'For the group', activity_ids: [f.p3.id], members: [{ member_type: 'group', member_id: f.gA.id }] }),
    );
    const gid = data(grp).id;
    expect(listIds(await list(w.tokens.teacher, `/groups/${f.gA.id}/assignments`))).toContain(gid);
    // a group of the class counts as the class's
    expect(listIds(await list(w.tokens.teacher, `/classes/${f.cA.id}/assignments`))).toContain(gid);
  });

  it('filters by dates and name and pages with meta', async () => {
    const upcoming = await list(w.tokens.district, '/assignments/list', { phase: 'upcoming', per_page: 100 });
    expect(listIds(upcoming)).toContain(mine);
    expect(listIds(upcoming)).not.toContain(other);
    const past = await list(w.tokens.district, '/assignments/list', { phase: 'past_due', per_page: 100 });
    expect(listIds(past)).toEqual([other]);
    const search = await list(w.tokens.district, '/assignments/list', { search: 'listed for chem' });
    expect(listIds(search)).toEqual([other]);
    const page = await list(w.tokens.district, '/assignments/list', { page: 1, per_page: 1, sort: 'name' });
    expect(page.json()).toMatchObject({ meta: { page: 1, per_page: 1, total: expect.any(Number) } });
    expect(page.json<{ meta: { total: number } }>().meta.total).toBeGreaterThan(2);
    expect(listIds(page)).toHaveLength(1);
    // an empty body is the first page
    expect((await call(t.app, 'POST', `${D}/assignments/list`, { token: w.tokens.teacher })).statusCode).toBe(200);
  });

  it('a subject outside the caller’s reach is 404, not an empty list', async () => {
    expect((await list(w.tokens.teacher, `/classes/${f.cA1b.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.school, `/organizations/${w.orgA1b.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.district, `/accounts/${w.accB1.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.domain, `/classes/${f.cB.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.district, `/students/${f.sB.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.district, `/groups/${f.gB.id}/assignments`)).statusCode).toBe(404);
    // a teacher is not an admin and the other way round
    expect((await list(w.tokens.district, `/admins/${f.teacher2.id}/assignments`)).statusCode).toBe(404);
    expect((await list(w.tokens.district, `/teachers/${w.users.school.id}/assignments`)).statusCode).toBe(404);
  });
});

describe('the assign-to picker', () => {
  interface Targets {
    classes: { id: number; name: string; student_ids: number[]; assigned_activity_ids: number[] }[];
    groups: { id: number; name: string; student_ids: number[]; empty: boolean; class_ids: number[] }[];
  }

  it('gives a teacher their classes with students and what each already has, and their groups flagged empty', async () => {
    const res = await call(t.app, 'POST', `${D}/assignments/targets`, { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    const d = data<Targets>(res);
    expect(d.classes.map((c) => c.id)).toEqual([f.cA.id]);
    expect(d.classes[0]!.name).toBe('Biology - 3');
    expect([...d.classes[0]!.student_ids].sort((a, b) => a - b)).toEqual(
      [w.users.student.id, f.s2.id].sort((a, b) => a - b),
    );
    expect(d.classes[0]!.assigned_activity_ids).toContain(f.p1.id);
    expect(d.groups.map((g) => [g.name, g.empty])).toEqual([
      ['Lab stars', false],
      ['Nobody yet', true],
    ]);
    expect(d.groups[0]!.class_ids).toEqual([f.cA.id]);
  });

  it('narrows to one class and leaves out the activities of the assignment being edited', async () => {
    const [own] = listIds(
      await call(t.app, 'POST', `${D}/classes/${f.cA.id}/assignments`, {
        token: w.tokens.teacher,
        body: { search: 'Atoms week' },
      }),
    );
    const res = await call(t.app, 'POST', `${D}/assignments/targets`, {
      token: w.tokens.district,
      body: { class_id: f.cA.id, exclude_assignment_id: own },
    });
    const d = data<Targets>(res);
    expect(d.classes.map((c) => c.id)).toEqual([f.cA.id]);
    expect(d.classes[0]!.assigned_activity_ids).not.toContain(f.p1.id);
    const district = data<Targets>(await call(t.app, 'POST', `${D}/assignments/targets`, { token: w.tokens.district }));
    expect(district.classes.map((c) => c.id).sort()).toEqual([f.cA.id, f.cA1b.id].sort());
    // another district's assignment cannot be named
    const beta = await call(t.app, 'POST', `${D}/assignments/targets`, {
      token: w.tokens.district,
      body: { exclude_assignment_id: 999_999 },
    });
    expect(beta.statusCode).toBe(404);
  });
});

describe('the student’s assignments', () => {
  interface StudentAssignment {
    id: number;
    name: string;
    status: string;
    start_at: string;
    due_at: string | null;
    activities: { id: number; title: string; attempt: { id: number; status: string } | null }[];
  }
  const mineOf = async (token: string) => {
    const res = await call(t.app, 'GET', '/student/assignments', { token });
    expect(res.statusCode, res.body).toBe(200);
    return data<StudentAssignment[]>(res);
  };

  it('lists what is assigned to the student’s classes, groups and the student, with status and activity titles', async () => {
    const token = await f.studentToken('s2');
    const mk = (
      name: string,
      members: { memberType: 'class' | 'group' | 'student'; memberId: number }[],
      start: number,
      due: number | null,
      activityIds = [f.p3.id, f.p4.id],
    ) =>
      createAssignment(w.db, {
        accountId: w.accA1.id,
        name,
        activityIds,
        members,
        startAt: new Date(Date.now() + start * 86_400_000),
        dueAt: due === null ? null : new Date(Date.now() + due * 86_400_000),
      });
    const viaGroup = await mk('S via group', [{ memberType: 'group', memberId: f.gA.id }], -1, 5);
    const direct = await mk('S direct', [{ memberType: 'student', memberId: f.s2.id }], 2, 4);
    const late = await mk('S late', [{ memberType: 'class', memberId: f.cA.id }], -5, -1);
    const done = await mk('S done', [{ memberType: 'class', memberId: f.cA.id }], -5, -1, [f.p3.id]);
    const notMine = await mk('S not mine', [{ memberType: 'class', memberId: f.cA1b.id }], -1, 5);
    const deleted = await mk('S deleted', [{ memberType: 'student', memberId: f.s2.id }], -1, 5);
    await w.pool.query('update assignments set deleted_at = now() where id = $1', [deleted.id]);
    await createAttempt(w.db, { assignmentId: done.id, activityId: f.p3.id, studentId: f.s2.id, submitted: true });
    // started but not submitted is not completed
    await createAttempt(w.db, { assignmentId: late.id, activityId: f.p3.id, studentId: f.s2.id, submitted: true });

    const list = await mineOf(token);
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(viaGroup.id)).toMatchObject({
      name: 'S via group',
      status: 'current',
      activities: [
        { id: f.p3.id, title: 'Rocks' },
        { id: f.p4.id, title: 'Waves' },
      ],
    });
    // each activity carries the student's attempt at it (the home's Open, Continue or Review)
    expect(byId.get(viaGroup.id)?.activities.map((x) => x.attempt)).toEqual([null, null]);
    const doneAttempt = await w.pool.query<{ id: number }>(
      'select id from attempts where assignment_id = $1 and student_id = $2',
      [done.id, f.s2.id],
    );
    expect(byId.get(done.id)?.activities).toEqual([
      { id: f.p3.id, title: 'Rocks', attempt: { id: doneAttempt.rows[0]!.id, status: 'submitted' } },
    ]);
    expect(byId.get(direct.id)?.status).toBe('upcoming');
    expect(byId.get(late.id)?.status).toBe('past_due');
    expect(byId.get(done.id)?.status).toBe('completed');
    expect(byId.has(notMine.id)).toBe(false);
    expect(byId.has(deleted.id)).toBe(false);
    // a classmate not in the group does not see the group's assignment
    const other = await mineOf(await f.studentToken('student@a.test'));
    expect(other.map((a) => a.id)).not.toContain(viaGroup.id);
    expect(other.map((a) => a.id)).toContain(late.id);
    // and never learns of a classmate's attempt
    expect(other.find((a) => a.id === late.id)?.activities.map((x) => x.attempt)).toEqual([null, null]);
  });

  it('another district’s student sees none of these; staff tokens are refused', async () => {
    const beta = await mineOf(await f.studentToken('sb'));
    expect(beta.every((a) => !a.name.startsWith('S '))).toBe(true);
    expect((await call(t.app, 'GET', '/student/assignments', { token: w.tokens.teacher })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/student/assignments')).statusCode).toBe(401);
  });
});
