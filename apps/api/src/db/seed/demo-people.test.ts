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

describe('the demo district’s people, sessions and products', () => {
  it('has the default academic year 2025-2026 with its semesters, and the year as a template', async () => {
    const token = await signIn(DEMO_USERS.districtAdmin.email);
    const list = await call(t.app, 'POST', '/dashboard/academic-sessions/list', { token, body: {} });
    expect(
      list
        .json()
        .data.map(
          (s: { title: string; type: string; school_year_label: string; start_date: string; end_date: string }) => [
            s.title,
            s.type,
            s.school_year_label,
            s.start_date,
            s.end_date,
          ],
        ),
    ).toEqual(
      expect.arrayContaining([
        ['School Year', 'full_year', '(2025-2026)', '2025-08-01', '2026-05-31'],
        ['Fall Semester', 'semester', '(2025-2026)', '2025-08-01', '2025-12-19'],
        ['Spring Semester', 'semester', '(2025-2026)', '2026-01-05', '2026-05-31'],
      ]),
    );
    // and, for PAS plans, a session of the school year under way (the default year may be over)
    const today = new Date().toISOString().slice(0, 10);
    expect(
      list
        .json()
        .data.some((s: { start_date: string; end_date: string }) => s.start_date <= today && today <= s.end_date),
    ).toBe(true);
    const templates = await call(t.app, 'POST', '/dashboard/academic-sessions/templates', { token, body: {} });
    expect(templates.json().data).toMatchObject([{ title: 'School Year', is_template: true, account_id: null }]);
  });

  it('has three products for the domain administrator', async () => {
    const token = await signIn(DEMO_USERS.domainAdmin.email);
    const list = await call(t.app, 'POST', '/dashboard/products/list', { token, body: {} });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual([
      'Aula Elementary Science',
      'Aula High School Chemistry',
      'Aula Middle School Science',
    ]);
  });

  it('lets the demo teacher reach the students of their classes', async () => {
    const token = await signIn(DEMO_USERS.teacher.email);
    const res = await call(t.app, 'POST', '/dashboard/students/my', { token, body: { withRelations: true } });
    expect(res.json().meta.total).toBe(5);
  });
});
