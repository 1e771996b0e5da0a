import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

// Issue 15 item 3, organizations (schools): a district administrator creates a school, finds it in the list and
// opens it; a school administrator lands on their school with its real classes and summary.

const { dashboardUrl, databaseUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const RUN = Date.now().toString(36);
const SHOTS = new URL('../artifacts/organizations/', import.meta.url).pathname;

async function signIn(page: Page, key: DemoUserKey) {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const statCard = (page: Page, key: string) => page.getByTestId(`summary-${key}`).locator('.ant-statistic-content');

describe('organizations journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a district administrator creates a school, sees it in the list and opens it', async () => {
    const name = `Lakeside Academy ${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'districtAdmin');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Organizations' })
        .click();
      await expectPath(page, '/organizations');
      await expectHeading(page, 'Organizations');
      await page.locator('.ant-table-row', { hasText: 'Riverside North Middle School' }).waitFor();
      await page.locator('.ant-table-row', { hasText: 'Riverside South Elementary' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'district-list');

      await page.getByRole('button', { name: 'Create organization' }).click();
      await expectPath(page, '/organization/create');
      await expectHeading(page, 'New organization');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Please enter name').waitFor();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Address line 1', { exact: true }).fill('300 Lake Road');
      await page.getByLabel('City', { exact: true }).fill('Riverside');
      await page.getByLabel('State', { exact: true }).fill('CA');
      await page.getByLabel('Website', { exact: true }).fill('lakeside');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Please enter a valid website').waitFor();
      // the message fades in: checked once it has settled
      await expect.poll(() => seriousViolations(page), POLL).toEqual([]);
      await shot(page, 'create-form');
      await page.getByLabel('Website', { exact: true }).fill('https://lakeside.example.org');
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      await page.getByText('The organization has been saved.').waitFor();
      await expectHeading(page, name);
      const [made] = await query<{ id: number; city: string; account_id: number }>(
        'select id, city, account_id from organizations where name = $1',
        [name],
      );
      expect(made).toMatchObject({ city: 'Riverside' });
      await expectPath(page, `/organizations/${made!.id}`);
      await page.getByText('300 Lake Road').waitFor();
      // a new school: no classes, no assignments
      await expect.poll(() => statCard(page, 'classes').textContent(), POLL).toBe('0');
      expect(await statCard(page, 'assignments').textContent()).toBe('0');
      await page.getByRole('tab', { name: 'Classes' }).waitFor();
      await page.getByText('No classes').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the list finds it by search and opens it
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Organizations' })
        .click();
      await page.getByRole('searchbox', { name: 'Search organizations' }).fill(RUN);
      await page.getByRole('searchbox', { name: 'Search organizations' }).press('Enter');
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(1);
      await page.locator('.ant-table-row').getByRole('link', { name }).click();
      await expectPath(page, `/organizations/${made!.id}`);
      await expectHeading(page, name);

      // and edits it
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expectPath(page, `/organization/${made!.id}`);
      await expectHeading(page, 'Edit organization');
      await page.getByLabel('Phone', { exact: true }).fill('+1 951 555 0300');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/organizations/${made!.id}`);
      await page.getByText('+1 951 555 0300').waitFor();
    } finally {
      await context.close();
    }
  });

  it('provider staff filter the list by district and create a school in the district they pick', async () => {
    const name = `Harbor School ${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'superAdmin');
      await page.goto('/organizations');
      await expectHeading(page, 'Organizations');
      await page.locator('.ant-table-row').first().waitFor();
      // checked before the district picker opens: AntD then leaves an unnamed hidden listbox in the page
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('combobox', { name: 'District' }).click();
      await page.locator('.ant-select-item-option', { hasText: 'Riverside Unified School District' }).click();
      await page.locator('.ant-table-row', { hasText: 'Riverside South Elementary' }).waitFor();

      await page.getByRole('button', { name: 'Create organization' }).click();
      await expectHeading(page, 'New organization');
      // the district chosen on the list is preselected
      await page.locator('form').getByText('Riverside Unified School District').waitFor();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectHeading(page, name);
      const [made] = await query<{ district: string }>(
        'select a.name as district from organizations o join accounts a on a.id = o.account_id where o.name = $1',
        [name],
      );
      expect(made).toEqual({ district: 'Riverside Unified School District' });
    } finally {
      await context.close();
    }
  });

  it('a school administrator lands on their school with its real classes and summary', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'schoolAdmin');
      const [school] = await query<{ id: number; classes: number }>(
        `select o.id, (select count(*)::int from classes c where c.organization_id = o.id and c.deleted_at is null) as classes
           from organizations o where o.name = 'Riverside North Middle School'`,
        [],
      );
      await expectPath(page, `/organizations/${school!.id}`);
      await expectHeading(page, 'Riverside North Middle School');
      await page.getByText('100 North Ave').waitFor();
      expect(school!.classes).toBeGreaterThan(0);
      await expect.poll(() => statCard(page, 'classes').textContent(), POLL).toBe(String(school!.classes));
      const [assignments] = await query<{ n: number }>(
        `select count(*)::int as n from assignments a
          where a.deleted_at is null and (a.organization_id = $1
             or exists (select 1 from assignment_members m where m.assignment_id = a.id and (
                  (m.member_type = 'class' and m.member_id in (select id from classes where organization_id = $1))
               or (m.member_type = 'group' and m.member_id in (select id from groups where organization_id = $1)))))`,
        [school!.id],
      );
      expect(await statCard(page, 'assignments').textContent()).toBe(String(assignments!.n));
      // the classes tab lists the school's classes
      await page.locator('.ant-table-row', { hasText: 'Grade 7 Science' }).first().waitFor();
      // one h1 (the school); the embedded list keeps its title one level down
      expect(await page.locator('h1').allTextContents()).toEqual(['Riverside North Middle School']);
      expect(await page.getByRole('heading', { level: 2, name: 'Classes of the school' }).count()).toBe(1);
      // a school administrator may not edit the school
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'school-admin-home');

      await page.getByRole('tab', { name: 'Teachers' }).click();
      await page.locator('.ant-table-row').first().waitFor();
      await page.getByRole('tab', { name: 'Students' }).click();
      await page.locator('.ant-table-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the create form is not theirs
      await page.goto('/organization/create');
      await page.getByText('You don’t have permission to access this page.').waitFor();
    } finally {
      await context.close();
    }
  });
});
