import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';
import { fixturePath } from '../support/fixtures';

// Issue 16 item 11: a OneRoster zip (the real minimal data set of ../shared/fixtures/oneroster) is uploaded from the
// import history, reaches the review (the class it brings is listed as a create), is approved and applied (Done),
// and its class and student are then in the class and student lists. The upload and the approval need
// roster-management: by 002 section 6 a district administrator only views OneRoster, so the demo domain
// administrator imports for the demo district; the district administrator then sees the import in their history
// without the manager's buttons, and a school administrator gets the no-permission page.

const { dashboardUrl, databaseUrl } = platformUrls();
const LONG = { timeout: 45_000 };
const DISTRICT = 'Riverside Unified School District';
const ZIP = fixturePath('oneroster', 'Test_minimal_data_set.zip');

async function queueStatus(id: number): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string }>('select status from roster_queue where id = $1', [id]);
    return rows[0]?.status;
  } finally {
    await client.end();
  }
}

/** The item's status as its page shows it (the live status region). */
const statusOf = (page: Page) => page.getByRole('status', { name: 'Status' }).innerText();

describe('OneRoster rostering in the dashboard', () => {
  let browser: Browser;
  let queueId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an administrator uploads a OneRoster zip, reviews and approves it, and finds its class and student', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await page.goto('/one-roster-history');
      await expectHeading(page, 'OneRoster');
      expect(await seriousViolations(page)).toEqual([]);

      // Import roster: the district, the zip
      await page.getByRole('button', { name: 'Import roster' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a OneRoster file' });
      await dialog.getByRole('combobox', { name: 'Account' }).click();
      await dialog.getByRole('combobox', { name: 'Account' }).fill('Riverside Unified');
      await page.locator('.ant-select-dropdown:visible').getByTitle(DISTRICT).first().click();
      await dialog.locator('input[type=file]').setInputFiles(ZIP);
      await dialog.getByText('Chosen: Test_minimal_data_set.zip').waitFor();
      await dialog.getByRole('button', { name: 'Start import' }).click();
      await page.getByText('The import has started.').waitFor();

      // the new import heads page 1 of the history; its page follows it to the review
      const open = page.getByRole('button', { name: /^Open import \d+$/ }).first();
      await open.waitFor();
      queueId = Number((await open.getAttribute('aria-label'))!.replace('Open import ', ''));
      await open.click();
      await expectPath(page, `/one-roster-review/${queueId}`);
      await expectHeading(page, `Import ${queueId}`);
      await expect.poll(() => statusOf(page), LONG).toBe('Pending');

      // the review: the people it would create, searchable; the log summary beside it
      await page.getByRole('tab', { name: /^Classes \(\d+\)$/ }).waitFor();
      await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).click();
      const users = page.getByRole('tabpanel', { name: /^Users/ });
      await users.getByRole('searchbox', { name: 'Search by name or sourcedId' }).fill('Mary');
      await users.getByRole('searchbox', { name: 'Search by name or sourcedId' }).press('Enter');
      await users.getByText('Mary Jones', { exact: true }).waitFor();
      await users.getByText('usr-222-66778899', { exact: true }).waitFor();
      await users.getByText('Create', { exact: true }).first().waitFor();
      await page.getByRole('heading', { name: 'Log summary' }).waitFor();
      await page.screenshot({ path: 'artifacts/rostering/review.png', fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // approve: applied, Done
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('The import has been approved and is being applied.').waitFor();
      await page.screenshot({ path: 'artifacts/rostering/approved.png', fullPage: true });
      await expect.poll(() => statusOf(page), LONG).toBe('Done');
      expect(await queueStatus(queueId)).toBe('processed');
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      // the rostered student and class are in the lists
      await page.goto('/students');
      await page.getByRole('searchbox', { name: 'Search students' }).fill('Jones');
      await page.getByRole('searchbox', { name: 'Search students' }).press('Enter');
      await page.locator('.ant-table-row').getByText('Mary Jones').first().waitFor();
      await page.goto('/classes');
      await page.getByRole('searchbox', { name: 'Search classes' }).fill('Introduction to Physics');
      await page.getByRole('searchbox', { name: 'Search classes' }).press('Enter');
      await page.locator('.ant-table-row').getByText('Introduction to Physics').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it("the district administrator sees the import in the district's history, without the manager's buttons", async () => {
    expect(queueId).toBeGreaterThan(0);
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      // from the account page's setup checklist, beside "A rostering import has been processed" (now Done)
      await page.waitForURL((url) => /^\/accounts\/\d+$/.test(url.pathname));
      const processed = page.locator('li[data-flag="import_processed"]');
      await processed.getByText('Done', { exact: true }).waitFor();
      await processed.getByRole('link', { name: 'OneRoster imports' }).click();
      await expectPath(page, '/one-roster-history');
      await expectHeading(page, 'OneRoster');
      const row = page.locator('.ant-table-row', { has: page.getByRole('link', { name: `Import ${queueId}` }) });
      await row.getByText('Done', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Import roster' }).count()).toBe(0);
      await row.getByRole('link', { name: `Import ${queueId}` }).click();
      await expectHeading(page, `Import ${queueId}`);
      await page.getByRole('button', { name: 'Download zip' }).waitFor();
      for (const name of ['Approve', 'Reject', 'Confirm', 'Restart']) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it('a school administrator has no rostering: the page says so', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.schoolAdmin.email);
      await page.goto('/one-roster-history');
      await page.getByText('You don’t have permission to access this page.').waitFor();
    } finally {
      await context.close();
    }
  });
});
