import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import { countOf, type Actor } from '../../../test/tenancy-fixtures';

// A class's lab groups: on only when lab groups are on for the class; members are students of the class, each in
// one lab group; names unique in the class; one owner.

let t: TestApp;
let w: ClassWorld;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
  url = `/dashboard/classes/${w.classes.biology.id}/lab-groups`;
});
afterAll(() => t.close());

const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, path, { token: w.tokens[actor], body });

describe('lab groups of a class', () => {
  it('cannot be made while lab groups are off for the class', async () => {
    const { ava } = w.students;
    const res = await req('teacher', 'POST', url, { name: 'Team 1', student_ids: [ava.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Lab groups are turned off for this class. Turn them on in the class settings first.',
    });
    expect(await countOf(w, 'lab_groups')).toBe(0);
  });

  it('are made, listed, changed and deleted once on', async () => {
    const { ava, ben, cara } = w.students;
    await w.pool.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'lab_groups', '{"enabled": true}')`,
      [w.accA1.id],
    );
    const made = await req('teacher', 'POST', url, { name: 'Team 1', student_ids: [ava.id, ben.id], owner_id: ben.id });
    expect(made.statusCode, made.body).toBe(200);
    const team1 = made.json().data;
    expect(team1).toMatchObject({ class_id: w.classes.biology.id, name: 'Team 1', owner_id: ben.id });
    expect(team1.students).toEqual([
      { id: ava.id, first_name: 'Ava', last_name: 'Adams', middle_name: null, username: null, is_owner: false },
      { id: ben.id, first_name: 'Ben', last_name: 'Brown', middle_name: null, username: null, is_owner: true },
    ]);
    const team2 = (await req('teacher', 'POST', url, { name: 'Team 2', student_ids: [cara.id] })).json().data;
    expect(team2.owner_id).toBe(cara.id);

    const list = await req('school', 'GET', url);
    expect(list.json().data.map((g: { name: string; students: unknown[] }) => [g.name, g.students.length])).toEqual([
      ['Team 1', 2],
      ['Team 2', 1],
    ]);

    // Ben moves from Team 1 to Team 2: first leave, then join
    const moved = await req('teacher', 'PUT', `${url}/${team1.id}`, { name: 'Team One', student_ids: [ava.id] });
    expect(moved.json().data).toMatchObject({ name: 'Team One', owner_id: ava.id });
    const joined = await req('teacher', 'PUT', `${url}/${team2.id}`, {
      name: 'Team 2',
      student_ids: [cara.id, ben.id],
    });
    expect(joined.statusCode).toBe(200);
    const members = await w.pool.query(
      'select lab_group_id, user_id, is_owner from lab_group_users order by lab_group_id, user_id',
    );
    expect(members.rows).toEqual([
      { lab_group_id: team1.id, user_id: ava.id, is_owner: true },
      { lab_group_id: team2.id, user_id: ben.id, is_owner: false },
      { lab_group_id: team2.id, user_id: cara.id, is_owner: true },
    ]);

    const summary = await req('teacher', 'POST', `/dashboard/classes/${w.classes.biology.id}/summary`, {});
    expect(summary.json().data.lab_groups).toEqual({ total: 2 });

    expect((await req('teacher', 'DELETE', `${url}/${team1.id}`)).statusCode).toBe(200);
    expect((await req('teacher', 'DELETE', `${url}/${team1.id}`)).statusCode).toBe(404);
    expect(await countOf(w, 'lab_group_users', `lab_group_id = ${team1.id}`)).toBe(0);
    const audit = await w.pool.query(`select action from audit_log where entity_type = 'lab_group' order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual([
      'lab_group.created',
      'lab_group.created',
      'lab_group.updated',
      'lab_group.updated',
      'lab_group.deleted',
    ]);
  });

  it('refuses members who are not students of the class, a student already in another lab group, a taken name', async () => {
    const { ava, ben, dan } = w.students;
    const before = await countOf(w, 'lab_groups');
    const outsider = await req('teacher', 'POST', url, { name: 'Team 3', student_ids: [ava.id, dan.id] });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toEqual({
      message: 'Every member of a lab group must be a student of this class.',
      errors: { student_ids: ['Every member of a lab group must be a student of this class.'] },
    });
    const twice = await req('teacher', 'POST', url, { name: 'Team 3', student_ids: [ben.id] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('Ben Brown is already in lab group Team 2.');
    const taken = await req('teacher', 'POST', url, { name: 'team 2', student_ids: [ava.id] });
    expect(taken.json().errors.name).toEqual(['This class already has a lab group with this name.']);
    // a teacher of the class cannot reach into another class's lab group through this class
    const other = await w.pool.query<{ id: number }>(
      `insert into lab_groups (class_id, name) values ($1, 'Chem team') returning id`,
      [w.classes.chemistry.id],
    );
    const sideways = await req('teacher', 'PUT', `${url}/${other.rows[0]!.id}`, {
      name: 'Mine',
      student_ids: [ava.id],
    });
    expect(sideways.statusCode).toBe(404);
    expect(await countOf(w, 'lab_groups')).toBe(before + 1);
  });

  it('validates the payload: a name, at least one student, an owner among them', async () => {
    const { ava, ben } = w.students;
    const noName = await req('teacher', 'POST', url, { name: ' ', student_ids: [ava.id] });
    expect(noName.json().errors.name).toEqual(['Please enter name']);
    const nobody = await req('teacher', 'POST', url, { name: 'Team 9', student_ids: [] });
    expect(nobody.json().errors.student_ids).toEqual(['Please select students']);
    const wrongOwner = await req('teacher', 'POST', url, { name: 'Team 9', student_ids: [ava.id], owner_id: ben.id });
    expect(wrongOwner.statusCode).toBe(422);
    expect(wrongOwner.json().errors.owner_id).toEqual(['Please select lab group owner']);
  });
});
