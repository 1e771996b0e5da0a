import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, PASSWORD, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { buildStudentFixtures, type StudentFixtures } from './students.fixtures';

// Students as staff see them (001 section 7, 002 section 7) and the teacher and admin lists: every route with the
// wrong role (403), the wrong tenant (404) and bad input (422).
let t: TestApp;
let w: World;
let f: StudentFixtures;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await buildStudentFixtures(w);
});
afterAll(() => t.close());

type Row = {
  id: number;
  full_name: string;
  classes?: { id: number }[];
  organizations?: { id: number; name: string }[];
};
async function listIds(actor: keyof World['tokens'], body: object = {}, path = '/dashboard/students/list') {
  const res = await call(t.app, 'POST', path, { token: w.tokens[actor], body: { per_page: 100, ...body } });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Row[]).map((r) => r.id).sort((a, b) => a - b);
}
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

describe('POST /dashboard/students/list and /my', () => {
  it('needs student view: custom roles are refused, student sessions are not dashboard sessions', async () => {
    const expected = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
    expect(await statusesByActor(t, w, 'POST', '/dashboard/students/list', {})).toEqual(expected);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/students/my', {})).toEqual(expected);
  });

  it('reaches each caller’s own students only', async () => {
    const s = w.users.student.id;
    expect(await listIds('teacher')).toEqual([s]);
    expect(await listIds('school')).toEqual(sorted(s, f.noah.id));
    expect(await listIds('district')).toEqual(sorted(s, f.noah.id, f.olga.id));
    expect(await listIds('domain')).toEqual(sorted(s, f.noah.id, f.olga.id, f.ada.id));
    expect(await listIds('super')).toEqual(sorted(s, f.noah.id, f.olga.id, f.ada.id, f.ben.id));
  });

  it('narrows by scope, and another tenant’s ids match nobody', async () => {
    expect(await listIds('district', { scope: { class_id: f.art.id } })).toEqual(sorted(w.users.student.id, f.noah.id));
    expect(await listIds('district', { scope: { organization_id: w.orgA1b.id } })).toEqual([f.olga.id]);
    expect(await listIds('district', { scope: { teacher_id: w.users.teacher.id } })).toEqual([w.users.student.id]);
    expect(await listIds('district', { scope: { group_id: f.group.id } })).toEqual([w.users.student.id]);
    expect(await listIds('district', { scope: { class_id: f.classB.id } })).toEqual([]);
    expect(await listIds('district', { scope: { account_id: w.accB1.id } })).toEqual([]);
    expect(await listIds('teacher', { scope: { class_id: f.art.id } })).toEqual([w.users.student.id]);
    expect(await listIds('super', { scope: { class_id: f.classB.id } })).toEqual([f.ben.id]);
  });

  it('searches names and pages with meta', async () => {
    const res = await call(t.app, 'POST', '/dashboard/students/list', {
      token: w.tokens.district,
      body: { search: 'kowal', page: 1, per_page: 1 },
    });
    expect(res.json()).toMatchObject({
      data: [{ id: f.olga.id, full_name: 'Olga Kowalenko' }],
      meta: { page: 1, per_page: 1, total: 1 },
    });
    const paged = await call(t.app, 'POST', '/dashboard/students/list', {
      token: w.tokens.district,
      body: { per_page: 2, page: 2 },
    });
    expect(paged.json().meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(paged.json().data).toHaveLength(1);
  });

  it('withRelations carries the classes (as far as the caller reaches), schools and groups', async () => {
    const byTeacher = await call(t.app, 'POST', '/dashboard/students/list', {
      token: w.tokens.teacher,
      body: { withRelations: true },
    });
    const [row] = byTeacher.json().data;
    expect(row).toMatchObject({
      id: w.users.student.id,
      classes: [
        { id: f.science.id, title: 'Grade 7 Science', custom_title: null, periods: '2', organization_id: w.orgA1a.id },
      ],
      organizations: [{ id: w.orgA1a.id, name: 'A1 School a' }],
      groups: [{ id: f.group.id, name: 'Lab team' }],
    });
    expect(row).not.toHaveProperty('password_hash');
    const bySchool = await call(t.app, 'POST', '/dashboard/students/list', {
      token: w.tokens.school,
      body: { withRelations: true, search: w.users.student.lastName },
    });
    expect((bySchool.json().data[0] as Row).classes!.map((c) => c.id)).toEqual([f.art.id, f.science.id]);
    const plain = await call(t.app, 'POST', '/dashboard/students/list', { token: w.tokens.teacher, body: {} });
    expect(plain.json().data[0]).not.toHaveProperty('classes');
  });

  it('my list is the students of the classes the caller teaches', async () => {
    expect(await listIds('teacher', {}, '/dashboard/students/my')).toEqual([w.users.student.id]);
    expect(await listIds('district', {}, '/dashboard/students/my')).toEqual([]);
  });

  it('refuses bad filters with 422', async () => {
    const res = await call(t.app, 'POST', '/dashboard/students/list', {
      token: w.tokens.district,
      body: { scope: { class_id: 'x' } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['scope.class_id']);
  });
});

describe('GET /dashboard/students/:id/profile', () => {
  it('answers everyone who reaches the student; custom roles 403', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/students/${w.users.student.id}/profile`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });

  it('is 404 for a student the caller does not reach (other tenant, other school, other class, not a student)', async () => {
    const ben = `/dashboard/students/${f.ben.id}/profile`;
    expect(await statusesByActor(t, w, 'GET', ben)).toMatchObject({
      super: 200,
      domain: 404,
      district: 404,
      school: 404,
      teacher: 404,
    });
    expect(
      (await call(t.app, 'GET', `/dashboard/students/${f.olga.id}/profile`, { token: w.tokens.school })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/dashboard/students/${f.noah.id}/profile`, { token: w.tokens.teacher })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/dashboard/students/${w.users.teacher.id}/profile`, { token: w.tokens.district }))
        .statusCode,
    ).toBe(404);
  });

  it('shows the student with relations and settings', async () => {
    const res = await call(t.app, 'GET', `/dashboard/students/${w.users.student.id}/profile`, {
      token: w.tokens.teacher,
    });
    expect(res.json().data).toMatchObject({
      id: w.users.student.id,
      role: 'student',
      account_id: w.accA1.id,
      email: 'student@a.test',
      classes: [{ id: f.science.id }],
      organizations: [{ id: w.orgA1a.id, name: 'A1 School a' }],
      groups: [{ id: f.group.id, name: 'Lab team' }],
      settings: { language_switcher: true, auto_logout: 0, immersive_reader: false, language: 'en' },
    });
  });
});

describe('PATCH /dashboard/students/:id/password', () => {
  const body = { password: 'N3w-secret!', password_confirmation: 'N3w-secret!' };

  it('refuses the wrong role (403) and the wrong tenant (404) without changing the password', async () => {
    const hash = async (id: number) =>
      (await w.pool.query<{ h: string }>('select password_hash as h from users where id = $1', [id])).rows[0]!.h;
    const before = await hash(f.ben.id);
    for (const actor of ['domain', 'district', 'school', 'teacher'] as const) {
      const res = await call(t.app, 'PATCH', `/dashboard/students/${f.ben.id}/password`, {
        token: w.tokens[actor],
        body,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await call(t.app, 'PATCH', `/dashboard/students/${f.noah.id}/password`, { token: w.tokens.teacher, body }))
        .statusCode,
    ).toBe(404);
    const custom = await call(t.app, 'PATCH', `/dashboard/students/${w.users.student.id}/password`, {
      token: w.tokens.custom,
      body,
    });
    expect(custom.statusCode).toBe(403);
    expect(await hash(f.ben.id)).toBe(before);
  });

  it('refuses a weak or unmatched password with the spec’s messages', async () => {
    const url = `/dashboard/students/${w.users.student.id}/password`;
    const short = await call(t.app, 'PATCH', url, {
      token: w.tokens.teacher,
      body: { password: 'a1!', password_confirmation: 'a1!' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Password must be at least 8 characters long'] });
    const mismatch = await call(t.app, 'PATCH', url, {
      token: w.tokens.teacher,
      body: { password: 'N3w-secret!', password_confirmation: 'N3w-secret?' },
    });
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The two passwords that you entered do not match!'],
    });
    const simple = await call(t.app, 'PATCH', url, {
      token: w.tokens.teacher,
      body: { password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    });
    expect(simple.json().errors).toEqual({
      password: ['Password must include numbers, letters and special characters'],
    });
    const signIn = await call(t.app, 'POST', '/student/auth/form', {
      body: { login: 'student@a.test', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('a teacher sets their student’s password: the student signs in with it and their old sessions end', async () => {
    const old = await call(t.app, 'POST', '/student/auth/form', {
      body: { login: 'student@a.test', password: PASSWORD },
    });
    const oldToken = old.json().data.token as string;
    const res = await call(t.app, 'PATCH', `/dashboard/students/${w.users.student.id}/password`, {
      token: w.tokens.teacher,
      body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    const stale = await call(t.app, 'POST', '/student/auth/form', {
      body: { login: 'student@a.test', password: PASSWORD },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe('Wrong Credentials. Invalid username or password.');
    const fresh = await call(t.app, 'POST', '/student/auth/form', {
      body: { login: 'student@a.test', password: body.password },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/student/my', { token: oldToken })).statusCode).toBe(401);
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'student.password-set' and subject_user_id = ${w.users.student.id} and actor_user_id = ${w.users.teacher.id}`,
      ),
    ).toBe(1);
    w.tokens.student = fresh.json().data.token as string;
  });
});

