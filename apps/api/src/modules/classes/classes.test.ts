import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import type { Actor } from '../../../test/tenancy-fixtures';
import { createActivity } from '../../db/seed/catalogue-factories';
import { createGroup, createLabGroup } from '../../db/seed/factories';

// What callers see and change through the class calls: lists per role and subject, the display name, members by
// user type, update (custom title, rostered fields, primary teacher), the summary's stats and class settings.

let t: TestApp;
let w: ClassWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
});
afterAll(() => t.close());

const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, `/dashboard${path}`, { token: w.tokens[actor], body });

async function names(actor: Actor, path: string, body: object = { per_page: 100 }) {
  const res = await req(actor, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((c) => c.name);
}

describe('class lists', () => {
  it('each caller lists the classes of their slice; a teacher only what they teach', async () => {
    expect(await names('super', '/classes/list')).toEqual(['Beta Biology', 'Biology - 3', 'Chemistry - 1', 'Physics']);
    expect(await names('domain', '/classes/list')).toEqual(['Biology - 3', 'Chemistry - 1', 'Physics']);
    expect(await names('district', '/classes/list')).toEqual(['Biology - 3', 'Chemistry - 1', 'Physics']);
    expect(await names('school', '/classes/list')).toEqual(['Biology - 3', 'Chemistry - 1']);
    expect(await names('teacher', '/classes/list')).toEqual(['Biology - 3']);
  });

  it('a row has the display name, school, primary teacher and member counts', async () => {
    const res = await req('teacher', 'POST', '/classes/list', {});
    expect(res.json()).toEqual({
      data: [
        expect.objectContaining({
          id: w.classes.biology.id,
          name: 'Biology - 3',
          title: 'Biology',
          custom_title: null,
          periods: '3',
          organization_id: w.orgA1a.id,
          organization_name: 'A1 School a',
          rostered: false,
          primary_teacher: {
            id: w.users.teacher.id,
            first_name: w.users.teacher.firstName,
            last_name: w.users.teacher.lastName,
            middle_name: null,
          },
          students_count: 3,
          teachers_count: 1,
        }),
      ],
      meta: { page: 1, per_page: 10, total: 1 },
    });
  });

  it('filters by search, school and page; a bad filter is a 422', async () => {
    expect(await names('district', '/classes/list', { search: 'chem' })).toEqual(['Chemistry - 1']);
    expect(await names('district', '/classes/list', { search: 'biology - 3' })).toEqual(['Biology - 3']);
    expect(await names('district', '/classes/list', { organization_id: w.orgA1b.id })).toEqual(['Physics']);
    const page = await req('district', 'POST', '/classes/list', { per_page: 2, page: 2 });
    expect(page.json().meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual(['Physics']);
    const bad = await req('district', 'POST', '/classes/list', { organization_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.organization_id).toEqual(['Please select organization']);
  });

  it("'my list' is the classes the caller belongs to", async () => {
    expect(await names('teacher', '/classes/my')).toEqual(['Biology - 3']);
    expect(await names('district', '/classes/my')).toEqual([]);
  });

  it('lists under a teacher, student, school, account and group narrow the caller’s own classes', async () => {
    expect(await names('district', `/teachers/${w.colleague.id}/classes`)).toEqual(['Chemistry - 1', 'Physics']);
    // the signed-in teacher may look at a colleague's list, and sees none of the colleague's classes in it
    expect(await names('teacher', `/teachers/${w.colleague.id}/classes`)).toEqual([]);
    expect(await names('school', `/students/${w.students.ava.id}/classes`)).toEqual(['Biology - 3', 'Chemistry - 1']);
    expect(await names('teacher', `/students/${w.students.ava.id}/classes`)).toEqual(['Biology - 3']);
    expect(await names('district', `/organizations/${w.orgA1a.id}/classes`)).toEqual(['Biology - 3', 'Chemistry - 1']);
    expect(await names('domain', `/accounts/${w.accA1.id}/classes`)).toEqual([
      'Biology - 3',
      'Chemistry - 1',
      'Physics',
    ]);
    const group = await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      classIds: [w.classes.chemistry.id, w.classes.biology.id],
    });
    expect(await names('district', `/groups/${group.id}/classes`)).toEqual(['Biology - 3', 'Chemistry - 1']);
    expect(await names('school', `/groups/${group.id}/classes`, { search: 'chem' })).toEqual(['Chemistry - 1']);
  });

  it('leaves out deleted classes and classes of deleted schools', async () => {
    const { createClass } = await import('../../db/seed/factories');
    const gone = await createClass(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      title: 'Gone',
      teacherIds: [w.users.teacher.id],
    });
    await w.pool.query('update classes set deleted_at = now() where id = $1', [gone.id]);
    expect(await names('teacher', '/classes/list')).toEqual(['Biology - 3']);
    expect((await req('teacher', 'GET', `/classes/${gone.id}`)).statusCode).toBe(404);
  });
});

