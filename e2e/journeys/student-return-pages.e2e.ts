import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath, readStorages } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

const { apiUrl, dashboardUrl, studentUrl } = platformUrls();

describe('student return pages and role chooser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('role chooser sends Student to the student host and Staff to the dashboard host with type, status and scope', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/oauth-scope?type=2&status=success');
      await expectHeading(page, 'Choose Your Role');
      await page.getByText(`© ${new Date().getFullYear()} Aula. All rights reserved.`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Student' }).click();
      await page.waitForURL((url) => url.origin === studentUrl && url.pathname === '/oauth');
      const student = new URL(page.url());
      expect(Object.fromEntries(student.searchParams)).toEqual({ type: '2', status: 'success', scope: 'student' });

      await page.goto('/oauth-scope?type=2&status=success');
      await page.getByRole('link', { name: 'Staff' }).click();
      await page.waitForURL((url) => url.origin === dashboardUrl && url.pathname === '/oauth/2');
      const staff = new URL(page.url());
      expect(Object.fromEntries(staff.searchParams)).toEqual({ type: '2', status: 'success', scope: 'dashboard' });

      await page.goto(`${studentUrl}/oauth-scope`);
      await page.getByText('This sign-in link is incomplete. Please start signing in again.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the message of a failed single sign-on, or a generic one naming the provider', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto(`/oauth?status=fail&type=4&scope=student&message=${encodeURIComponent('Account disabled.')}`);
      await expectHeading(page, 'We could not sign you in');
      await page.getByRole('alert').filter({ hasText: 'Account disabled.' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/oauth?status=fail&type=4&scope=student');
      await page.getByText('Signing in with Google did not work. Please try again.').waitFor();
      await page.getByRole('link', { name: 'Go to Sign In' }).click();
      await expectPath(page, '/sign-in');

      await page.goto('/oauth?status=connect&type=2&scope=student&hash=abc');
      await expectHeading(page, 'Connect your account');
      await page.getByText(/Your Clever account is not connected to an Aula account yet/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/oauth?status=success&type=2&scope=student');
      await expectHeading(page, 'This sign-in link is not valid');
    } finally {
      await context.close();
    }
  });

  it('stores the token of a successful single sign-on and goes home', async () => {
    const token = await apiSignIn(apiUrl, 'student', DEMO_USERS.student.username, DEMO_PASSWORD);
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto(`/oauth?status=success&type=1&scope=student&token=${token}`);
      await expectPath(page, '/');
      await page.getByRole('heading', { name: 'My assignments' }).waitFor();
      const storages = await readStorages(page);
      expect(storages.session).toContain(token);
      expect(storages.local).not.toContain(token);
    } finally {
      await context.close();
    }
  });

  it('hands a dashboard-scoped sign-in to the dashboard', async () => {
    const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto(`/oauth?status=success&type=4&scope=dashboard&token=${token}`);
      await page.waitForURL((url) => url.origin === dashboardUrl && url.pathname === '/');
      await expectHeading(page, `Welcome, ${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`);
    } finally {
      await context.close();
    }
  });

  it('reads the LTI return page’s type, resource_id and resource_type', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      // a launch lands here signed in (docs/lti.md); without a session the student's list asks them to sign in
      await page.goto('/lti?resource_id=12&resource_type=assignment');
      await expectPath(page, '/sign-in');
      await expectHeading(page, 'Sign In');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/lti?type=LtiDeepLinkingRequest');
      await page.getByText('Choosing content for a course is done by your teacher in the staff dashboard.').waitFor();

      await page.goto('/lti?resource_type=assignment');
      await expectHeading(page, 'This link is incomplete');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
