import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { chooseMany, pick, signInDashboard } from '../support/dashboard-steps';

// Issue 15 item 8, in one sitting: the demo district's administrator signs in, lands on their account page with the
// district's real totals, creates a school and a teacher in it (the totals follow), and changes an account setting
// that stays saved. (The school administrator's landing and provider staff creating a district are in
// organizations.e2e.ts and accounts.e2e.ts.)

const { dashboardUrl, databaseUrl } = platformUrls();
const RUN = Date.now().toString(36);
const POLL = { timeout: 15_000 };
const PASSWORD = 'Teach#2026x';

async function count(text: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${text}`, values);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** The figure of one card on the account page (a group named by its title). */
async function figure(page: Page, title: string): Promise<number> {
  const card = page.getByRole('group', { name: title, exact: true });
  await card.waitFor();
  const text = (await card.innerText()).replace(/\s+/g, ' ').trim();
  return Number(text.replace(title, '').trim());
}

describe('a district administrator’s first day', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lands on the account page, creates a school and a teacher in it, and changes an account setting', async () => {
    const school = `Hillcrest Middle School ${RUN}`;
    const email = `hillcrest.teacher.${RUN}@demo.aula.test`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      await page.waitForURL((url) => /^\/accounts\/\d+$/.test(url.pathname));
      const accountId = Number(new URL(page.url()).pathname.split('/')[2]);
      const live = `account_id = $1 and deleted_at is null`;
      const schools = await count(`organizations where ${live}`, [accountId]);
      const teachers = await count(`users where ${live} and role = 'teacher'`, [accountId]);
      expect(schools).toBeGreaterThan(0);
      expect(await figure(page, 'Schools')).toBe(schools);
      expect(await figure(page, 'Teachers')).toBe(teachers);

      // a school, from the account's own list of schools
      await page
        .getByRole('navigation', { name: 'Manage this account' })
        .getByRole('link', { name: 'Schools' })
        .click();
      await expectPath(page, `/accounts/${accountId}/organizations`);
      await page.getByRole('button', { name: 'Create organization' }).click();
      await expectHeading(page, 'New organization');
      await page.getByLabel('Name', { exact: true }).fill(school);
      await page.getByLabel('City', { exact: true }).fill('Riverside');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('The organization has been saved.').waitFor();
      await expectHeading(page, school);
      await page.waitForURL((url) => /^\/organizations\/\d+$/.test(url.pathname));
      const schoolPath = new URL(page.url()).pathname;

      // a teacher in it
      await page.goto('/user/create');
      await expectHeading(page, 'New user');
      await pick(page, 'Role', 'Teacher');
      await chooseMany(page, page.getByLabel('Schools', { exact: true }), [school]);
      await page.getByLabel('First name', { exact: true }).fill('Hana');
      await page.getByLabel('Last name', { exact: true }).fill(`Hill${RUN}`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('The user has been created.').waitFor();

      // the school lists its new teacher
      await page.goto(schoolPath);
      await expectHeading(page, school);
      await page.getByRole('tab', { name: 'Teachers' }).click();
      await page.getByText(`Hill${RUN}`).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the account page counts both
      await page.goto(`/accounts/${accountId}`);
      await expect.poll(() => figure(page, 'Schools'), POLL).toBe(schools + 1);
      expect(await figure(page, 'Teachers')).toBe(teachers + 1);

      // an account setting, saved and still there after a reload
      await page
        .getByRole('navigation', { name: 'Manage this account' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await expectPath(page, `/accounts/${accountId}/settings`);
      await expectHeading(page, 'Account settings');
      const labGroups = () => page.getByRole('switch', { name: 'Lab groups' });
      const was = await labGroups().getAttribute('aria-checked');
      await labGroups().click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Account settings saved.').waitFor();
      await page.reload();
      await expectHeading(page, 'Account settings');
      await expect.poll(() => labGroups().getAttribute('aria-checked'), POLL).toBe(was === 'true' ? 'false' : 'true');
      // put it back for the journeys after this one
      await labGroups().click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Account settings saved.').waitFor();
    } finally {
      await context.close();
    }
  });
});
