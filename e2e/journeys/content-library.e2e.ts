import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { makeActivity } from '../support/activity-fixtures';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath } from '../support/app-pages';
import { fillDueDate, nextStep as next, stepHeading } from '../support/assign-steps';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';

// Issue 14, item 1: the menu's Content section opens the content areas each role may use. A teacher finds an
// activity in the library from there, previews it and starts assigning it; a builder also gets the builder and its
// folders. (The journey stops at the confirmation step: the assignments journey creates one end to end.)

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const CLASS = 'Grade 7 Science - 2';
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const areaCards = (page: Page) =>
  page.getByRole('list', { name: 'Content areas' }).getByRole('heading', { level: 2 }).allTextContents();

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search activities' });
  await box.fill(text);
  await box.press('Enter');
}

describe('content journey', () => {
  let browser: Browser;
  let publishedId: number;
  let draftId: number;
  const published = `Content journey ${RUN} published`;
  const draft = `Content journey ${RUN} draft`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    publishedId = await makeActivity(apiUrl, admin, published, true);
    draftId = await makeActivity(apiUrl, admin, draft, false);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a teacher opens Content from the menu, finds an activity, previews it and starts assigning it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await mainNavigation(page).getByRole('link', { name: 'Content' }).click();
      await expectPath(page, '/content');
      await expectHeading(page, 'Content');
      // a teacher has view of activities and simulations (001 section 6): the library, not the builder
      expect(await areaCards(page)).toEqual(['Activities', 'Simulations']);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Activities', exact: true }).click();
      await expectPath(page, '/activities');
      await expectHeading(page, 'Activities');
      expect(await mainNavigation(page).getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBe(
        'page',
      );
      await search(page, `Content journey ${RUN}`);
      await page.getByRole('link', { name: published, exact: true }).waitFor();
      // published only: the draft of the same search is not the teacher's
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      expect(await page.getByText(draft).count()).toBe(0);
      await page.getByRole('link', { name: `Assign ${published}` }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: `Preview ${published}` }).click();
      await expectPath(page, `/activity/preview/${publishedId}`);
      await expectHeading(page, `Preview: ${published}`);
      await page.getByRole('region', { name: 'Desktop preview' }).getByText(`${published}: screen 1`).waitFor();

      // Assign from the preview: the flow starts with the activity chosen and named after it
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      await expectPath(page, '/assign');
      expect(new URL(page.url()).searchParams.get('activity')).toBe(String(publishedId));
      await expectHeading(page, 'New assignment');
      await page.getByText(`Activity chosen from the library: ${published}.`).waitFor();
      expect(await page.getByLabel('Assignment name').inputValue()).toBe(published);
      expect(await seriousViolations(page)).toEqual([]);
      await next(page);

      await stepHeading(page, 'Assign to');
      await page.getByRole('checkbox', { name: new RegExp(CLASS) }).check();
      await next(page);

      await stepHeading(page, 'Activities');
      await page.getByText('Selected: 1').waitFor();
      await page.locator('.ant-tag').getByText(published, { exact: true }).waitFor();
      // Enter in the search looks the activity up and stays on the step, where it is ticked
      const activitySearch = page.getByRole('searchbox', { name: 'Search activities' });
      await activitySearch.fill(published);
      await activitySearch.press('Enter');
      const box = page.getByRole('checkbox', { name: new RegExp(published) });
      await expect.poll(() => box.isChecked()).toBe(true);
      await stepHeading(page, 'Activities');
      await next(page);

      const due = new Date(Date.now() + 10 * 86_400_000);
      due.setUTCHours(15, 30, 0, 0);
      await fillDueDate(page, due);
      await next(page);

      await stepHeading(page, 'Confirmation');
      const summary = page.locator('.ant-descriptions');
      await summary.getByText(CLASS).waitFor();
      expect(await summary.getByText(published, { exact: true }).count()).toBe(2);
      await page.getByRole('button', { name: 'Assign', exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // a link naming an activity the teacher may not see (a draft) chooses nothing and says so
      await page.goto(`/assign?activity=${draftId}`);
      await expectHeading(page, 'New assignment');
      await page.getByText('The activity in this link was not found, so none is chosen yet.').waitFor();
      expect(await page.getByLabel('Assignment name').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('a domain admin gets the library, the builder and its folders; drafts stay in the builder', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await mainNavigation(page).getByRole('link', { name: 'Content' }).click();
      await expectHeading(page, 'Content');
      expect(await areaCards(page)).toEqual(['Activities', 'Activity builder', 'Folders', 'Simulations', 'Sensors']);
      expect(await seriousViolations(page)).toEqual([]);

      // the library is what teachers see: published only, with Preview and Assign, no authoring
      await page.getByRole('link', { name: 'Activities', exact: true }).click();
      await expectHeading(page, 'Activities');
      await search(page, `Content journey ${RUN}`);
      await page.getByRole('link', { name: `Assign ${published}` }).waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Create activity' }).count()).toBe(0);

      await page.goBack();
      await page.getByRole('link', { name: 'Activity builder', exact: true }).click();
      await expectPath(page, '/activity-builder');
      await expectHeading(page, 'Activity builder');
      await search(page, `Content journey ${RUN}`);
      await page.getByRole('link', { name: draft, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Create activity' }).waitFor();
      expect(await mainNavigation(page).getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBe(
        'page',
      );
    } finally {
      await context.close();
    }
  });
});
