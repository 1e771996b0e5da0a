import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { makeActivity } from '../support/activity-fixtures';
import { launchBrowser, openPage } from '../support/browser';

const { apiUrl, dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const NO_PERMISSION = 'You don’t have permission to access this page.';
const RUN = Date.now().toString(36);

async function signIn(page: Page, key: DemoUserKey) {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

describe('activity viewer journey', () => {
  let browser: Browser;
  let publishedId: number;
  let draftId: number;
  const published = `Viewer journey ${RUN} published`;
  const draft = `Viewer journey ${RUN} draft`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    publishedId = await makeActivity(apiUrl, admin, published, true);
    draftId = await makeActivity(apiUrl, admin, draft, false);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a teacher lists published activities only, opens one and previews it on phone, tablet and desktop', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'teacher');
      await page.goto('/activities');
      await expectHeading(page, 'Activities');
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(`Viewer journey ${RUN}`);
      await page.getByRole('searchbox', { name: 'Search activities' }).press('Enter');
      await page.getByRole('link', { name: published, exact: true }).waitFor();
      // the draft of the same search is not listed; every row is published
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(1);
      expect(await page.getByText(draft).count()).toBe(0);
      await page.locator('.ant-table-row').getByText('Published', { exact: true }).waitFor();
      // no builder actions for a viewer
      for (const name of ['Create activity', 'Import', `Actions for ${published}`]) {
        expect(await page.getByRole('button', { name }).count(), name).toBe(0);
      }
      expect(await seriousViolations(page)).toEqual([]);

      // the details page, by keyboard from the row's link
      await page.getByRole('link', { name: published, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expectPath(page, `/activity/view/${publishedId}`);
      await expectHeading(page, published);
      await page.getByText('NGSS', { exact: true }).waitFor();
      await page.getByText('Published', { exact: true }).waitFor();
      const favourite = page.getByRole('button', { name: 'Favourite' });
      expect(await favourite.getAttribute('aria-pressed')).toBe('false');
      await favourite.click();
      await expect.poll(() => favourite.getAttribute('aria-pressed'), POLL).toBe('true');
      expect(await page.getByRole('link', { name: 'Open in the builder' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // the full-page preview of the published version, on each device
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expectPath(page, `/activity/preview/${publishedId}`);
      await expectHeading(page, `Preview: ${published}`);
      for (const device of ['Phone', 'Tablet', 'Desktop']) {
        await page.locator('.ant-segmented').getByText(device, { exact: true }).click();
        const frame = page.getByRole('region', { name: `${device} preview` });
        await frame.waitFor();
        await frame.getByText(`${published}: screen 1`).waitFor({ state: 'visible' });
        expect(await seriousViolations(page), device).toEqual([]);
      }
      await page.getByRole('button', { name: 'Next screen' }).click();
      await page.getByRole('region', { name: 'Desktop preview' }).getByText(`${published}: screen 2`).waitFor();

      // drafts stay out of reach, and the builder is not a teacher's
      await page.goto(`/activity/view/${draftId}`);
      await expectHeading(page, 'Oops, page not found!');
      await page.goto(`/activity/preview/${draftId}`);
      await expectHeading(page, 'Oops, page not found!');
      await page.goto(`/activity-builder/${publishedId}`);
      await expectPath(page, '/no-permissions');
      await expectHeading(page, NO_PERMISSION);
      await page.goto('/activity/preview');
      await expectPath(page, '/activities');
    } finally {
      await context.close();
    }
  });

  it("a district admin sees the view-only list of their account's activities", async () => {
    const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.districtAdmin.email, DEMO_PASSWORD);
    const my = await fetch(`${apiUrl}/dashboard/my`, { headers: { Authorization: `Bearer ${token}` } });
    const accountId = ((await my.json()) as { data: { user: { account_id: number } } }).data.user.account_id;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'districtAdmin');
      await page.goto(`/accounts/${accountId}/activities`);
      await expectHeading(page, 'Activities of this account');
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(`Viewer journey ${RUN}`);
      await page.getByRole('searchbox', { name: 'Search activities' }).press('Enter');
      await page.getByRole('link', { name: published, exact: true }).waitFor();
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(1);
      expect(await page.getByText(draft).count()).toBe(0);
      // view-only: no folder tree, no authoring
      expect(await page.getByText('Folders', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create activity' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: `Preview ${published}` }).click();
      await expectPath(page, `/activity/preview/${publishedId}`);
      await page.getByRole('region', { name: 'Desktop preview' }).getByText(`${published}: screen 1`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a builder opening the viewer pages sees the draft as it is now', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'domainAdmin');
      await page.goto(`/activity/view/${draftId}`);
      await expectHeading(page, draft);
      await page.getByText('Draft', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Open in the builder' }).waitFor();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expectPath(page, `/activity/preview/${draftId}`);
      await page.getByRole('region', { name: 'Desktop preview' }).getByText(`${draft}: screen 1`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
