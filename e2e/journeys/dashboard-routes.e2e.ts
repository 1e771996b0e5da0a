import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';

const { apiUrl, dashboardUrl } = platformUrls();
const NO_PERMISSION = 'You don’t have permission to access this page.';

// 001 section 2's main navigation as each demo role's policy grants it (the demo super admin has no domain, so the
// multi-domain-only sections are theirs too).
const NAVIGATION: Record<Exclude<DemoUserKey, 'student'>, string[]> = {
  superAdmin: [
    'Home',
    'Dashboard',
    'Map',
    'Calendar',
    'Content',
    'Products',
    'Licensing',
    'Accounts',
    'Organizations',
    'Rostering',
    'LTI',
    'Academic Sessions',
    'Assignments',
    'Groups',
    'Reports',
    'PAS',
    'Store',
    'Rewards',
    'Emails',
    'Scheduling',
    'Logs',
  ],
  domainAdmin: [
    'Home',
    'Dashboard',
    'Content',
    'Products',
    'Licensing',
    'Accounts',
    'Organizations',
    'Rostering',
    'LTI',
    'Academic Sessions',
    'Assignments',
    'Groups',
    'Reports',
    'PAS',
    'Rewards',
  ],
  districtAdmin: [
    'Home',
    'Dashboard',
    'Content',
    'Licensing',
    'Accounts',
    'Organizations',
    'Rostering',
    'Academic Sessions',
    'Assignments',
    'Groups',
    'Reports',
    'PAS',
    'Rewards',
  ],
  schoolAdmin: [
    'Home',
    'Dashboard',
    'Content',
    'Organizations',
    'Academic Sessions',
    'Assignments',
    'Groups',
    'Reports',
    'PAS',
    'Rewards',
  ],
  teacher: ['Home', 'Dashboard', 'Content', 'Assignments', 'Groups', 'Reports', 'PAS', 'Rewards'],
  reporter: ['Home', 'Dashboard', 'Accounts', 'Reports'],
};

interface My {
  user: { account_id: number | null };
  organizations: { id: number }[];
}

/** Signs in through the form and returns what /my says about the user (ids of their account and schools). */
async function signIn(page: Page, key: DemoUserKey): Promise<My> {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  const response = await submitSignIn(page, 'dashboard');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  const my = await fetch(`${apiUrl}/dashboard/my`, { headers: { Authorization: `Bearer ${data.token}` } });
  return ((await my.json()) as { data: My }).data;
}

function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

async function navigationLabels(page: Page): Promise<string[]> {
  const nav = mainNavigation(page);
  await nav.getByRole('link', { name: 'Home' }).waitFor();
  return nav.getByRole('link').allTextContents();
}

/** Serious and critical axe findings (WCAG 2.1 A and AA), one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('dashboard routes, guards and navigation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(NAVIGATION))('%s sees exactly their navigation items', async (key, expected) => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, key as DemoUserKey);
      expect(await navigationLabels(page)).toEqual(expected);
    } finally {
      await context.close();
    }
  });

  it('sends the district admin from home to their account page', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      const my = await signIn(page, 'districtAdmin');
      expect(my.user.account_id).not.toBeNull();
      await expectPath(page, `/accounts/${my.user.account_id}`);
      // the account landing page with its summary (issue 15; e2e/journeys/landing-pages.e2e.ts checks the figures)
      await expectHeading(page, 'Totals');
      // the section is marked as the current page
      await expect
        .poll(() => mainNavigation(page).getByRole('link', { name: 'Accounts' }).getAttribute('aria-current'))
        .toBe('page');

      await mainNavigation(page).getByRole('link', { name: 'Home' }).click();
      await expectPath(page, `/accounts/${my.user.account_id}`);
    } finally {
      await context.close();
    }
  });

  it('sends the school admin of one organization from home to it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      const my = await signIn(page, 'schoolAdmin');
      expect(my.organizations).toHaveLength(1);
      await expectPath(page, `/organizations/${my.organizations[0]!.id}`);
      await expectHeading(page, 'Riverside North Middle School');
    } finally {
      await context.close();
    }
  });

  it('sends a teacher home from an account page (context rule) and to no-permissions without the resource', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'teacher');
      await expectPath(page, '/');

      await page.goto('/accounts/1');
      await expectPath(page, '/');
      await expectHeading(page, /^Welcome, /);

      await page.goto('/products');
      await expectPath(page, '/no-permissions');
      await expectHeading(page, NO_PERMISSION);
      await page.getByRole('button', { name: 'Go home' }).click();
      await expectPath(page, '/');
    } finally {
      await context.close();
    }
  });

  it('shows page not found for an id of 10 digits; an id of 9 digits reaches its page', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'teacher');
      await expectPath(page, '/');

      await page.goto('/classes/1234567890');
      await expectHeading(page, 'Oops, page not found!');
      await page.getByText('The page you requested could not be found.').waitFor();

      // the class summary (issue 5) opens and asks for the class, which does not exist
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/dashboard/classes/123456789/summary'),
        page.goto('/classes/123456789'),
      ]);
      expect(answer.status()).toBe(404);
      await expectHeading(page, 'Oops, page not found!');
    } finally {
      await context.close();
    }
  });

  it('moves through the navigation by keyboard and marks the current page', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'teacher');
      await expectPath(page, '/');
      const nav = mainNavigation(page);
      expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

      await nav.getByRole('link', { name: 'Home' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expectPath(page, '/content');
      await expectHeading(page, 'Content');
      await expect.poll(() => nav.getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBe('page');
      expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violations on home with navigation and on no-permission', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'superAdmin');
      await expectPath(page, '/');
      await navigationLabels(page);
      expect(await seriousViolations(page)).toEqual([]);

      await signOutAndIn(page, 'teacher');
      await page.goto('/map');
      await expectHeading(page, NO_PERMISSION);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

async function signOutAndIn(page: Page, key: DemoUserKey): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectPath(page, '/sign-in');
  await signIn(page, key);
  await expectPath(page, '/');
}
