import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-credentials';
import { seedDemo } from './demo';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.db.database.db)).toBe(true);
});
afterAll(() => t.close());

async function signIn(scope: 'dashboard' | 'student', login: string) {
  const res = await call(t.app, 'POST', `/${scope}/auth/form`, { body: { login, password: DEMO_PASSWORD } });
  return res.json<{ data: { token: string } }>().data.token;
}

describe('the demo assignments', () => {
  it('the demo student sees a current and an upcoming assignment of Grade 7 Science', async () => {
    const res = await call(t.app, 'GET', '/student/assignments', {
      token: await signIn('student', DEMO_USERS.student.username),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: { name: string; status: string; activities: { title: string }[] }[] }>().data;
    expect(list.map((a) => [a.name, a.status, a.activities.map((x) => x.title)])).toEqual([
      ['Atoms and Molecules', 'current', ['Atoms and Molecules']],
      ['Heat Transfer Review', 'upcoming', ['Heat Transfer Review']],
    ]);
  });

  it('the demo teacher lists them under their class, pinned to the published versions', async () => {
    const token = await signIn('dashboard', DEMO_USERS.teacher.email);
    const targets = await call(t.app, 'POST', '/dashboard/assignments/targets', { token });
    const classes = targets.json<{
      data: { classes: { id: number; name: string; assigned_activity_ids: number[] }[] };
    }>().data.classes;
    const grade7 = classes.find((c) => c.name === 'Grade 7 Science - 2')!;
    expect(grade7.assigned_activity_ids).toHaveLength(2);
    const list = await call(t.app, 'POST', `/dashboard/classes/${grade7.id}/assignments`, { token });
    const rows = list.json<{
      data: { name: string; activities: { out_of_sync: boolean; activity_version_id: number | null }[] }[];
    }>().data;
    expect(rows.map((r) => r.name).sort()).toEqual(['Atoms and Molecules', 'Heat Transfer Review']);
    for (const r of rows)
      expect(r.activities[0]).toMatchObject({ out_of_sync: false, activity_version_id: expect.any(Number) });
  });
});
