import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import { countOf, type Actor } from '../../../test/tenancy-fixtures';
import { createGroup } from '../../db/seed/factories';

// Groups as their users meet them: create with learners, teachers and classes; where a new group goes; whom a caller
// may put in one; lists and filters ('All Classes', empty groups, deleted groups); update, delete, restore.

let t: TestApp;
let w: ClassWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
});
afterAll(() => t.close());

const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, `/dashboard${path}`, { token: w.tokens[actor], body });

async function groupNames(actor: Actor, path: string, body: object = {}) {
  const res = await req(actor, 'POST', path, { per_page: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((g) => g.name);
}

describe('creating a group', () => {
  it('a teacher makes a group of two students of their class; they teach it', async () => {
    const { ava, ben } = w.students;
    const res = await req('teacher', 'POST', '/groups', {
      name: 'Lab partners',
      student_ids: [ava.id, ben.id],
      class_ids: [w.classes.biology.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data;
    expect(g).toMatchObject({
      name: 'Lab partners',
      learner_type: 'student',
      account_id: w.accA1.id,
      organization_id: w.orgA1a.id,
      organization_name: 'A1 School a',
      created_by: { id: w.users.teacher.id },
      students_count: 2,
      teachers_count: 1,
      is_empty: false,
      classes: [{ id: w.classes.biology.id, name: 'Biology - 3' }],
      deleted: false,
      deleted_at: null,
    });
    expect(g.users.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Ava', 'Ben']);
    expect(g.users.teachers.map((s: { id: number }) => s.id)).toEqual([w.users.teacher.id]);
    const rows = await w.pool.query('select user_id, user_type from group_users where group_id = $1 order by user_id', [
      g.id,
    ]);
    expect(rows.rows).toEqual(
      [
        { user_id: ava.id, user_type: 'student' },
        { user_id: ben.id, user_type: 'student' },
        { user_id: w.users.teacher.id, user_type: 'teacher' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect(await countOf(w, 'audit_log', `action = 'group.created' and entity_id = '${g.id}'`)).toBe(1);
  });

  it('a teacher may add only students they teach, teachers of their school and their own classes', async () => {
    const before = await countOf(w, 'groups');
    const cases: [object, string, string][] = [
      [{ student_ids: [w.students.dan.id] }, 'student_ids', 'Some of the selected learners are not available.'],
      [{ student_ids: [w.students.eve.id] }, 'student_ids', 'Some of the selected learners are not available.'],
      [{ teacher_ids: [w.teacherB.id] }, 'teacher_ids', 'Some of the selected teachers are not available.'],
      [{ class_ids: [w.classes.chemistry.id] }, 'class_ids', 'Some of the selected classes are not available.'],
      [{ class_ids: [w.classes.betaBiology.id] }, 'class_ids', 'Some of the selected classes are not available.'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await req('teacher', 'POST', '/groups', { name: 'Refused', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    expect(await countOf(w, 'groups')).toBe(before);
    const colleague = await req('teacher', 'POST', '/groups', { name: 'Co-taught', teacher_ids: [w.colleague.id] });
    expect(colleague.statusCode).toBe(200);
    expect(
      colleague
        .json()
        .data.users.teachers.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([w.users.teacher.id, w.colleague.id].sort());
  });

  it('places the group: the classes’ school, else the caller’s only school, else what the caller names', async () => {
    const school = await req('school', 'POST', '/groups', { name: 'Office helpers' });
    expect(school.json().data.organization_id).toBe(w.orgA1a.id);
    const notTheirs = await req('school', 'POST', '/groups', { name: 'X', organization_id: w.orgA1b.id });
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().errors.organization_id).toEqual(['Please select organization']);
    const accountWide = await req('school', 'POST', '/groups', { name: 'X', organization_id: null });
    expect(accountWide.statusCode).toBe(422);

    const district = await req('district', 'POST', '/groups', { name: 'District choir' });
    expect(district.json().data).toMatchObject({ account_id: w.accA1.id, organization_id: null });
    const inB = await req('district', 'POST', '/groups', { name: 'School b club', organization_id: w.orgA1b.id });
    expect(inB.json().data.organization_id).toBe(w.orgA1b.id);
    // a school admin sees their school's groups, not the district's account-wide one
    expect(await groupNames('school', '/groups/list', { search: 'choir' })).toEqual([]);
    expect(await groupNames('district', '/groups/list', { search: 'choir' })).toEqual(['District choir']);

    const domain = await req('domain', 'POST', '/groups', { name: 'Via class', class_ids: [w.classes.physics.id] });
    expect(domain.json().data).toMatchObject({ account_id: w.accA1.id, organization_id: w.orgA1b.id });
    const noAccount = await req('domain', 'POST', '/groups', { name: 'Nowhere' });
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().errors.account_id).toEqual(['Please select account']);
    const mixed = await req('domain', 'POST', '/groups', {
      name: 'Mixed',
      account_id: w.accA2.id,
      class_ids: [w.classes.biology.id],
    });
    expect(mixed.json().errors.class_ids).toEqual(['Some of the selected classes are not available.']);
  });

  it('validates the payload', async () => {
    const blank = await req('teacher', 'POST', '/groups', { name: '  ' });
    expect(blank.json().errors.name).toEqual(['Please enter name']);
    const type = await req('teacher', 'POST', '/groups', { name: 'A', learner_type: 'parent' });
    expect(type.json().errors.learner_type).toEqual(['Please select learner type']);
    const ids = await req('teacher', 'POST', '/groups', { name: 'A', student_ids: ['x'] });
    expect(ids.statusCode).toBe(422);
    expect(Object.keys(ids.json().errors)).toEqual(['student_ids.0']);
  });
});

describe('group lists', () => {
  it('a teacher lists the groups they made or teach; filters by class (0 = All Classes), emptiness and search', async () => {
    await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      name: 'Colleague invites me',
      createdBy: w.colleague.id,
      teacherIds: [w.users.teacher.id],
      studentIds: [w.students.ava.id],
      classIds: [w.classes.chemistry.id],
    });
    await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      name: 'Colleague only',
      createdBy: w.colleague.id,
    });
    const all = await groupNames('teacher', '/groups/list');
    expect(all).toEqual(['Co-taught', 'Colleague invites me', 'Lab partners']);
    expect(await groupNames('teacher', '/groups/list', { class_id: 0 })).toEqual(all);
    expect(await groupNames('teacher', '/groups/list', { class_id: w.classes.biology.id })).toEqual(['Lab partners']);
    expect(await groupNames('teacher', '/groups/list', { empty: true })).toEqual(['Co-taught']);
    expect(await groupNames('teacher', '/groups/list', { empty: false })).toEqual([
      'Colleague invites me',
      'Lab partners',
    ]);
    expect(await groupNames('teacher', '/groups/list', { search: 'lab' })).toEqual(['Lab partners']);
    const rows = (await req('teacher', 'POST', '/groups/list', { search: 'co-taught' })).json().data;
    expect(rows[0]).toMatchObject({ is_empty: true, students_count: 0 });
    expect(await groupNames('teacher', '/groups/my')).toEqual(all);
    expect(await groupNames('school', '/groups/list')).toEqual([
      'Co-taught',
      'Colleague invites me',
      'Colleague only',
      'Lab partners',
      'Office helpers',
    ]);
  });

  it('lists under a class, a student, a teacher and a school', async () => {
    expect(await groupNames('district', `/classes/${w.classes.chemistry.id}/groups`)).toEqual(['Colleague invites me']);
    expect(await groupNames('teacher', `/students/${w.students.ava.id}/groups`)).toEqual([
      'Colleague invites me',
      'Lab partners',
    ]);
    expect(await groupNames('district', `/teachers/${w.colleague.id}/groups`)).toEqual([
      'Co-taught',
      'Colleague invites me',
      'Colleague only',
    ]);
    expect(await groupNames('district', `/organizations/${w.orgA1b.id}/groups`)).toEqual([
      'School b club',
      'Via class',
    ]);
  });

  it('relations: the classes the caller may use and their students and teachers', async () => {
    const mine = (await req('teacher', 'POST', '/groups/relations', {})).json().data;
    expect(mine.classes.map((c: { name: string }) => c.name)).toEqual(['Biology - 3']);
    expect(mine.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Ava', 'Ben', 'Cara']);
    expect(mine.teachers.map((s: { id: number }) => s.id)).toEqual([w.users.teacher.id]);
    const notMine = (await req('teacher', 'POST', '/groups/relations', { class_ids: [w.classes.chemistry.id] })).json()
      .data;
    expect(notMine).toMatchObject({ students: [], teachers: [] });
    const district = (
      await req('district', 'POST', '/groups/relations', {
        class_ids: [w.classes.biology.id, w.classes.chemistry.id],
      })
    ).json().data;
    expect(district.classes).toHaveLength(3);
    expect(district.students[0]).toEqual({
      id: w.students.ava.id,
      first_name: 'Ava',
      last_name: 'Adams',
      middle_name: null,
      username: null,
      email: null,
      class_ids: [w.classes.biology.id, w.classes.chemistry.id].sort((a, b) => a - b),
    });
    expect(district.teachers.map((s: { id: number }) => s.id).sort()).toEqual(
      [w.users.teacher.id, w.colleague.id].sort(),
    );
  });
});

describe('changing, deleting and restoring a group', () => {
  let id: number;

  it('update renames and replaces the lists; members already in the group may stay', async () => {
    const { ava, dan } = w.students;
    // the district put Dan (another school) in a group the teacher teaches
    const g = await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      name: 'Mixed team',
      createdBy: w.users.district.id,
      teacherIds: [w.users.teacher.id],
      studentIds: [dan.id],
    });
    id = g.id;
    const kept = await req('teacher', 'PUT', `/groups/${id}`, { name: 'Mixed team 2', student_ids: [dan.id, ava.id] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Mixed team 2', students_count: 2 });
    const added = await req('teacher', 'PUT', `/groups/${id}`, { student_ids: [ava.id, w.students.eve.id] });
    expect(added.statusCode).toBe(422);
    const students = await w.pool.query(
      `select user_id from group_users where group_id = $1 and user_type = 'student' order by user_id`,
      [id],
    );
    expect(students.rows.map((r) => r.user_id)).toEqual([ava.id, dan.id].sort((a, b) => a - b));
    const emptied = await req('teacher', 'PUT', `/groups/${id}`, { student_ids: [] });
    expect(emptied.json().data).toMatchObject({ students_count: 0, is_empty: true });
  });

  it("delete hides it; 'a deleted group cannot be deleted again'; it is restored through edit", async () => {
    expect((await req('teacher', 'DELETE', `/groups/${id}`)).statusCode).toBe(200);
    expect(await groupNames('teacher', '/groups/list', { search: 'mixed' })).toEqual([]);
    expect(await groupNames('teacher', '/groups/list', { search: 'mixed', status: 'deleted' })).toEqual([
      'Mixed team 2',
    ]);
    expect(await groupNames('teacher', '/groups/list', { search: 'mixed', status: 'all' })).toEqual(['Mixed team 2']);

    const again = await req('teacher', 'DELETE', `/groups/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A deleted group cannot be deleted again.' });
    const edit = await req('teacher', 'PUT', `/groups/${id}`, { name: 'While deleted' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This group is deleted. Restore it before changing it.');

    const shown = await req('teacher', 'GET', `/groups/${id}`);
    expect(shown.json().data).toMatchObject({ name: 'Mixed team 2', deleted: true });
    expect(shown.json().data.deleted_at).toEqual(expect.any(String));

    const restored = await req('teacher', 'PUT', `/groups/${id}/restore`);
    expect(restored.json().data).toMatchObject({ deleted: false, deleted_at: null });
    expect(await groupNames('teacher', '/groups/list', { search: 'mixed' })).toEqual(['Mixed team 2']);
    const twice = await req('teacher', 'PUT', `/groups/${id}/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This group is not deleted.');
    const audit = await w.pool.query(
      `select action from audit_log where entity_type = 'group' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'group.updated',
      'group.updated',
      'group.deleted',
      'group.restored',
    ]);
  });

  it('answers in Spanish when asked', async () => {
    await req('teacher', 'DELETE', `/groups/${id}`);
    const res = await call(t.app, 'DELETE', `/dashboard/groups/${id}`, { token: w.tokens.teacher, lang: 'es' });
    expect(res.json()).toEqual({ message: 'Un grupo eliminado no se puede eliminar de nuevo.' });
  });
});
