import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-credentials';
import { seedDemo } from './demo';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.db.database.db)).toBe(true);
  const res = await call(t.app, 'POST', '/dashboard/auth/form', {
    body: { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD },
  });
  token = res.json<{ data: { token: string } }>().data.token;
});
afterAll(() => t.close());

const post = (path: string, body: object = {}) => call(t.app, 'POST', `/dashboard${path}`, { token, body });

describe('the demo classes and groups', () => {
  it('the demo teacher has two classes with students, a group, an empty group and lab groups', async () => {
    const classes = (await post('/classes/my')).json().data as { id: number; name: string; students_count: number }[];
    expect(classes.map((c) => [c.name, c.students_count])).toEqual([
      ['Earth & Space', 3],
      ['Grade 7 Science - 2', 5],
    ]);
    const groups = (await post('/groups/my')).json().data as { name: string; is_empty: boolean }[];
    expect(groups.map((g) => [g.name, g.is_empty])).toEqual([
      ['Peer Tutors', true],
      ['Science Fair Team', false],
    ]);
    const grade7 = classes[1]!.id;
    const labGroups = await call(t.app, 'GET', `/dashboard/classes/${grade7}/lab-groups`, { token });
    expect(
      (labGroups.json().data as { name: string; students: unknown[] }[]).map((g) => [g.name, g.students.length]),
    ).toEqual([
      ['Lab group 1', 2],
      ['Lab group 2', 2],
    ]);
    const settings = await call(t.app, 'GET', `/dashboard/classes/${grade7}/settings`, { token });
    expect(settings.json().data[0]).toMatchObject({ setting: 'lab_groups', value: { enabled: true } });
    const summary = await post(`/classes/${grade7}/summary`);
    expect(summary.json().data).toMatchObject({
      lab_groups: { total: 2 },
      class: { primary_teacher: { last_name: 'Teacher' } },
    });
  });
});
