import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test/test-app';
import { countOf, type World } from '../../../test/tenancy-fixtures';
import { inDays, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { publishDraft } from '../../db/seed/screen-factories';
import { createAttempt } from '../../db/seed/work-factories';
import { assignmentBody, buildAssignmentTest, D, data, listIds } from './assignments.test-kit';

let t: TestApp;
let w: World;
let f: AssignmentWorld;

beforeAll(async () => {
  ({ t, w, f } = await buildAssignmentTest());
});
afterAll(() => t.close());

const ATTEMPTED = 'Assignment which was attempted by a student can not be edited or deleted.';
const body = (over: Record<string, unknown> = {}) => assignmentBody(f, over);
const post = (token: string, b: unknown) => call(t.app, 'POST', `${D}/assignments`, { token, body: b });
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