describe('one class and its members', () => {
  it('GET /classes/:id answers the class; an unknown id is a 404 and a malformed one a 422', async () => {
    const res = await req('school', 'GET', `/classes/${w.classes.chemistry.id}`);
    expect(res.json().data).toMatchObject({ name: 'Chemistry - 1', primary_teacher: { id: w.colleague.id } });
    expect((await req('school', 'GET', '/classes/999999')).statusCode).toBe(404);
    expect((await req('school', 'GET', '/classes/abc')).statusCode).toBe(422);
  });

  it('POST /classes/:id/users lists students or teachers, sorted by name, searchable', async () => {
    const students = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/users`, { user_type: 'student' });
    expect(students.json().meta).toEqual({ page: 1, per_page: 50, total: 3 });
    expect(students.json().data.map((u: { first_name: string }) => u.first_name)).toEqual(['Ava', 'Ben', 'Cara']);
    expect(students.json().data[0]).toEqual({
      id: w.students.ava.id,
      first_name: 'Ava',
      last_name: 'Adams',
      middle_name: null,
      email: null,
      username: null,
      user_type: 'student',
      is_primary: false,
    });
    const teachers = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/users`, { user_type: 'teacher' });
    expect(teachers.json().data).toEqual([expect.objectContaining({ id: w.users.teacher.id, is_primary: true })]);
    const found = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/users`, {
      user_type: 'student',
      search: 'ben b',
    });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([w.students.ben.id]);
    const bad = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/users`, { user_type: 'parent' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.user_type).toEqual(['Please select user type']);
  });
});

