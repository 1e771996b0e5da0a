import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { pick, signInDashboard } from '../support/dashboard-steps';

// Issue 15, /simulations: the content team adds a PhET simulation to the domain's library; a teacher finds it on the
// Simulations page, filters by provider and previews it in its titled frame.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const TITLE = `Gravity lab ${RUN}`;
const URL_ = 'https://phet.colorado.edu/sims/html/gravity-force-lab/latest/gravity-force-lab_en.html';

describe('simulations journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    const res = await fetch(`${apiUrl}/dashboard/media`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'phet', title: TITLE, location: URL_ }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a teacher finds a simulation, filters by provider and previews it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await page.goto('/simulations');
      await expectHeading(page, 'Simulations');
      await page.getByRole('searchbox', { name: 'Search simulations by title or address' }).fill(RUN);
      await page.getByRole('searchbox', { name: 'Search simulations by title or address' }).press('Enter');
      const row = page.locator('.ant-table-row', { hasText: TITLE });
      await row.waitFor();
      await row.getByText('Not in a published activity yet').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await pick(page, 'Provider', 'Tuva');
      await page.getByText('No simulations match these filters.').waitFor();
      await pick(page, 'Provider', 'PhET');
      await row.waitFor();

      await row.getByRole('button', { name: `Preview: ${TITLE}` }).click();
      const frame = page.getByTitle(`PhET simulation: ${TITLE}`);
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toBe(URL_);
      // layout height (the modal's opening zoom scales what boundingBox reports for a moment)
      expect(await frame.evaluate((el) => (el as HTMLElement).offsetHeight)).toBeGreaterThanOrEqual(600);
      await page.screenshot({ path: 'artifacts/simulations/preview.png' });
      await page.keyboard.press('Escape');
      await frame.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
