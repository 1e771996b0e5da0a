import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';

// Issue 14, items 2 to 5: what a content builder meets in the first hour. Creating an activity (provider staff pick
// its domain), autosave (an added screen is there on the next visit, nothing asks when leaving), Publish on the
// builder (teachers then find it), and the activity table fitting a 1366 px wide screen.

const { dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const RUN = Date.now().toString(36);

async function openBuilder(page: Page, title: string, opts: { domain?: boolean } = {}): Promise<number> {
  await page.goto('/activity-builder');
  await expectHeading(page, 'Activity builder');
  await page.getByRole('button', { name: 'Create activity' }).click();
  const create = page.getByRole('dialog', { name: 'Create activity' });
  await create.getByLabel('Title').fill(title);
  if (opts.domain) {
    // provider staff: the domain field is there, with the only domain already chosen
    await expect.poll(() => create.getByLabel('Domain').count(), POLL).toBe(1);
    await create.getByText('Aula Demo', { exact: true }).waitFor();
  } else {
    expect(await create.getByLabel('Domain').count()).toBe(0);
  }
  // the kind, from this combobox's own list (another select's list may still be closing)
  const kind = create.getByLabel('Kind');
  await kind.click();
  const list = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${await kind.getAttribute('aria-controls')}"]`) });
  await list.getByTitle('Assessment', { exact: true }).click();
  // a click that lands while the list is still opening (a busy machine) leaves it open: click the option again
  await expect
    .poll(
      async () => {
        if (!(await list.isVisible())) return true;
        await list
          .getByTitle('Assessment', { exact: true })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        return false;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
  await create.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/activity-builder\/\d+$/);
  await create.waitFor({ state: 'hidden' });
  await expectHeading(page, title);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const screenButtons = (page: Page): Locator => page.getByRole('button', { name: /^Screen \d+( |$)/ });
const saveState = (page: Page): Locator => page.getByRole('status').filter({ hasText: /saved|Saving|title/i });

describe('the builder in the first hour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('provider staff pick the domain when they create an activity', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      const title = `Provider activity ${RUN}`;
      await openBuilder(page, title, { domain: true });
      await expect.poll(() => saveState(page).textContent(), POLL).toBe('All changes saved');

      // and they import an export into that domain too (the only one they may use is taken for them)
      await page.getByRole('link', { name: 'All activities' }).click();
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(title);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: title }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        (async () => {
          await page.getByRole('button', { name: `Actions for ${title}` }).click();
          await page.getByRole('menuitem', { name: 'Export' }).click();
        })(),
      ]);
      const imported = page.waitForResponse((r) => r.url().endsWith('/dashboard/activities/import'));
      await page.locator('input[type=file][accept*="json"]').setInputFiles({
        name: 'activity.json',
        mimeType: 'application/json',
        buffer: await readFile(await download.path()),
      });
      expect((await imported).status()).toBe(200);
      await expect.poll(() => page.getByRole('link', { name: title }).count(), POLL).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('autosaves: a screen added just before leaving is there on the next visit, and nothing asks', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      const id = await openBuilder(page, `Autosave ${RUN}`);
      await page.getByRole('button', { name: 'Add screen' }).click();
      await screenButtons(page).first().waitFor();
      // leave at once, before the autosave's pause is over: the builder saves, then goes
      await page.getByRole('link', { name: 'All activities' }).click();
      await expectPath(page, '/activity-builder');
      expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);

      await page.goto(`/activity-builder/${id}`);
      await expect.poll(() => screenButtons(page).count(), POLL).toBe(1);
      await expect.poll(() => saveState(page).textContent(), POLL).toBe('All changes saved');
      expect(await page.getByText('(unsaved changes)').count()).toBe(0);

      // a second screen and a new title, saved on their own: a reload shows both
      await page.getByRole('button', { name: 'Add screen' }).click();
      await page.locator('#builder-title').fill(`Autosave renamed ${RUN}`);
      await expect.poll(() => saveState(page).textContent(), POLL).toBe('All changes saved');
      await page.reload();
      await expectHeading(page, `Autosave renamed ${RUN}`);
      await expect.poll(() => screenButtons(page).count(), POLL).toBe(2);
      expect(await page.getByText('(unsaved changes)').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a save that fails says so, offers Try again, and leaving then asks', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      const id = await openBuilder(page, `Failing save ${RUN}`);
      const activityPut = new RegExp(`/dashboard/activities/${id}$`);
      await page.route(activityPut, (route) =>
        route.request().method() === 'PUT' ? route.abort('connectionfailed') : route.fallback(),
      );
      await page.locator('#builder-title').fill(`Not saved ${RUN}`);
      await expect.poll(() => saveState(page).textContent(), POLL).toBe('Changes not saved');
      await page.getByRole('link', { name: 'All activities' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.getByRole('button', { name: 'Stay' }).click();
      expect(new URL(page.url()).pathname).toBe(`/activity-builder/${id}`);

      await page.unroute(activityPut);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => saveState(page).textContent(), POLL).toBe('All changes saved');
      await page.getByRole('link', { name: 'All activities' }).click();
      await expectPath(page, '/activity-builder');
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(`Not saved ${RUN}`);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: `Not saved ${RUN}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Publish on the builder makes a draft what teachers see, and the header and list say so', async () => {
    const title = `Publish me ${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await openBuilder(page, title);
      // the state beside the title, and what Publish does
      await page.getByText('Draft', { exact: true }).waitFor();
      await page.getByText('Publish it so that teachers can see and assign it.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Add screen' }).click();
      await screenButtons(page).first().waitFor();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Publish this activity?' })
        .getByRole('button', { name: 'Publish' })
        .click();
      // an empty screen is a problem the server names: publish anyway
      const force = page.getByRole('dialog', { name: 'Publish anyway?' });
      const published = page.getByText('Published', { exact: true });
      await Promise.race([published.waitFor(), force.waitFor()]);
      if (await force.isVisible()) await force.getByRole('button', { name: 'Publish anyway' }).click();
      await published.waitFor();
      await page.getByRole('button', { name: 'Publish changes' }).waitFor();

      await page.getByRole('link', { name: 'All activities' }).click();
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(title);
      await page.keyboard.press('Enter');
      const row = page.locator('.ant-table-row').filter({ hasText: title });
      await row.getByText('Published', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
    // the teacher finds it among the activities
    const teacher = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(teacher.page);
      await teacher.page.goto('/activities');
      await teacher.page.getByRole('searchbox', { name: 'Search activities' }).fill(title);
      await teacher.page.keyboard.press('Enter');
      await teacher.page.getByRole('link', { name: title, exact: true }).waitFor();
    } finally {
      await teacher.context.close();
    }
  });

  it('the activity table shows every column, Updated and Actions too, at 1366 x 900', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await page.goto('/activity-builder');
      await page.locator('.ant-table-row').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      // the table settles its column widths after the rows arrive (once, on a busy machine a little later)
      await expect
        .poll(
          async () => (await page.getByRole('columnheader', { name: 'Actions', exact: true }).boundingBox())?.x,
          POLL,
        )
        .toBeLessThan(width);
      for (const name of ['Title', 'Status', 'Updated', 'Actions']) {
        const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x, name).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
      }
      // every row's actions are on screen and reachable (nothing scrolled away inside the table)
      const actions = await page.locator('.ant-table-row td:last-child').evaluateAll((cells) =>
        cells.map((c) => {
          const r = c.getBoundingClientRect();
          return { right: r.right, left: r.left };
        }),
      );
      for (const a of actions) expect(a.right).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await context.close();
    }
  });
});
