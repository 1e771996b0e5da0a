import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { createStaffUser, uniqueEmail } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';

// Issue 14, item 11: with no SMTP server (the journeys' platform runs without SMTP_URL), a forgotten password is
// finished through the Emails page: the demo super administrator reads the reset email there and its link works.

const { apiUrl, dashboardUrl } = platformUrls();

describe('the Emails page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('forgot password -> the reset email on the Emails page -> its link -> a new password -> signed in', async () => {
    const email = uniqueEmail('forgot');
    await createStaffUser(apiUrl, { email, password: 'Before-forgot-1!', firstName: 'Fern', lastName: 'Forgot' });

    // the user asks for a link
    const user = await openPage(browser, dashboardUrl);
    const admin = await openPage(browser, dashboardUrl);
    try {
      await user.page.goto('/sign-in');
      await user.page.getByRole('link', { name: 'Forgot password?' }).click();
      // the sign-in page, whose field has the same label, stays until the next page has loaded
      await expectHeading(user.page, 'Forgot password?');
      await user.page.getByLabel('Email address').fill(email);
      await user.page.getByRole('button', { name: 'Send reset link' }).click();
      await user.page
        .getByText('If an account exists for that email address, we have sent a link to reset the password.')
        // a busy machine: the answer takes as long as checking a password would (auth.service.ts)
        .waitFor({ timeout: 30_000 });

      // the demo super administrator opens Emails from the menu
      await signInDashboard(admin.page, DEMO_USERS.superAdmin.email);
      await admin.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Emails' })
        .click();
      await expectPath(admin.page, '/emails');
      await expectHeading(admin.page, 'Emails');
      await admin.page.getByText(/No SMTP server is set \(SMTP_URL\)/).waitFor();
      await admin.page.getByRole('searchbox', { name: 'Search by address or subject' }).fill(email);
      await admin.page.getByRole('searchbox', { name: 'Search by address or subject' }).press('Enter');
      const row = admin.page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await row.getByText('Kept here (no SMTP server)').waitFor();
      // the search answers after the unfiltered list (which may hold other journeys' emails) has shown
      await expect.poll(() => admin.page.getByRole('table').getByRole('row').count()).toBe(2);
      expect(await seriousViolations(admin.page)).toEqual([]);

      await row.getByRole('link', { name: 'Reset your Aula password' }).click();
      await expectHeading(admin.page, 'Reset your Aula password');
      await admin.page.getByText(email, { exact: true }).waitFor();
      const link = admin.page.getByRole('link', { name: /\/reset-password\/[A-Za-z0-9_-]{43}$/ });
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${dashboardUrl}/reset-password/[A-Za-z0-9_-]{43}$`));
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await seriousViolations(admin.page)).toEqual([]);

      // following the link opens the reset page in a new tab, without the administrator's session
      const [tab] = await Promise.all([admin.context.waitForEvent('page'), link.click()]);
      await expectHeading(tab, 'Reset password');
      await tab.getByText(`Choose a new password for ${email}.`).waitFor();
      await tab.getByLabel('New password', { exact: true }).fill('After-forgot-2!');
      await tab.getByLabel('Confirm new password').fill('After-forgot-2!');
      await tab.getByRole('button', { name: 'Save password' }).click();
      await expectPath(tab, '/sign-in');
      await tab.getByText('Your password has been successfully updated').waitFor();

      await fillSignIn(tab, /Email address/, { login: email, password: 'After-forgot-2!' });
      expect((await submitSignIn(tab, 'dashboard')).status()).toBe(200);
      await expectHeading(tab, 'Welcome, Fern Forgot');

      // the old password no longer works
      const old = await fetch(`${apiUrl}/dashboard/auth/form`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: email, password: 'Before-forgot-1!' }),
      });
      expect(old.status).toBe(422);
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });

  it('is not in the menu of a role without the technology resource, and its address is refused', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Home' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Emails' }).count()).toBe(0);
      await page.goto('/emails');
      await expectPath(page, '/no-permissions');
    } finally {
      await context.close();
    }
  });
});
