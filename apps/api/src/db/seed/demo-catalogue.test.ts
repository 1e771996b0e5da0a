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

async function signIn(email: string) {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: DEMO_PASSWORD } });
  return res.json<{ data: { token: string } }>().data.token;
}

describe('the demo catalogue', () => {
  it('gives the demo domain activities in folders with tags; the teacher sees the published ones', async () => {
    const domain = await signIn(DEMO_USERS.domainAdmin.email);
    const ab = await call(t.app, 'POST', '/dashboard/activities/ab-list', { token: domain, body: { per_page: 50 } });
    const titles = (ab.json().data as { title: string; folders: unknown[]; tags: string[] }[]).map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining(['Atoms and Molecules', 'Plate Tectonics (draft)']));
    expect(titles).not.toContain('Old Weather Unit');
    for (const a of ab.json().data as { folders: unknown[]; tags: string[] }[]) {
      expect(a.folders.length).toBe(1);
      expect(a.tags.length).toBeGreaterThan(0);
    }
    const tree = await call(t.app, 'POST', '/dashboard/activities/folders/list', {
      token: domain,
      body: { filters: { archived: false } },
    });
    const physical = (
      tree.json().data as { title: string; children: { title: string; activities_count: number }[] }[]
    ).find((f) => f.title === 'Physical Science');
    expect(physical?.children.map((c) => [c.title, c.activities_count])).toEqual([
      ['Energy', 1],
      ['Matter', 2],
    ]);
    const teacher = await signIn(DEMO_USERS.teacher.email);
    const list = await call(t.app, 'POST', '/dashboard/activities/list', { token: teacher, body: { per_page: 50 } });
    const seen = (list.json().data as { title: string }[]).map((a) => a.title);
    expect(seen).toContain('Riverside Watershed Field Trip');
    expect(seen).not.toContain('Plate Tectonics (draft)');
    // published demo activities have screens a teacher can preview: version 1's three screens in two sections
    const trip = (list.json().data as { id: number; title: string }[]).find(
      (a) => a.title === 'Riverside Watershed Field Trip',
    )!;
    const preview = await call(t.app, 'GET', `/dashboard/activities/${trip.id}/published-preview`, { token: teacher });
    expect(preview.statusCode).toBe(200);
    const screens = preview.json().data.screens as { section: number }[];
    expect(screens.map((s) => s.section)).toEqual([1, 1, 2]);
  });
});
