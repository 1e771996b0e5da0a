import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';

// Issue 15, the header search: a district administrator finds a demo student by name from the header, by keyboard,
// and opens the student's page from the grouped results.

const { dashboardUrl } = platformUrls();
const SHOTS = 'artifacts/search';

describe('search journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a district admin types a demo student's name in the header search and opens the student's page", async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      const name = `${DEMO_USERS.student.firstName} ${DEMO_USERS.student.lastName}`;
      const box = page
        .getByRole('search', { name: 'Search', exact: true })
        .getByRole('searchbox', { name: 'Search', exact: true });
      await box.waitFor();
      // "/" jumps to the box from anywhere on the page; Enter searches
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('/');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('S');
      await page.keyboard.press('Enter');
      await page.getByText('Type at least 2 characters.').waitFor();
      await page.keyboard.type(`tella ${DEMO_USERS.student.lastName}`);
      await page.keyboard.press('Enter');

      await page.waitForURL((url) => url.pathname === '/search-results');
      expect(new URL(page.url()).searchParams.get('q')).toBe(name);
      await expectHeading(page, 'Search results');
      const students = page.getByRole('region', { name: /Students/ });
      await students.getByRole('link', { name, exact: true }).waitFor();
      expect(await students.getByRole('heading', { level: 2 }).textContent()).toMatch(/Students \(1 result\)/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/results.png` });

      const link = students.getByRole('link', { name, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => /^\/students\/\d+$/.test(url.pathname));
      await expectHeading(page, name);
      const studentId = Number(new URL(page.url()).pathname.split('/').pop());

      // the same hit by its /details address
      await page.goto(`/details?type=student&id=${studentId}`);
      await expectPath(page, `/students/${studentId}`);
      await expectHeading(page, name);
    } finally {
      await context.close();
    }
  });
});
