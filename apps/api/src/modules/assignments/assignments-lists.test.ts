// Assignment lists, the assign-to picker and the student's assignments (creating and editing: assignments.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/test-app';
import { type World } from '../../../test/tenancy-fixtures';
import { type AssignmentWorld } from '../../../test/assignment-fixtures';
import { createAssignment, createAttempt } from '../../db/seed/work-factories';
import { assignmentBody, buildAssignmentTest, D, data, listIds } from './assignments.test-kit';

let t: TestApp;
let w: World;
let f: AssignmentWorld;

beforeAll(async () => {
  ({ t, w, f } = await buildAssignmentTest());
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => assignmentBody(f, over);
const post = (token: string, b: unknown) => call(t.app, 'POST', `${D}/assignments`, { token, body: b });

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
  beforeAll(async () => {
    // the teacher's own 'Atoms week' on class A (p1), which the picker reports and an edit of it leaves out
    const res = await post(w.tokens.teacher, body());
    expect(res.statusCode, res.body).toBe(200);
  });

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