describe('PUT /classes/:id', () => {
  const classRow = async (id: number) =>
    (await w.pool.query('select custom_title, title, periods from classes where id = $1', [id])).rows[0];

  it('a custom title names the class; a blank one gives it back its title and periods', async () => {
    const id = w.classes.biology.id;
    const set = await req('teacher', 'PUT', `/classes/${id}`, { custom_title: '  My Biology  ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ name: 'My Biology', custom_title: 'My Biology', title: 'Biology' });
    const cleared = await req('teacher', 'PUT', `/classes/${id}`, { custom_title: '' });
    expect(cleared.json().data).toMatchObject({ name: 'Biology - 3', custom_title: null });
    const audit = await w.pool.query(
      `select count(*)::int as n from audit_log where action = 'class.updated' and entity_id = $1`,
      [String(id)],
    );
    expect(audit.rows[0].n).toBe(2);
  });

  it('a rostered class keeps the roster’s title and periods, but takes a custom title', async () => {
    const id = w.classes.chemistry.id;
    await w.pool.query(`update classes set sourced_id = 'oneroster-42' where id = $1`, [id]);
    const refused = await req('district', 'PUT', `/classes/${id}`, { title: 'Chem', custom_title: 'Chem lab' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^This class comes from rostering/);
    expect(refused.json().errors.title).toHaveLength(1);
    expect(await classRow(id)).toEqual({ custom_title: null, title: 'Chemistry', periods: '1' });
    const ok = await req('district', 'PUT', `/classes/${id}`, { custom_title: 'Chem lab', title: 'Chemistry' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Chem lab', rostered: true });
    await w.pool.query(`update classes set sourced_id = null, custom_title = null where id = $1`, [id]);
  });

  it('the primary teacher must teach the class; the whole update is refused otherwise', async () => {
    const id = w.classes.biology.id;
    const refused = await req('district', 'PUT', `/classes/${id}`, {
      custom_title: 'Half done',
      primary_teacher_id: w.colleague.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The primary teacher must be one of the class’s teachers.',
      errors: { primary_teacher_id: ['The primary teacher must be one of the class’s teachers.'] },
    });
    expect((await classRow(id)).custom_title).toBeNull();
    await w.pool.query(`insert into class_users (class_id, user_id, user_type) values ($1, $2, 'teacher')`, [
      id,
      w.colleague.id,
    ]);
    const ok = await req('district', 'PUT', `/classes/${id}`, { primary_teacher_id: w.colleague.id });
    expect(ok.json().data.primary_teacher).toMatchObject({ id: w.colleague.id, last_name: 'Colleague' });
    const flags = await w.pool.query(
      `select user_id, is_primary from class_users where class_id = $1 and user_type = 'teacher' order by user_id`,
      [id],
    );
    expect(flags.rows).toEqual([
      { user_id: w.users.teacher.id, is_primary: false },
      { user_id: w.colleague.id, is_primary: true },
    ]);
    await req('district', 'PUT', `/classes/${id}`, { primary_teacher_id: w.users.teacher.id });
    await w.pool.query(`delete from class_users where class_id = $1 and user_id = $2`, [id, w.colleague.id]);
  });

  it('validation: a blank title, a too long custom title', async () => {
    const id = w.classes.biology.id;
    const blank = await req('district', 'PUT', `/classes/${id}`, { title: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.title).toEqual(['Please enter title']);
    const long = await req('district', 'PUT', `/classes/${id}`, { custom_title: 'x'.repeat(256) });
    expect(long.json().errors.custom_title).toEqual(['Custom title must not exceed 255 characters']);
  });
});

describe('POST /classes/:id/summary', () => {
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  async function assignment(name: string, startAt: string, members: [string, number][], deleted = false) {
    const res = await w.pool.query<{ id: number }>(
      `insert into assignments (account_id, name, start_at, deleted_at) values ($1, $2, $3, $4) returning id`,
      [w.accA1.id, name, startAt, deleted ? new Date() : null],
    );
    const id = res.rows[0]!.id;
    for (const [type, memberId] of members)
      await w.pool.query(`insert into assignment_members (assignment_id, member_type, member_id) values ($1, $2, $3)`, [
        id,
        type,
        memberId,
      ]);
    return id;
  }

  beforeEach(async () => {
    await w.pool.query('delete from assignments');
    await w.pool.query('delete from lab_groups');
  });

  it('gives each student their stats for the range, the lab groups total and the students assigned', async () => {
    const { ava, ben, cara } = w.students;
    const activity = await createActivity(w.db, { domainId: w.domA.id, status: 'published' });
    const team = await createGroup(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      studentIds: [ava.id],
      classIds: [w.classes.biology.id],
    });
    const forClass = await assignment('For the class', daysAgo(0), [['class', w.classes.biology.id]]);
    await assignment('For the group, long ago', daysAgo(40), [['group', team.id]]);
    await assignment('For Cara', daysAgo(1), [['student', cara.id]]);
    await assignment('Deleted', daysAgo(0), [['class', w.classes.biology.id]], true);
    await assignment('Another class', daysAgo(0), [['class', w.classes.chemistry.id]]);
    await w.pool.query(
      `insert into attempts (assignment_id, activity_id, student_id, status, started_at, submitted_at)
       values ($1, $2, $3, 'submitted', now(), now()), ($1, $2, $4, 'in_progress', now(), null)`,
      [forClass, activity.id, ava.id, ben.id],
    );
    await createLabGroup(w.db, { classId: w.classes.biology.id, name: 'Lab A', studentIds: [ava.id] });
    await createLabGroup(w.db, { classId: w.classes.biology.id, name: 'Lab B', studentIds: [ben.id] });
    // an assignment's own lab group is not one of the class's standing lab groups
    await w.pool.query(`insert into lab_groups (class_id, assignment_id, name) values ($1, $2, 'For one assignment')`, [
      w.classes.biology.id,
      forClass,
    ]);

    const res = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/summary`, {});
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.class).toMatchObject({
      id: w.classes.biology.id,
      name: 'Biology - 3',
      primary_teacher: { id: w.users.teacher.id },
    });
    expect(data.lab_groups).toEqual({ total: 2 });
    expect(data.students_assigned).toBe(3);
    expect(data.student_stats).toEqual({
      date: today,
      start_date: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
      end_date: today,
      total: 3,
      active: 2,
    });
    const stats = (
      data.students as {
        first_name: string;
        assignments: number;
        attempts_started: number;
        attempts_submitted: number;
        last_activity_at: string | null;
      }[]
    ).map((s) => [s.first_name, s.assignments, s.attempts_started, s.attempts_submitted, s.last_activity_at !== null]);
    expect(stats).toEqual([
      ['Ava', 1, 1, 1, true],
      ['Ben', 1, 1, 0, true],
      ['Cara', 2, 0, 0, false],
    ]);

    // a wider range takes in the group's older assignment
    const wide = await req('teacher', 'POST', `/classes/${w.classes.biology.id}/summary`, {
      start_date: daysAgo(60).slice(0, 10),
      end_date: today,
    });
    expect(wide.json().data.students[0]).toMatchObject({ first_name: 'Ava', assignments: 2 });
  });

  it('counts nothing for a class without assignments', async () => {
    const res = await req('district', 'POST', `/classes/${w.classes.physics.id}/summary`, {});
    expect(res.json().data).toMatchObject({ students_assigned: 0, lab_groups: { total: 0 } });
    expect(res.json().data.students).toEqual([
      expect.objectContaining({ first_name: 'Dan', assignments: 0, attempts_started: 0, last_activity_at: null }),
    ]);
  });

  it('refuses a range that ends before it starts, or a date that is not one', async () => {
    const url = `/classes/${w.classes.biology.id}/summary`;
    const backwards = await req('teacher', 'POST', url, { start_date: '2026-02-02', end_date: '2026-02-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.end_date).toEqual(['Please enter a valid end date']);
    const notADate = await req('teacher', 'POST', url, { start_date: '02/01/2026' });
    expect(notADate.json().errors.start_date).toEqual(['Please enter a valid start date']);
  });
});

describe('class settings', () => {
  const url = () => `/classes/${w.classes.biology.id}/settings`;
  const setAccount = (enabled: boolean) =>
    w.pool.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'lab_groups', $2)
       on conflict (account_id, setting) do update set value = excluded.value`,
      [w.accA1.id, JSON.stringify({ enabled })],
    );
  const stored = async () =>
    (await w.pool.query('select settings from classes where id = $1', [w.classes.biology.id])).rows[0].settings;

  it('a class inherits the district, may switch off what the district has on, and never on what it has off', async () => {
    await setAccount(false);
    const initial = await req('teacher', 'GET', url());
    expect(initial.json().data).toEqual([
      {
        setting: 'lab_groups',
        value: { enabled: false },
        class_value: null,
        account_value: { enabled: false },
        available: false,
      },
      {
        setting: 'immersive_reader',
        value: { enabled: false },
        class_value: null,
        account_value: { enabled: false },
        available: false,
      },
    ]);

    const refused = await req('teacher', 'POST', url(), {
      settings: [
        { setting: 'immersive_reader', value: { enabled: false } },
        { setting: 'lab_groups', value: { enabled: true } },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'This setting is turned off for the district, so it cannot be turned on for a class.',
    );
    // all or nothing: the first setting of the batch was not saved either
    expect(await stored()).toEqual({});

    await setAccount(true);
    const inherited = await req('teacher', 'GET', url());
    expect(inherited.json().data[0]).toMatchObject({ value: { enabled: true }, class_value: null, available: true });
    const off = await req('teacher', 'POST', url(), {
      settings: [{ setting: 'lab_groups', value: { enabled: false } }],
    });
    expect(off.json().data[0]).toMatchObject({ value: { enabled: false }, class_value: { enabled: false } });
    expect(await stored()).toEqual({ lab_groups: { enabled: false } });
    const back = await req('teacher', 'POST', url(), { settings: [{ setting: 'lab_groups', value: null }] });
    expect(back.json().data[0]).toMatchObject({ value: { enabled: true }, class_value: null });
    expect(await stored()).toEqual({});
  });

  it('refuses an unknown setting or a malformed value', async () => {
    const unknown = await req('teacher', 'POST', url(), { settings: [{ setting: 'ai', value: { enabled: true } }] });
    expect(unknown.statusCode).toBe(422);
    const malformed = await req('teacher', 'POST', url(), { settings: [{ setting: 'lab_groups', value: 'on' }] });
    expect(malformed.statusCode).toBe(422);
    const empty = await req('teacher', 'POST', url(), { settings: [] });
    expect(empty.json().errors.settings).toEqual(['Please enter settings']);
  });
});
