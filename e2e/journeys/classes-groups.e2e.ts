import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { chooseMany, signInDashboard } from '../support/dashboard-steps';

// The demo teacher opens a class summary, makes a group of two of that class's students, finds it in the list,
// deletes it and restores it through edit (issue 5, classes and groups).

const { apiUrl, dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const RUN = Date.now().toString(36);

/** The group's row as the API sees it, for the teacher. */
async function groupRow(token: string, name: string) {
  const res = await fetch(`${apiUrl}/dashboard/groups/list`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ search: name, status: 'all' }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { name: string; deleted: boolean; students_count: number }[] };
  return data.find((g) => g.name === name);
}

describe('classes and groups journey', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the teacher opens a class summary, makes a group of two of its students, deletes it and restores it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    const name = `Journey team ${RUN}`;
    const row = () => page.locator('.ant-table-row').filter({ hasText: name });
    try {
      await signInDashboard(page);

      // the class list and the class summary
      await page.goto('/classes');
      await expectHeading(page, 'Classes');
      await page.getByRole('link', { name: 'Grade 7 Science - 2', exact: true }).click();
      await expectHeading(page, 'Grade 7 Science - 2');
      expect(new URL(page.url()).pathname).toMatch(/^\/classes\/\d+$/);
      const summary = page.locator('.ant-card');
      await summary.filter({ hasText: 'Primary teacher' }).getByText('Tara Teacher').waitFor();
      await summary.filter({ hasText: 'Lab groups' }).getByText('2', { exact: true }).waitFor();
      await summary.filter({ hasText: 'Students assigned' }).waitFor();
      for (const student of ['Ava Nguyen', 'Liam Garcia', 'Mia Kowalenko', 'Noah Smith'])
        await page.getByRole('cell', { name: student, exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the class's groups, and a new group of two of its students
      await page
        .getByRole('navigation', { name: 'Class pages' })
        .getByRole('link', { name: 'Groups', exact: true })
        .click();
      await expectHeading(page, 'Groups of the class');
      await page.getByRole('button', { name: 'Create group' }).click();
      await expectPath(page, '/groups/create');
      await expectHeading(page, 'Create group');
      // opened from the class, the class is chosen already
      await page.locator('.ant-select-selection-item', { hasText: 'Grade 7 Science - 2' }).waitFor();
      await page.getByLabel('Name').fill(name);
      await chooseMany(page, page.getByLabel('Add learners'), ['Ava Nguyen', 'Liam Garcia']);
      await page.getByRole('button', { name: 'Create group' }).click();
      await expectPath(page, '/groups');
      await page.getByText(`Group ${name} created.`).waitFor();
      await row().waitFor();
      await expect.poll(() => row().locator('td').nth(1).textContent(), POLL).toBe('2');
      expect(await row().getByText('Empty', { exact: true }).count()).toBe(0);
      await expect.poll(async () => (await groupRow(token, name))?.students_count, POLL).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);

      // delete it: it leaves the active list, and shows among the deleted ones
      await row()
        .getByRole('button', { name: `Delete ${name}` })
        .click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`Group ${name} deleted.`).waitFor();
      await expect.poll(() => row().count(), POLL).toBe(0);
      await expect.poll(async () => (await groupRow(token, name))?.deleted, POLL).toBe(true);
      await page.getByRole('radiogroup', { name: 'Show' }).getByText('Deleted', { exact: true }).click();
      await row().getByText('Deleted', { exact: true }).waitFor();
      // a deleted group cannot be deleted again: no Delete button on its row
      expect(
        await row()
          .getByRole('button', { name: `Delete ${name}` })
          .count(),
      ).toBe(0);

      // restore it through edit
      await row()
        .getByRole('link', { name: `Edit ${name}` })
        .click();
      await expectHeading(page, 'Edit group');
      await page.getByText(/This group was deleted on .*\. Restore it to use and change it again\./).waitFor();
      expect(await page.getByLabel('Name').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(`Group ${name} restored.`).waitFor();
      await expect.poll(() => page.getByLabel('Name').isDisabled(), POLL).toBe(false);
      await expect.poll(async () => (await groupRow(token, name))?.deleted, POLL).toBe(false);

      await page.goto('/groups');
      await expectHeading(page, 'Groups');
      await row().getByRole('link', { name, exact: true }).waitFor();
      await row().getByRole('link', { name, exact: true }).click();
      await expectHeading(page, name);
      for (const student of ['Ava Nguyen', 'Liam Garcia']) await page.getByRole('cell', { name: student }).waitFor();
    } finally {
      await context.close();
    }
  });
});
