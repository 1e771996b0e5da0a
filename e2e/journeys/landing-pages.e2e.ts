import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

// Issue 15 item 1, the landing pages: the district administrator lands on their account page with the demo
// district's real totals (counted here in the database), provider staff see the staff summary on home, and the
// teacher sees their classes and the assignments due on home.

const { apiUrl, dashboardUrl, databaseUrl } = platformUrls();
const SHOTS = 'artifacts/landing';

async function signIn(page: Page, key: DemoUserKey): Promise<string> {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  const response = await submitSignIn(page, 'dashboard');
  expect(response.status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function count(text: string, values: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from ${text}`, values);
  return row!.n;
}

/** The text of one figure card (a group named by its title). */
async function figure(page: Page, title: string): Promise<string> {
  const card = page.getByRole('group', { name: title, exact: true });
  await card.waitFor();
  return (await card.innerText()).replace(/\s+/g, ' ').trim();
}

describe('landing pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands the district administrator on their account page with the real totals of the demo district', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'districtAdmin');
      const [account] = await query<{ id: number; name: string }>(
        `select a.id, a.name from accounts a join users u on u.account_id = a.id where lower(u.email) = $1`,
        [DEMO_USERS.districtAdmin.email],
      );
      const id = account!.id;
      await expectPath(page, `/accounts/${id}`);
      await expectHeading(page, account!.name);
      await expect.poll(() => page.getByTestId('account-type').innerText()).toBe('District');

      const liveOrgs = `select id from organizations where account_id = $1 and deleted_at is null`;
      const expected = {
        Schools: await count(`organizations where account_id = $1 and deleted_at is null`, [id]),
        Classes: await count(
          `classes where account_id = $1 and deleted_at is null and organization_id in (${liveOrgs})`,
          [id],
        ),
        Courses: await count(
          `courses where account_id = $1 and deleted_at is null and (organization_id is null or organization_id in (${liveOrgs}))`,
          [id],
        ),
        Students: await count(`users where account_id = $1 and deleted_at is null and role = 'student'`, [id]),
        Teachers: await count(`users where account_id = $1 and deleted_at is null and role = 'teacher'`, [id]),
      };
      // the demo district has schools, classes, students and teachers, so a zero would be a wrong count
      expect(expected.Schools).toBeGreaterThan(0);
      expect(expected.Classes).toBeGreaterThan(0);
      expect(expected.Students).toBeGreaterThan(0);
      for (const [title, n] of Object.entries(expected)) {
        expect(await figure(page, title), title).toBe(`${title} ${n}`);
      }
      // rostering: the district's imports, counted from the queue; licences are not built: not set up, never a number
      const imports = await count(`roster_queue where account_id = $1`, [id]);
      expect(await figure(page, 'Rostering')).toBe(`Rostering ${imports}`);
      expect(await figure(page, 'Licences')).toBe('Licences Not set up');
      const checklist = page.getByRole('list', { name: 'Setup' });
      await expect.poll(() => checklist.getByRole('listitem').count()).toBe(4);
      for (const flag of ['license_assigned', 'license_created']) {
        expect(await checklist.locator(`[data-flag="${flag}"]`).innerText()).toMatch(/Not set up$/);
      }

      const areas = page.getByRole('navigation', { name: 'Manage this account' });
      expect(await areas.getByRole('link').allTextContents()).toEqual([
        'Schools',
        'Teachers',
        'Students',
        'Classes',
        'Groups',
        'Administrators',
        'Assignments',
        'Academic sessions',
        'Settings',
        'Options',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/account-page.png`, fullPage: true });

      await areas.getByRole('link', { name: 'Academic sessions' }).click();
      await expectPath(page, `/accounts/${id}/academic-sessions`);

      // another district's page is not found for them (the API answers 404)
      const [other] = await query<{ id: number }>(`select id from accounts where id <> $1 order by id limit 1`, [id]);
      if (other) {
        await page.goto(`/accounts/${other.id}`);
        await expectHeading(page, 'Oops, page not found!');
      }
    } finally {
      await context.close();
    }
  });

  it('shows provider staff the staff summary on home', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'superAdmin');
      await expectPath(page, '/');
      await expectHeading(page, 'Staff summary');
      const acc = `select id from accounts where deleted_at is null`;
      const demo = `${acc} and is_demo`;
      const people = (role: string, accounts: string) =>
        count(`users where deleted_at is null and role = '${role}' and account_id in (${accounts})`);
      const expected = {
        Accounts: [
          await count(`accounts where deleted_at is null`),
          await count(`accounts where deleted_at is null and is_demo`),
        ],
        Organizations: [
          await count(`organizations where deleted_at is null and account_id in (${acc})`),
          await count(`organizations where deleted_at is null and account_id in (${demo})`),
        ],
        Teachers: [await people('teacher', acc), await people('teacher', demo)],
        Students: [await people('student', acc), await people('student', demo)],
      };
      expect(expected.Students[1]).toBeGreaterThan(0);
      for (const [title, [total, demoCount]] of Object.entries(expected)) {
        expect(await figure(page, title), title).toBe(`${title} ${total} Demo: ${demoCount}`);
      }
      const empty = await count(
        `accounts a where a.deleted_at is null
           and not exists (select 1 from organizations o where o.account_id = a.id and o.deleted_at is null)
           and not exists (select 1 from users u where u.account_id = a.id and u.deleted_at is null
                             and u.role in ('teacher', 'student'))`,
      );
      await expectHeading(page, `Empty accounts: ${empty}`);
      expect(await figure(page, 'Expired')).toBe('Expired Not set up');
      expect(await figure(page, 'Expire soon')).toBe('Expire soon Not set up');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/staff-home.png`, fullPage: true });

      // the administration pages outside the main navigation are linked from here, and open
      const admin = page.getByRole('navigation', { name: 'Administration' });
      expect(await admin.getByRole('link').allTextContents()).toEqual([
        'Accounts',
        'Organizations',
        'Staff',
        'Users',
        'Roles',
        'Domains',
        'Technology settings',
        'Status',
        'Workers',
      ]);
      await admin.getByRole('link', { name: 'Roles' }).click();
      await expectPath(page, '/roles');
      await expectHeading(page, 'Roles');
      await page.goBack();
      await expectHeading(page, 'Staff summary');

      // the Dashboard menu item shows the same summary
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
      await expectPath(page, '/summary');
      await expectHeading(page, 'Dashboard');
      await expectHeading(page, 'Staff summary');
    } finally {
      await context.close();
    }
  });

  it('shows the teacher their classes and the assignments due on home', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'teacher');
      await expectPath(page, '/');
      await expectHeading(page, /^Welcome, /);
      const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
      const post = async (url: string, body: unknown) => {
        const res = await fetch(`${apiUrl}${url}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { data: { id: number; name: string }[]; meta: { total: number } };
      };
      const taught = await count(
        `classes c where c.deleted_at is null and exists (select 1 from class_users cu join users u on u.id = cu.user_id
           where cu.class_id = c.id and cu.user_type = 'teacher' and lower(u.email) = $1)`,
        [DEMO_USERS.teacher.email],
      );
      const classes = await post('/dashboard/classes/my', { page: 1, per_page: 20 });
      expect(classes.meta.total).toBe(taught);
      expect(taught).toBeGreaterThan(0);

      const classTable = page.getByRole('region', { name: 'Your classes' }).getByRole('table');
      await expect.poll(() => classTable.locator('tbody tr.ant-table-row').count()).toBe(Math.min(taught, 20));
      const classLinks = classTable.getByRole('link');
      expect(await classLinks.allTextContents()).toEqual(classes.data.map((c) => c.name));

      const due = await post('/dashboard/assignments/list', { page: 1, per_page: 5, phase: 'current', sort: 'due_at' });
      // the demo seeds open assignments for the teacher's Grade 7 Science
      expect(due.data.length).toBeGreaterThan(0);
      const dueTable = page.getByRole('region', { name: 'Assignments due soon' }).getByRole('table');
      await expect.poll(() => dueTable.getByRole('link').allTextContents()).toEqual(due.data.map((a) => a.name));
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/teacher-home.png`, fullPage: true });

      await dueTable.getByRole('link', { name: due.data[0]!.name }).click();
      await expectPath(page, `/assignment/view/${due.data[0]!.id}`);
      await page.goBack();
      await classTable.getByRole('link', { name: classes.data[0]!.name }).click();
      await expectPath(page, `/classes/${classes.data[0]!.id}`);
    } finally {
      await context.close();
    }
  });
});