describe('teachers and admins', () => {
  it('GET /dashboard/teachers/:id: the profile with schools, classes and their students', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/teachers/${w.users.teacher.id}`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
    const res = await call(t.app, 'GET', `/dashboard/teachers/${w.users.teacher.id}`, { token: w.tokens.district });
    expect(res.json().data).toMatchObject({
      id: w.users.teacher.id,
      role: 'teacher',
      organizations: [{ id: w.orgA1a.id, name: 'A1 School a' }],
      classes: [{ id: f.science.id, title: 'Grade 7 Science', periods: '2', students_count: 1 }],
      students_count: 1,
    });
  });

  it('GET /dashboard/teachers/:id is 404 for another tenant’s teacher and for a user who is not a teacher', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/teachers/${f.teacherB.id}`)).toMatchObject({
      super: 200,
      domain: 404,
      district: 404,
      school: 404,
      teacher: 404,
    });
    expect(
      (await call(t.app, 'GET', `/dashboard/teachers/${w.users.school.id}`, { token: w.tokens.district })).statusCode,
    ).toBe(404);
  });

  it('the teachers list narrows to a class, a student or a group and carries relations', async () => {
    const search = (token: string, body: object) =>
      call(t.app, 'POST', '/dashboard/users/search', { token, body: { role: 'teacher', ...body } });
    const ids = async (token: string, body: object) =>
      (await search(token, body)).json().data.map((u: { id: number }) => u.id);
    expect(await ids(w.tokens.district, { class_id: f.art.id })).toEqual([f.otherTeacher.id]);
    expect(await ids(w.tokens.district, { student_id: w.users.student.id })).toHaveLength(2);
    expect(await ids(w.tokens.district, { class_id: f.classB.id })).toEqual([]);
    const rel = await search(w.tokens.teacher, { class_id: f.science.id, withRelations: true });
    expect(rel.json().data).toMatchObject([
      {
        id: w.users.teacher.id,
        full_name: expect.any(String),
        organizations: [{ id: w.orgA1a.id }],
        classes: [{ id: f.science.id, students_count: 1 }],
      },
    ]);
  });

  it('the admins list asks for district and school administrators; teachers list teachers only', async () => {
    const roles = ['administrator', 'school-administrator'];
    const res = await call(t.app, 'POST', '/dashboard/users/search', { token: w.tokens.district, body: { roles } });
    expect(
      res
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual(sorted(w.users.district.id, w.users.school.id));
    const byTeacher = await call(t.app, 'POST', '/dashboard/users/search', {
      token: w.tokens.teacher,
      body: { roles },
    });
    expect(byTeacher.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const bySchool = await call(t.app, 'POST', '/dashboard/users/search', {
      token: w.tokens.school,
      body: { roles, organization_id: w.orgA1a.id },
    });
    expect(
      bySchool
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual(sorted(w.users.district.id, w.users.school.id));
    const other = await call(t.app, 'POST', '/dashboard/users/search', {
      token: w.tokens.district,
      body: { roles, account_id: w.accB1.id },
    });
    expect(other.json().data).toEqual([]);
    const bad = await call(t.app, 'POST', '/dashboard/users/search', {
      token: w.tokens.district,
      body: { roles: ['king'] },
    });
    expect(bad.statusCode).toBe(422);
  });
});
