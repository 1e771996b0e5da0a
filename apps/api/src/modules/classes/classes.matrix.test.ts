import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import { ACTORS, statusesByActor, type Actor, type Expect } from '../../../test/tenancy-fixtures';
import { createGroup, createLabGroup, createUser } from '../../db/seed/factories';

// Route x role bundle x own/other tenant for the class calls (DESIGN.md 9). The guard refuses the wrong role (403:
// the custom role only views accounts; 401: a student's session is not a dashboard session); a class outside the
// caller's slice does not exist for them (404): another account's, another school's for a school admin, and a class
// a teacher does not teach.

let t: TestApp;
let w: ClassWorld;

const OWN: Expect = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
const OTHER_ACCOUNT: Expect = { ...OWN, domain: 404, district: 404, school: 404, teacher: 404 };
const OTHER_SCHOOL: Expect = { ...OWN, school: 404, teacher: 404 };
const NOT_TAUGHT: Expect = { ...OWN, teacher: 404 };

/** One extra student of Biology per actor, so each actor's lab group has its own member. */
const extraStudents = {} as Record<Actor, number>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
  for (const accountId of [w.accA1.id, w.accB1.id])
    await w.pool.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'lab_groups', '{"enabled": true}')`,
      [accountId],
    );
  for (const a of ACTORS) {
    const s = await createUser(w.db, {
      role: 'student',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      email: null,
      organizationIds: [w.orgA1a.id],
    });
    await w.pool.query(`insert into class_users (class_id, user_id, user_type) values ($1, $2, 'student')`, [
      w.classes.biology.id,
      s.id,
    ]);
    extraStudents[a] = s.id;
  }
});
afterAll(() => t.close());

describe('class lists', () => {
  it('POST /dashboard/classes/list and /my need class view', async () => {
    for (const path of ['/dashboard/classes/list', '/dashboard/classes/my'])
      expect(await statusesByActor(t, w, 'POST', path, {}), path).toEqual(OWN);
  });

  it('POST /dashboard/accounts/:id/classes: own account, another account', async () => {
    expect(await statusesByActor(t, w, 'POST', `/dashboard/accounts/${w.accA1.id}/classes`, {})).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', `/dashboard/accounts/${w.accB1.id}/classes`, {})).toEqual(OTHER_ACCOUNT);
  });

  it('POST /dashboard/organizations/:id/classes: own school, another school, another account', async () => {
    const at = (id: number) => `/dashboard/organizations/${id}/classes`;
    expect(await statusesByActor(t, w, 'POST', at(w.orgA1a.id), {})).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', at(w.orgA1b.id), {})).toEqual(OTHER_SCHOOL);
    expect(await statusesByActor(t, w, 'POST', at(w.orgB1.id), {})).toEqual(OTHER_ACCOUNT);
  });

  it('POST /dashboard/teachers/:id/classes: a colleague of the school, a teacher of another account', async () => {
    const at = (id: number) => `/dashboard/teachers/${id}/classes`;
    expect(await statusesByActor(t, w, 'POST', at(w.colleague.id), {})).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', at(w.teacherB.id), {})).toEqual(OTHER_ACCOUNT);
  });

  it('POST /dashboard/students/:id/classes: a student taught, one of another school, one of another account', async () => {
    const at = (id: number) => `/dashboard/students/${id}/classes`;
    expect(await statusesByActor(t, w, 'POST', at(w.students.ben.id), {})).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', at(w.students.dan.id), {})).toEqual(OTHER_SCHOOL);
    expect(await statusesByActor(t, w, 'POST', at(w.students.eve.id), {})).toEqual(OTHER_ACCOUNT);
  });

  it('POST /dashboard/groups/:id/classes: a group the caller sees, one of another account', async () => {
    const own = await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      createdBy: w.users.teacher.id,
      classIds: [w.classes.biology.id],
    });
    const other = await createGroup(w.db, { accountId: w.accB1.id, organizationId: w.orgB1.id });
    expect(await statusesByActor(t, w, 'POST', `/dashboard/groups/${own.id}/classes`, {})).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', `/dashboard/groups/${other.id}/classes`, {})).toEqual(OTHER_ACCOUNT);
  });
});

describe('one class', () => {
  const cases = () =>
    [
      ['own class', w.classes.biology.id, OWN],
      ["a colleague's class", w.classes.chemistry.id, NOT_TAUGHT],
      ['a class of another school', w.classes.physics.id, OTHER_SCHOOL],
      ['a class of another account', w.classes.betaBiology.id, OTHER_ACCOUNT],
    ] as const;

  it('GET /dashboard/classes/:id', async () => {
    for (const [label, id, expected] of cases())
      expect(await statusesByActor(t, w, 'GET', `/dashboard/classes/${id}`), label).toEqual(expected);
  });

  it('PUT /dashboard/classes/:id (class update)', async () => {
    const body = (a: Actor) => ({ custom_title: `By ${a}` });
    for (const [label, id, expected] of cases())
      expect(await statusesByActor(t, w, 'PUT', `/dashboard/classes/${id}`, body), label).toEqual(expected);
    // each class keeps the title of the last caller allowed to change it; refused callers changed nothing
    const titles = await w.pool.query<{ id: number; custom_title: string }>('select id, custom_title from classes');
    const titleOf = (id: number) => titles.rows.find((r) => r.id === id)?.custom_title;
    expect(titleOf(w.classes.biology.id)).toBe('By teacher');
    expect(titleOf(w.classes.chemistry.id)).toBe('By school');
    expect(titleOf(w.classes.physics.id)).toBe('By district');
    expect(titleOf(w.classes.betaBiology.id)).toBe('By super');
  });

  it('POST /dashboard/classes/:id/users', async () => {
    for (const [label, id, expected] of cases())
      expect(
        await statusesByActor(t, w, 'POST', `/dashboard/classes/${id}/users`, { user_type: 'student' }),
        label,
      ).toEqual(expected);
  });

  it('POST /dashboard/classes/:id/summary', async () => {
    for (const [label, id, expected] of cases())
      expect(await statusesByActor(t, w, 'POST', `/dashboard/classes/${id}/summary`, {}), label).toEqual(expected);
  });

  it('GET and POST /dashboard/classes/:id/settings', async () => {
    const body = { settings: [{ setting: 'immersive_reader', value: { enabled: false } }] };
    for (const [label, id, expected] of cases()) {
      expect(await statusesByActor(t, w, 'GET', `/dashboard/classes/${id}/settings`), label).toEqual(expected);
      expect(await statusesByActor(t, w, 'POST', `/dashboard/classes/${id}/settings`, body), label).toEqual(expected);
    }
  });
});

describe('lab groups of a class', () => {
  it('GET /dashboard/classes/:id/lab-groups', async () => {
    const at = (id: number) => `/dashboard/classes/${id}/lab-groups`;
    expect(await statusesByActor(t, w, 'GET', at(w.classes.biology.id))).toEqual(OWN);
    expect(await statusesByActor(t, w, 'GET', at(w.classes.chemistry.id))).toEqual(NOT_TAUGHT);
    expect(await statusesByActor(t, w, 'GET', at(w.classes.physics.id))).toEqual(OTHER_SCHOOL);
    expect(await statusesByActor(t, w, 'GET', at(w.classes.betaBiology.id))).toEqual(OTHER_ACCOUNT);
  });

  it('POST /dashboard/classes/:id/lab-groups', async () => {
    const own = `/dashboard/classes/${w.classes.biology.id}/lab-groups`;
    const body = (a: Actor) => ({ name: `Team ${a}`, student_ids: [extraStudents[a]] });
    expect(await statusesByActor(t, w, 'POST', own, body)).toEqual(OWN);
    const other = `/dashboard/classes/${w.classes.betaBiology.id}/lab-groups`;
    const otherBody = (a: Actor) => ({ name: `Team ${a}`, student_ids: [w.students.eve.id] });
    expect(await statusesByActor(t, w, 'POST', other, otherBody)).toEqual(OTHER_ACCOUNT);
    const made = await w.pool.query<{ name: string }>(`select name from lab_groups order by id`);
    expect(made.rows.map((r) => r.name)).toEqual([
      'Team super',
      'Team domain',
      'Team district',
      'Team school',
      'Team teacher',
      'Team super',
    ]);
  });

  it('PUT and DELETE /dashboard/classes/:id/lab-groups/:lab_group_id', async () => {
    await w.pool.query(`delete from lab_groups`);
    const own = {} as Record<Actor, number>;
    for (const a of ACTORS)
      own[a] = (
        await createLabGroup(w.db, { classId: w.classes.biology.id, name: `Put ${a}`, studentIds: [extraStudents[a]] })
      ).id;
    const ownUrl = (a: Actor) => `/dashboard/classes/${w.classes.biology.id}/lab-groups/${own[a]}`;
    const rename = (a: Actor) => ({ name: `Renamed ${a}`, student_ids: [extraStudents[a]] });
    expect(await statusesByActor(t, w, 'PUT', ownUrl, rename)).toEqual(OWN);
    expect(await statusesByActor(t, w, 'DELETE', ownUrl)).toEqual(OWN);
    // the custom role and the student were refused: their lab groups are still there, unchanged
    const left = await w.pool.query<{ id: number; name: string }>(
      'select id, name from lab_groups where class_id = $1 order by id',
      [w.classes.biology.id],
    );
    expect(left.rows).toEqual([
      { id: own.custom, name: 'Put custom' },
      { id: own.student, name: 'Put student' },
    ]);

    // another account's lab group: the super admin (first) renames then deletes it; everyone else is told 404
    const other = await createLabGroup(w.db, {
      classId: w.classes.betaBiology.id,
      name: 'Beta team',
      studentIds: [w.students.eve.id],
    });
    const otherUrl = `/dashboard/classes/${w.classes.betaBiology.id}/lab-groups/${other.id}`;
    const body = { name: 'Renamed', student_ids: [w.students.eve.id] };
    expect(await statusesByActor(t, w, 'PUT', otherUrl, body)).toEqual(OTHER_ACCOUNT);
    expect(await statusesByActor(t, w, 'DELETE', otherUrl)).toEqual(OTHER_ACCOUNT);
    expect((await w.pool.query('select 1 from lab_groups where id = $1', [other.id])).rowCount).toBe(0);
  });
});
