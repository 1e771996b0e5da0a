import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn, createStaffUser, uniqueEmail } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { lastOutboxId, waitForLink } from '../support/outbox';

const { apiUrl, dashboardUrl, studentUrl, databaseUrl } = platformUrls();
const EMAIL = /Email address/;
const UPDATED = 'Your password has been successfully updated';
const MISMATCH = 'The two passwords that you entered do not match!';
const LINK_INVALID = 'The password reset URL is no longer valid. Please submit a new request.';

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await fillSignIn(page, EMAIL, { login, password });
  const response = await submitSignIn(page, 'dashboard');
  expect(response.status()).toBe(200);
}

/** The demo district's single sign-on setting, as its district administrator sets it. */
async function setDemoSso(value: { enabled: boolean; providers: string[] }): Promise<void> {
  const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.districtAdmin.email, DEMO_PASSWORD);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const my = (await (await fetch(`${apiUrl}/dashboard/my`, { headers })).json()) as {
    data: { user: { account_id: number } };
  };
  const response = await fetch(`${apiUrl}/dashboard/accounts/${my.data.user.account_id}/settings`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ settings: [{ setting: 'sso', value }] }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('dashboard account pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('resets a password through the emailed link, signs in with it, and the used link is no longer valid', async () => {
    const email = uniqueEmail('reset');
    await createStaffUser(apiUrl, { email, password: 'Before-reset-1!', firstName: 'Rita', lastName: 'Reset' });
    const before = await lastOutboxId(databaseUrl, email);
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expectPath(page, '/forgot-password');
      await expectHeading(page, 'Forgot password?');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('Email address').fill('not-an-email');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Invalid email address', { exact: true }).waitFor();

      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      // the neutral answer, the same for an address without an account
      await page
        .getByText('If an account exists for that email address, we have sent a link to reset the password.')
        .waitFor();

      const link = await waitForLink(databaseUrl, email, /http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/, before);
      expect(link.startsWith(`${dashboardUrl}/reset-password/`)).toBe(true);

      await page.goto(link);
      await expectHeading(page, 'Reset password');
      await page.getByText(`Choose a new password for ${email}.`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('New password', { exact: true }).fill('After-reset-2!');
      await page.getByLabel('Confirm new password').fill('After-reset-3!');
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText(MISMATCH).waitFor();

      await page.getByLabel('Confirm new password').fill('After-reset-2!');
      await page.getByRole('button', { name: 'Save password' }).click();
      await expectPath(page, '/sign-in');
      await page.getByText(UPDATED).waitFor();

      await signIn(page, email, 'After-reset-2!');
      await expectPath(page, '/');
      await expectHeading(page, 'Welcome, Rita Reset');
    } finally {
      await context.close();
    }

    const second = await openPage(browser, dashboardUrl);
    try {
      const link = await waitForLink(databaseUrl, email, /http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/, before);
      await second.page.goto(link);
      await expectHeading(second.page, 'This link can no longer be used');
      await second.page.getByText(LINK_INVALID).waitFor();
      expect(await seriousViolations(second.page)).toEqual([]);
      await second.page.getByRole('link', { name: 'Request a new link' }).click();
      await expectPath(second.page, '/forgot-password');
    } finally {
      await second.context.close();
    }
  });

  it('asks a user whose password is their email to change it, until they do', async () => {
    const email = uniqueEmail('modal');
    await createStaffUser(apiUrl, { email, password: email, firstName: 'Mo', lastName: 'Modal' });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, email, email);
      const dialog = page.getByRole('dialog', { name: 'Change your password' });
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('Please enter password', { exact: true }).waitFor();
      await dialog.getByText('Please repeat password', { exact: true }).waitFor();

      await dialog.getByLabel('New password', { exact: true }).fill('short1!');
      await dialog.getByLabel('Confirm new password').fill('short1!');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText('password must be at least 8 characters long', { exact: true }).waitFor();

      await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1!');
      await dialog.getByLabel('Confirm new password').fill('Brand-new-pass-2!');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.getByText(MISMATCH).waitFor();

      // Enter submits once the form is valid
      await dialog.getByLabel('Confirm new password').fill('Brand-new-pass-1!');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/settings/password')),
        dialog.getByLabel('Confirm new password').press('Enter'),
      ]);
      expect(response.status()).toBe(200);
      await page.getByText(UPDATED).waitFor();
      // /my no longer lists the action, so the modal goes away and stays away
      await dialog.waitFor({ state: 'hidden' });
      await page.reload();
      await expectHeading(page, 'Welcome, Mo Modal');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
    // the new password works, the email no longer does
    await apiSignIn(apiUrl, 'dashboard', email, 'Brand-new-pass-1!');
  });

  it('shows the server’s "Current password is incorrect." on the field in security settings', async () => {
    const email = uniqueEmail('security');
    await createStaffUser(apiUrl, { email, password: 'Security-pass-1!', firstName: 'Sec', lastName: 'Urity' });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, email, 'Security-pass-1!');
      await expectPath(page, '/');
      await page.goto('/settings/security');
      await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('Current password').fill('Not-my-password-1!');
      await page.getByLabel('New password', { exact: true }).fill('Security-pass-2!');
      await page.getByLabel('Confirm new password').fill('Security-pass-2!');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/settings/password')),
        page.getByRole('button', { name: 'Change password' }).click(),
      ]);
      expect(response.status()).toBe(422);
      const field = page.locator('.ant-form-item').filter({ has: page.getByLabel('Current password') });
      await field.getByText('Current password is incorrect.').waitFor();

      await page.getByLabel('Current password').fill('Security-pass-1!');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText(UPDATED).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows profile, notifications and an empty integrations list in settings', async () => {
    const email = uniqueEmail('settings');
    await createStaffUser(apiUrl, { email, password: 'Settings-pass-1!', firstName: 'Set', lastName: 'Tings' });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, email, 'Settings-pass-1!');
      await expectPath(page, '/');
      await page.getByRole('link', { name: 'Account settings' }).click();
      await expectPath(page, '/settings/profile');
      await expectHeading(page, 'Settings');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('First name').fill('Setty');
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/settings') && r.request().method() === 'PATCH'),
        page.getByRole('button', { name: 'Save changes' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      await page.getByText('Your profile has been updated').waitFor();
      await page.getByText('Setty Tings', { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Notifications' }).click();
      await expectPath(page, '/settings/notifications');
      await page.getByText('There are no notification preferences to set for your account.').waitFor();
      await page.getByText('Notifications arrive live while you are signed in and are listed in the header.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      const [connections] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/auth/get-oauth-connections')),
        page.getByRole('tab', { name: 'Integrations' }).click(),
      ]);
      expect(connections.status()).toBe(200);
      await page.getByText('No sign-in services are connected to your account.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers single sign-on only for providers a district turned on and connected, and the theme’s help contact', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    const student = await openPage(browser, studentUrl);
    try {
      // the demo district has single sign-on off: neither app shows 'Or continue with' or a provider button
      for (const [p, app] of [
        [page, 'dashboard'],
        [student.page, 'student'],
      ] as const) {
        const [providers] = await Promise.all([
          p.waitForResponse((r) => r.url().endsWith(`/${app}/auth/sign-in-providers`)),
          p.goto('/sign-in'),
        ]);
        expect(await providers.json()).toEqual({ data: [] });
        await p.getByRole('button', { name: /^Sign in$/i }).waitFor();
        expect(await p.getByText('Or continue with').count()).toBe(0);
        expect(await p.getByRole('link', { name: /^Sign in with / }).count()).toBe(0);
      }
      // the theme's help phone and contact (packages/domain/src/themes.ts)
      expect(await page.getByRole('link', { name: /^Call support: / }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
      expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^https?:\/\//);

      // the district turns Google on but has no Google connection set up (docs/sso-settings.md): no button, since
      // following it could only fail; the start address typed by hand comes back to the app's callback page with the
      // reason, not the API's JSON
      await setDemoSso({ enabled: true, providers: ['google'] });
      const [offered] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/auth/sign-in-providers')),
        page.goto('/sign-in'),
      ]);
      expect(await offered.json()).toEqual({ data: [] });
      await page.getByRole('button', { name: /^Sign in$/i }).waitFor();
      expect(await page.getByRole('link', { name: /^Sign in with / }).count()).toBe(0);
      await page.goto(`${apiUrl}/oauth/4?scope=dashboard`);
      await expectHeading(page, 'We could not sign you in with Google');
      await page
        .getByRole('alert')
        .filter({
          hasText: 'Sign-in with this provider is not set up for your district. Please sign in with your password.',
        })
        .waitFor();
      expect(await page.content()).not.toContain('"message"');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await expectPath(page, '/sign-in');
    } finally {
      await setDemoSso({ enabled: false, providers: [] });
      await context.close();
      await student.context.close();
    }
  });

  it('shows the error, coming soon and OAuth pages honestly', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/error');
      await expectHeading(page, 'Oops, It looks like we’re having an issue');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Go home' }).click();
      await expectPath(page, '/sign-in');

      await page.goto('/coming-soon');
      await expectHeading(page, 'Coming soon');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/coming-soon/lti');
      await expectHeading(page, 'Add Penda content via External Tool');
      expect(await seriousViolations(page)).toEqual([]);

      // a callback whose state Aula never issued is refused, and the page says why (docs/sso.md)
      const [callback] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/auth/oauth/2') && r.request().method() === 'POST'),
        page.goto('/oauth/2?code=abc&state=xyz'),
      ]);
      expect(callback.request().postDataJSON()).toEqual({ code: 'abc', state: 'xyz' });
      expect(callback.status()).toBeGreaterThanOrEqual(400);
      await expectHeading(page, 'We could not sign you in with Clever');
      await page
        .getByRole('alert')
        .filter({ hasText: 'This sign-in link has expired or was already used. Please start signing in again.' })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/oauth/9');
      await expectHeading(page, 'This sign-in link has expired or was already used. Please start signing in again.');

      await page.goto('/oauth-scope?type=4&status=success');
      await expectHeading(page, 'Choose Your Role');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('starts a session from a token on the redirect page and continues to the requested page', async () => {
    const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto(`/redirect?token=${token}&redirect=${encodeURIComponent('/settings/integrations')}`);
      await expectPath(page, '/settings/integrations');
      await page.getByRole('tab', { name: 'Integrations', selected: true }).waitFor();
      // a link elsewhere is not followed
      await page.goto(`/redirect?token=${token}&redirect=${encodeURIComponent('//evil.example/x')}`);
      await expectPath(page, '/');
    } finally {
      await context.close();
    }
  });
});
