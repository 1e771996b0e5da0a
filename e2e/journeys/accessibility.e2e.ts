import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { allViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';

const { dashboardUrl, studentUrl } = platformUrls();

// Every page here is held to axe's WCAG 2.1 A and AA rules and to its best practices (landmarks, one main, heading
// order, content inside a region, one h1), whatever their impact (support/axe.ts).
describe('accessibility (axe)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('dashboard sign-in and home have no axe violations', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      expect(await allViolations(page)).toEqual([]);

      await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');
      await expectPath(page, '/');
      await expectHeading(page, /^Welcome, /);
      expect(await allViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('dashboard sign-in with an error shown has no axe violations', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: 'not-the-password-1!' });
      await submitSignIn(page, 'dashboard');
      await page.getByRole('alert').first().waitFor();
      expect(await allViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('student sign-in and home have no axe violations', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      expect(await allViolations(page)).toEqual([]);

      await fillSignIn(page, /Username or email address/, {
        login: DEMO_USERS.student.username,
        password: DEMO_PASSWORD,
      });
      await submitSignIn(page, 'student');
      await expectPath(page, '/');
      // the demo student's assignments, grouped by status
      await page
        .getByRole('region', { name: 'Current' })
        .getByRole('heading', { name: 'Atoms and Molecules' })
        .waitFor();
      expect(await allViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('dashboard list, settings and coming-soon pages have no axe violations', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');
      await expectPath(page, '/');
      for (const [path, heading] of [
        ['/groups', 'Groups'],
        ['/assignments', 'Assignments'],
        ['/settings/profile', 'Settings'],
        ['/reports', 'Coming soon'],
      ] as const) {
        await page.goto(path);
        await expectHeading(page, heading);
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
        expect(await allViolations(page), path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('the student work page has no axe violations', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, /Username or email address/, {
        login: DEMO_USERS.student.username,
        password: DEMO_PASSWORD,
      });
      await submitSignIn(page, 'student');
      await page.getByRole('button', { name: /^(Open|Continue|Review): Atoms and Molecules$/ }).click();
      await page.waitForURL(/\/work\/\d+/);
      await page.getByRole('heading', { level: 1, name: 'Atoms and Molecules' }).waitFor();
      expect(await allViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
