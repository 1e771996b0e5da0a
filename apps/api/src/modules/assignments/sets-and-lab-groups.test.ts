import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, inDays, type AssignmentWorld } from '../../../test/assignment-fixtures';
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

const D = '/dashboard';
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

interface SetView {
  id: number;
  name: string;
  account_id: number;
  assignments_count: number;
  created_by: { id: number } | null;
  assignments: { id: number; name: string; assignment_set: { id: number; name: string } | null }[];
}

describe('assignment sets', () => {
  it('a district admin makes a set in their district; assignments join it; its view lists them', async () => {
    const res = await call(t.app, 'POST', `${D}/assignment-sets`, {
      token: w.tokens.district,
      body: { name: ' Unit 1 ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = data<SetView>(res);
    expect(set).toMatchObject({
      name: 'Unit 1',
      account_id: w.accA1.id,
      assignments_count: 0,
      created_by: { id: w.users.district.id },
    });

    const made = await call(t.app, 'POST', `${D}/assignments`, {
      token: w.tokens.teacher,
      body: {
        name: 'Unit 1, part 1',
        activity_ids: [f.p1.id],
        members: [{ member_type: 'class', member_id: f.cA.id }],
        start_at: inDays(0),
        due_at: inDays(4),
        assignment_set_id: set.id,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(data<{ assignment_set: unknown }>(made).assignment_set).toEqual({ id: set.id, name: 'Unit 1' });

    const view = data<SetView>(await call(t.app, 'GET', `${D}/assignment-sets/${set.id}`, { token: w.tokens.teacher }));
    expect(view.assignments_count).toBe(1);
    expect(view.assignments.map((a) => a.name)).toEqual(['Unit 1, part 1']);
    const listed = await call(t.app, 'POST', `${D}/assignment-sets/list`, {
      token: w.tokens.teacher,
      body: { search: 'unit' },
    });
    expect(listed.json()).toMatchObject({ data: [{ id: set.id, assignments_count: 1 }], meta: { page: 1, total: 1 } });
    // the teacher of the other school sees the district's set, but not the assignment in it
    const other = data<SetView>(await call(t.app, 'GET', `${D}/assignment-sets/${set.id}`, { token: f.teacher2Token }));
    expect(other).toMatchObject({ assignments_count: 0, assignments: [] });
    const filtered = await call(t.app, 'POST', `${D}/assignments/list`, {
      token: w.tokens.district,
      body: { assignment_set_id: set.id },
    });
    expect(data<{ name: string }[]>(filtered).map((a) => a.name)).toEqual(['Unit 1, part 1']);
  });

  it('needs a name of 2 characters, and provider staff must name the district; a set of another district is refused', async () => {
    const short = await call(t.app, 'POST', `${D}/assignment-sets`, { token: w.tokens.teacher, body: { name: 'U' } });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { name: ['Name must be at least 2 characters long'] } });
    const noAccount = await call(t.app, 'POST', `${D}/assignment-sets`, {
      token: w.tokens.super,
      body: { name: 'Unit' },
    });
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json()).toEqual({ errors: { account_id: ['Please select account'] } });
    const beta = await call(t.app, 'POST', `${D}/assignment-sets`, {
      token: w.tokens.super,
      body: { name: 'Beta unit', account_id: w.accB1.id },
    });
    expect(beta.statusCode).toBe(200);
    const mismatch = {
      name: 'Mismatch',
      activity_ids: [f.p2.id],
      members: [{ member_type: 'class', member_id: f.cA.id }],
      start_at: inDays(0),
      due_at: inDays(1),
      assignment_set_id: data<SetView>(beta).id,
    };
    const wrong = await call(t.app, 'POST', `${D}/assignments`, { token: w.tokens.super, body: mismatch });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      errors: { assignment_set_id: ['This assignment set belongs to another district.'] },
    });
    // for a district admin, that set does not exist
    const hidden = await call(t.app, 'POST', `${D}/assignments`, {
      token: w.tokens.district,
      body: { ...mismatch, name: 'Hidden' },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('lab groups under an assignment', () => {
  interface LabGroup {
    id: number;
    class_id: number;
    class_name: string;
    name: string;
    owner_id: number | null;
    members: { id: number; first_name: string; last_name: string; is_owner: boolean }[];
  }
  let assignmentId: number;
  const url = () => `${D}/assignments/${assignmentId}/lab-groups`;

  beforeAll(async () => {
    assignmentId = (
      await createAssignment(w.db, {
        accountId: w.accA1.id,
        organizationId: w.orgA1a.id,
        name: 'Lab week',
        activityIds: [f.p2.id],
        members: [{ memberType: 'class', memberId: f.cA.id }],
      })
    ).id;
  });

  it('a teacher makes a team of their class’s students; the owner leads and is listed first', async () => {
    const res = await call(t.app, 'POST', url(), {
      token: w.tokens.teacher,
      body: { class_id: f.cA.id, name: 'Team Alpha', student_ids: [w.users.student.id, f.s2.id], owner_id: f.s2.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<LabGroup>(res)).toMatchObject({
      class_id: f.cA.id,
      class_name: 'Biology - 3',
      name: 'Team Alpha',
      owner_id: f.s2.id,
      members: [
        { id: f.s2.id, first_name: 'Sam', is_owner: true },
        { id: w.users.student.id, is_owner: false },
      ],
    });
    const list = data<LabGroup[]>(await call(t.app, 'GET', url(), { token: w.tokens.school }));
    expect(list.map((g) => g.name)).toEqual(['Team Alpha']);
  });

  it('refuses students outside the class, already in a team, an owner who is not a member and a class without the assignment', async () => {
    const before = await countOf(w, 'lab_groups');
    const post = (b: unknown, token = w.tokens.district) => call(t.app, 'POST', url(), { token, body: b });
    const outsider = await post({ class_id: f.cA.id, name: 'Team Beta', student_ids: [f.s3.id] });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toEqual({
      errors: { student_ids: ['Tia Third is not a student of this class who has this assignment.'] },
    });
    const taken = await post({ class_id: f.cA.id, name: 'Team Beta', student_ids: [f.s2.id] });
    expect(taken.json()).toEqual({
      errors: { student_ids: ['Sam Second is already in another lab group of this assignment.'] },
    });
    const owner = await post({ class_id: f.cA.id, name: 'Team Beta', student_ids: [f.s2.id], owner_id: f.s3.id });
    expect(owner.json()).toEqual({ errors: { owner_id: ['The lab group owner must be one of its students.'] } });
    const otherClass = await post({ class_id: f.cA1b.id, name: 'Team Beta', student_ids: [f.s3.id] });
    expect(otherClass.json()).toEqual({ errors: { class_id: ['This class does not have this assignment.'] } });
    const empty = await post({ class_id: f.cA.id, name: '', student_ids: [] });
    expect(empty.json()).toEqual({ errors: { name: ['Please enter name'], student_ids: ['Please select students'] } });
    // a class the teacher does not teach, another district's class: not found
    expect((await post({ class_id: f.cA1b.id, name: 'X', student_ids: [f.s3.id] }, w.tokens.teacher)).statusCode).toBe(
      404,
    );
    expect((await post({ class_id: f.cB.id, name: 'X', student_ids: [f.sB.id] })).statusCode).toBe(404);
    expect(await countOf(w, 'lab_groups')).toBe(before);
  });

  it('renames, changes members (the owner falls back to the first student) and deletes, even after an attempt', async () => {
    await createAttempt(w.db, { assignmentId, activityId: f.p2.id, studentId: f.s2.id });
    const [team] = data<LabGroup[]>(await call(t.app, 'GET', url(), { token: w.tokens.teacher }));
    const put = await call(t.app, 'PUT', `${url()}/${team!.id}`, {
      token: w.tokens.teacher,
      body: { name: 'Team Omega', student_ids: [w.users.student.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(data<LabGroup>(put)).toMatchObject({
      name: 'Team Omega',
      owner_id: w.users.student.id,
      members: [{ id: w.users.student.id, is_owner: true }],
    });
    // the freed student can join a new team
    const second = await call(t.app, 'POST', url(), {
      token: w.tokens.teacher,
      body: { class_id: f.cA.id, name: 'Team Two', student_ids: [f.s2.id] },
    });
    expect(second.statusCode, second.body).toBe(200);
    const badOwner = await call(t.app, 'PUT', `${url()}/${team!.id}`, {
      token: w.tokens.teacher,
      body: { owner_id: f.s2.id },
    });
    expect(badOwner.json()).toEqual({ errors: { owner_id: ['The lab group owner must be one of its students.'] } });
    const del = await call(t.app, 'DELETE', `${url()}/${team!.id}`, { token: w.tokens.teacher });
    expect(del.statusCode).toBe(200);
    expect(data<LabGroup[]>(await call(t.app, 'GET', url(), { token: w.tokens.teacher })).map((g) => g.name)).toEqual([
      'Team Two',
    ]);
    // a lab group of another assignment is not this one's
    const other = await createAssignment(w.db, {
      accountId: w.accA1.id,
      name: 'Other lab week',
      activityIds: [f.p3.id],
      members: [{ memberType: 'class', memberId: f.cA.id }],
    });
    const [two] = data<LabGroup[]>(await call(t.app, 'GET', url(), { token: w.tokens.teacher }));
    expect(
      (await call(t.app, 'DELETE', `${D}/assignments/${other.id}/lab-groups/${two!.id}`, { token: w.tokens.teacher }))
        .statusCode,
    ).toBe(404);
  });

  it('for an assignment to a group, only the group’s students of the class can be in a team', async () => {
    const groupOnly = await createAssignment(w.db, {
      accountId: w.accA1.id,
      name: 'Group lab',
      activityIds: [f.p4.id],
      members: [{ memberType: 'group', memberId: f.gA.id }],
    });
    const u = `${D}/assignments/${groupOnly.id}/lab-groups`;
    const notInGroup = await call(t.app, 'POST', u, {
      token: w.tokens.teacher,
      body: { class_id: f.cA.id, name: 'G team', student_ids: [w.users.student.id] },
    });
    expect(notInGroup.statusCode).toBe(422);
    const ok = await call(t.app, 'POST', u, {
      token: w.tokens.teacher,
      body: { class_id: f.cA.id, name: 'G team', student_ids: [f.s2.id] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
