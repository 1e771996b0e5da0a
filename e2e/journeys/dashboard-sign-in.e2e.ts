import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, readStorages, submitSignIn } from '../support/app-pages';

const { apiUrl, dashboardUrl } = platformUrls();
const EMAIL = /Email address/;
const WRONG_CREDENTIALS = 'Wrong Credentials. Invalid username or password.';

// What the home page calls each demo role (dashboard.roles in the catalogue).
const ROLE_LABELS: Record<string, string> = {
  'super-administrator': 'Super Administrator',
  'domain-administrator': 'Domain Administrator',
  administrator: 'District Administrator',
  'school-administrator': 'School Administrator',
  teacher: 'Teacher',
  custom: 'Custom',
};

// 001 section 2: an account admin's home is their account, a school admin's their only school; the others stay home.
const LANDING: Partial<Record<string, RegExp>> = {
  administrator: /^\/accounts\/\d+$/,
  'school-administrator': /^\/organizations\/\d+$/,
};

/** Waits for the signed-in page the user lands on, and their name in the header. */
async function expectLanded(page: Page, user: { role: string; firstName: string; lastName: string }) {
  const landing = LANDING[user.role];
  if (!landing) {
    await expectPath(page, '/');
    await expectHeading(page, `Welcome, ${user.firstName} ${user.lastName}`);
    return;
  }
  await page.waitForURL((url) => landing.test(url.pathname));
  await page.getByText(`${user.firstName} ${user.lastName}`, { exact: true }).waitFor();
}

const staff = Object.entries(DEMO_USERS).flatMap(([key, user]) => (user.role === 'student' ? [] : [{ key, ...user }]));

describe('dashboard sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(staff)('$key signs in, lands on their home page, and signs out', async (user) => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      await fillSignIn(page, EMAIL, { login: user.email, password: DEMO_PASSWORD });
      const response = await submitSignIn(page, 'dashboard');
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as { data: { token: string } };

      await expectLanded(page, user);
      // the home page names the role; account and school admins are sent on from home before it shows
      if (!LANDING[user.role]) await page.getByText(ROLE_LABELS[user.role]!, { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expectPath(page, '/sign-in');
      await expectHeading(page, 'Sign In');
      const storages = await readStorages(page);
      expect([...storages.local, ...storages.session]).not.toContain(data.token);

      // signing out revoked the token on the server, not only in this browser
      const my = await fetch(`${apiUrl}/dashboard/my`, { headers: { Authorization: `Bearer ${data.token}` } });
      expect(my.status).toBe(401);

      await page.goto('/');
      await expectPath(page, '/sign-in');
    } finally {
      await context.close();
    }
  });

  it('shows the server’s message for a wrong password and stays signed out', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, EMAIL, { login: DEMO_USERS.teacher.email, password: 'not-the-password-1!' });
      const response = await submitSignIn(page, 'dashboard');
      expect(response.status()).toBe(422);
      const alert = page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(WRONG_CREDENTIALS);
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      const storages = await readStorages(page);
      expect(storages.local.length + storages.session.length).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses a student on the staff dashboard with the same message', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, EMAIL, { login: DEMO_USERS.student.email, password: DEMO_PASSWORD });
      const response = await submitSignIn(page, 'dashboard');
      expect(response.status()).toBe(422);
      await page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('checks the form before calling the server', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      let calls = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/dashboard/auth/form')) calls += 1;
      });
      await page.goto('/sign-in');
      await page.getByLabel(EMAIL).fill('not-an-email');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Invalid email address', { exact: true }).waitFor();
      await page.getByText('Please enter password', { exact: true }).waitFor();
      expect(calls).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor from / to sign-in', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/');
      await expectPath(page, '/sign-in');
      await expectHeading(page, 'Sign In');
    } finally {
      await context.close();
    }
  });

  it('returns to the page the visitor asked for after signing in', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/no-such-page');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/no-such-page');
      await fillSignIn(page, EMAIL, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');
      await expectPath(page, '/no-such-page');
      await expectHeading(page, 'Oops, page not found!');
    } finally {
      await context.close();
    }
  });

  it('keeps a remembered session in localStorage: it survives a reload and a new tab', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, EMAIL, {
        login: DEMO_USERS.schoolAdmin.email,
        password: DEMO_PASSWORD,
        rememberMe: true,
      });
      const response = await submitSignIn(page, 'dashboard');
      const { data } = (await response.json()) as { data: { token: string } };
      await expectLanded(page, DEMO_USERS.schoolAdmin);

      const storages = await readStorages(page);
      expect(storages.local).toContain(data.token);
      expect(storages.session).not.toContain(data.token);

      // on load with a token the app reloads the user info from /my
      const [my] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/dashboard/my')), page.reload()]);
      expect(my.status()).toBe(200);
      await expectLanded(page, DEMO_USERS.schoolAdmin);

      const tab = await context.newPage();
      await tab.goto('/');
      await expectLanded(tab, DEMO_USERS.schoolAdmin);
    } finally {
      await context.close();
    }
  });

  it('keeps a session without remember me in sessionStorage: a new tab must sign in again', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, EMAIL, { login: DEMO_USERS.districtAdmin.email, password: DEMO_PASSWORD });
      const response = await submitSignIn(page, 'dashboard');
      const { data } = (await response.json()) as { data: { token: string } };
      await expectLanded(page, DEMO_USERS.districtAdmin);

      const storages = await readStorages(page);
      expect(storages.session).toContain(data.token);
      expect(storages.local).not.toContain(data.token);

      await page.reload();
      await expectLanded(page, DEMO_USERS.districtAdmin);

      const tab = await context.newPage();
      await tab.goto('/');
      await expectPath(tab, '/sign-in');
    } finally {
      await context.close();
    }
  });

  it('signs the user out when the server rejects the token', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, EMAIL, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD, rememberMe: true });
      const response = await submitSignIn(page, 'dashboard');
      const { data } = (await response.json()) as { data: { token: string } };
      await expectPath(page, '/');
      // the app has loaded the user (/my answered) before the token goes; otherwise that first /my may already get
      // the 401 and show the toast on the page the reload below throws away
      await expectHeading(page, /^Welcome, /);

      // revoke the token behind the app's back, as a password change elsewhere would
      const logout = await fetch(`${apiUrl}/dashboard/auth/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${data.token}` },
      });
      expect(logout.status).toBe(200);

      await page.reload();
      await expectPath(page, '/sign-in');
      await page.getByText('Your session has expired. Please re-login.').waitFor();
      const storages = await readStorages(page);
      expect(storages.local).not.toContain(data.token);
    } finally {
      await context.close();
    }
  });
});
