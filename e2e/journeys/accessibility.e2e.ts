import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';

const { dashboardUrl, studentUrl } = inject('platform');

/** Serious and critical axe findings (WCAG 2.1 A and AA), one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('dashboard sign-in and home have no serious or critical violations', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      expect(await seriousViolations(page)).toEqual([]);

      await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');
      await expectPath(page, '/');
      await expectHeading(page, /^Welcome, /);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('dashboard sign-in with an error shown has no serious or critical violations', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: 'not-the-password-1!' });
      await submitSignIn(page, 'dashboard');
      await page.getByRole('alert').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('student sign-in and home have no serious or critical violations', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      expect(await seriousViolations(page)).toEqual([]);

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
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
