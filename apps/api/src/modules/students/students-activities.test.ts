// Students as staff see them: settings and activities (lists, profile and passwords: students.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createActivity } from '../../db/seed/catalogue-factories';
import { buildStudentFixtures, type StudentFixtures } from './students.fixtures';

let t: TestApp;
let w: World;
let f: StudentFixtures;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await buildStudentFixtures(w);
});
afterAll(() => t.close());

describe('POST /dashboard/students/:id/settings', () => {
  it('refuses the wrong role and the wrong tenant', async () => {
    const body = { setting: 'immersive_reader', value: true };
    expect(
      (
        await call(t.app, 'POST', `/dashboard/students/${w.users.student.id}/settings`, {
          token: w.tokens.custom,
          body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/dashboard/students/${f.ben.id}/settings`, { token: w.tokens.district, body }))
        .statusCode,
    ).toBe(404);
    expect(await countOf(w, 'user_settings', `user_id = ${f.ben.id}`)).toBe(0);
  });

  it('stores one setting and answers them all', async () => {
    const url = `/dashboard/students/${w.users.student.id}/settings`;
    const res = await call(t.app, 'POST', url, {
      token: w.tokens.teacher,
      body: { setting: 'immersive_reader', value: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      language_switcher: true,
      auto_logout: 0,
      immersive_reader: true,
      language: 'en',
    });
    await call(t.app, 'POST', url, { token: w.tokens.teacher, body: { setting: 'auto_logout', value: 30 } });
    const lang = await call(t.app, 'POST', url, { token: w.tokens.school, body: { setting: 'language', value: 'es' } });
    expect(lang.json().data).toEqual({
      language_switcher: true,
      auto_logout: 30,
      immersive_reader: true,
      language: 'es',
    });
    const row = await w.pool.query('select language from users where id = $1', [w.users.student.id]);
    expect(row.rows[0].language).toBe(1);
    expect(await countOf(w, 'user_settings', `user_id = ${w.users.student.id}`)).toBe(2);
  });

  it('refuses an unknown setting or a wrong value with 422 and writes nothing', async () => {
    const url = `/dashboard/students/${f.noah.id}/settings`;
    const unknown = await call(t.app, 'POST', url, {
      token: w.tokens.district,
      body: { setting: 'theme', value: 'dark' },
    });
    expect(unknown.statusCode).toBe(422);
    const wrong = await call(t.app, 'POST', url, {
      token: w.tokens.district,
      body: { setting: 'auto_logout', value: -5 },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ value: ['Please enter a valid value'] });
    expect(await countOf(w, 'user_settings', `user_id = ${f.noah.id}`)).toBe(0);
  });
});

describe('POST /dashboard/students/:id/activities', () => {
  let expected: { viaClass: number; direct: number; viaGroup: number; otherClass: number };
  beforeAll(async () => {
    const act = (title: string) => createActivity(w.db, { domainId: w.domA.id, title, status: 'published' });
    const [a1, a2, a3, a4] = [await act('Atoms'), await act('Heat'), await act('Rocks'), await act('Waves')];
    const assign = async (name: string, activityId: number, members: [string, number][], days: number) => {
      const { rows } = await w.pool.query<{ id: number }>(
        `insert into assignments (account_id, organization_id, name, start_at, due_at) values ($1, $2, $3, now() - ($4 || ' days')::interval, now() + interval '7 days') returning id`,
        [w.accA1.id, w.orgA1a.id, name, days],
      );
      await w.pool.query('insert into assignment_activities (assignment_id, activity_id) values ($1, $2)', [
        rows[0]!.id,
        activityId,
      ]);
      for (const [type, id] of members)
        await w.pool.query('insert into assignment_members values ($1, $2, $3)', [rows[0]!.id, type, id]);
      return rows[0]!.id;
    };
    expected = {
      viaClass: await assign('Science week 1', a1.id, [['class', f.science.id]], 1),
      direct: await assign('Catch-up', a2.id, [['student', w.users.student.id]], 2),
      viaGroup: await assign('Lab task', a3.id, [['group', f.group.id]], 3),
      otherClass: await assign('Noah only', a4.id, [['student', f.noah.id]], 4),
    };
    await w.pool.query(
      `insert into attempts (assignment_id, activity_id, student_id, status, submitted_at) values ($1, $2, $3, 'submitted', now())`,
      [expected.viaClass, a1.id, w.users.student.id],
    );
  });

  it('refuses the wrong role and the wrong tenant', async () => {
    expect(await statusesByActor(t, w, 'POST', `/dashboard/students/${w.users.student.id}/activities`, {})).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
    expect(
      (await call(t.app, 'POST', `/dashboard/students/${f.ben.id}/activities`, { token: w.tokens.district, body: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('lists what reaches the student through classes, groups and by name, with the attempt status', async () => {
    const res = await call(t.app, 'POST', `/dashboard/students/${w.users.student.id}/activities`, {
      token: w.tokens.teacher,
      body: {},
    });
    expect(res.json().meta).toEqual({ page: 1, per_page: 10, total: 3 });
    expect(
      res
        .json()
        .data.map((r: { assignment_name: string; activity_title: string; status: string }) => [
          r.assignment_name,
          r.activity_title,
          r.status,
        ]),
    ).toEqual([
      ['Science week 1', 'Atoms', 'submitted'],
      ['Catch-up', 'Heat', 'not_started'],
      ['Lab task', 'Rocks', 'not_started'],
    ]);
    const byClass = await call(t.app, 'POST', `/dashboard/students/${w.users.student.id}/activities`, {
      token: w.tokens.teacher,
      body: { class_id: f.science.id },
    });
    // through the class, or to the student by name; not through a group
    expect(byClass.json().data.map((r: { assignment_id: number }) => r.assignment_id)).toEqual([
      expected.viaClass,
      expected.direct,
    ]);
    const submitted = await call(t.app, 'POST', `/dashboard/students/${w.users.student.id}/activities`, {
      token: w.tokens.teacher,
      body: { status: 'not_started' },
    });
    expect(submitted.json().meta.total).toBe(2);
    const bad = await call(t.app, 'POST', `/dashboard/students/${w.users.student.id}/activities`, {
      token: w.tokens.teacher,
      body: { status: 'late' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
