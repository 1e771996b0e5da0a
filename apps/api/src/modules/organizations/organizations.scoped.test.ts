import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createClass, createGroup, createUser } from '../../db/seed/factories';

// The '*/organizations' lists (001 section 2) and the admins of those schools: POST /dashboard/organizations/all with
// class_id, user_id or group_id; POST /dashboard/users/search with organization_ids.

let t: TestApp;
let w: World;
let classA: number;
let classB: number;
let groupA: number;
let studentB: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  classA = (
    await createClass(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1b.id,
      teacherIds: [w.users.teacher.id],
      studentIds: [w.users.student.id],
    })
  ).id;
  studentB = (await createUser(w.db, { role: 'student', domainId: w.domB.id, accountId: w.accB1.id })).id;
  classB = (await createClass(w.db, { accountId: w.accB1.id, organizationId: w.orgB1.id, studentIds: [studentB] })).id;
  groupA = (await createGroup(w.db, { accountId: w.accA1.id, organizationId: w.orgA1a.id, classIds: [classA] })).id;
});
afterAll(() => t.close());

const orgIds = async (token: string, body: object) => {
  const res = await call(t.app, 'POST', '/dashboard/organizations/all', { token, body });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
};

describe('POST /dashboard/organizations/all scoped to a class, a person or a group', () => {
  it("lists a class's school, a teacher's, admin's or student's schools and a group's schools", async () => {
    const token = w.tokens.district;
    expect(await orgIds(token, { class_id: classA })).toEqual([w.orgA1b.id]);
    expect(await orgIds(token, { user_id: w.users.teacher.id })).toEqual([w.orgA1a.id]);
    expect(await orgIds(token, { user_id: w.users.school.id })).toEqual([w.orgA1a.id]);
    // a student's school and the school of their class
    expect(await orgIds(token, { user_id: w.users.student.id })).toEqual(
      [w.orgA1a.id, w.orgA1b.id].sort((a, b) => a - b),
    );
    expect(await orgIds(token, { group_id: groupA })).toEqual([w.orgA1a.id, w.orgA1b.id].sort((a, b) => a - b));
  });

  it("never shows another district's school, whatever id is asked for", async () => {
    expect(await orgIds(w.tokens.district, { class_id: classB })).toEqual([]);
    expect(await orgIds(w.tokens.district, { user_id: studentB })).toEqual([]);
    expect(await orgIds(w.tokens.super, { class_id: classB })).toEqual([w.orgB1.id]);
  });

  it('is refused to roles without organization view', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/organizations/all', { class_id: classA })).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});

describe('POST /dashboard/users/search with organization_ids', () => {
  const adminIds = async (token: string, ids: number[]) => {
    const res = await call(t.app, 'POST', '/dashboard/users/search', {
      token,
      body: { roles: ['administrator', 'school-administrator'], organization_ids: ids },
    });
    return res;
  };

  it("lists the administrators of any of these schools, never another district's", async () => {
    const res = await adminIds(w.tokens.district, [w.orgA1a.id, w.orgB1.id]);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((u) => u.id).sort((a, b) => a - b);
    expect(ids).toEqual([w.users.district.id, w.users.school.id].sort((a, b) => a - b));
    const b1 = await adminIds(w.tokens.district, [w.orgB1.id]);
    expect(b1.json().data).toEqual([]);
    const bad = await call(t.app, 'POST', '/dashboard/users/search', {
      token: w.tokens.district,
      body: { organization_ids: [0] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('lists no administrators to a teacher (teacher view lists teachers only)', async () => {
    const res = await adminIds(w.tokens.teacher, [w.orgA1a.id]);
    expect(res.json().data).toEqual([]);
    expect((await adminIds(w.tokens.custom, [w.orgA1a.id])).statusCode).toBe(403);
  });
});

describe('classes, groups and students of any of several schools (the lists under an admin)', () => {
  const listIds = async (token: string, url: string, body: object) => {
    const res = await call(t.app, 'POST', url, { token, body });
    expect(res.statusCode, url).toBe(200);
    return (res.json().data as { id: number }[]).map((r) => r.id);
  };

  it("lists those of the given schools, never another district's", async () => {
    const token = w.tokens.district;
    expect(await listIds(token, '/dashboard/classes/list', { organization_ids: [w.orgA1b.id, w.orgB1.id] })).toEqual([
      classA,
    ]);
    expect(await listIds(token, '/dashboard/groups/list', { organization_ids: [w.orgA1a.id, w.orgB1.id] })).toEqual([
      groupA,
    ]);
    const students = await listIds(token, '/dashboard/students/list', {
      scope: { organization_ids: [w.orgA1b.id, w.orgB1.id] },
    });
    expect(students).toEqual([w.users.student.id]);
    expect(await listIds(token, '/dashboard/classes/list', { organization_ids: [w.orgB1.id] })).toEqual([]);
  });

  it('is refused to a role that may not view classes', async () => {
    const res = await call(t.app, 'POST', '/dashboard/classes/list', {
      token: w.tokens.custom,
      body: { organization_ids: [w.orgA1a.id] },
    });
    expect(res.statusCode).toBe(403);
  });
});
