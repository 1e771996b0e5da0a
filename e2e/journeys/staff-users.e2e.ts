import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { createStaffUser, uniqueEmail } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { chooseMany, pick, signInDashboard } from '../support/dashboard-steps';

// Issue 15, staff and users: the demo district administrator creates a teacher in a school of their district, finds
// them with the user search, and the teacher signs in; provider staff see the staff list, disable a user (who then
// cannot sign in), restore them and set a new password.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const SHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'staff');
const NEW_PASSWORD = 'Teach#2026x';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Signs in through the form and returns the API's answer (status and body). */
async function trySignIn(browser: Browser, login: string, password: string) {
  const { context, page } = await openPage(browser, dashboardUrl);
  try {
    await page.goto('/sign-in');
    await fillSignIn(page, /Email address/, { login, password });
    const response = await submitSignIn(page, 'dashboard');
    if (response.status() === 200) await page.waitForURL((url) => url.pathname !== '/sign-in');
    return { status: response.status(), page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Opens a confirmation from the button named `action` and confirms it with the dialog's own button. */
async function confirmAction(page: Page, action: string, title: string, done: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await page.getByText(done).waitFor();
}

describe('staff and users journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a district administrator creates a teacher in their school, finds them, and the teacher signs in', async () => {
    const email = `new.teacher.${RUN}@demo.aula.test`;
    const name = `Nora Newteach${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      // provider staff only: the district administrator has no staff list
      await page.goto('/staff');
      await page.getByText('You don’t have permission to access this page.').waitFor();

      await page.goto('/user');
      await expectHeading(page, 'Users');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expectPath(page, '/user/create');
      await expectHeading(page, 'New user');
      await page.getByText('Users you create join your account.').waitFor();
      // only roles a district administrator may give (their bundle creates teachers; other staff need 'user'
      // create); no account to choose
      await page.getByLabel('Role', { exact: true }).click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.first().waitFor();
      // the list is read again until it settles: the dropdown's opening animation can hide it for a moment
      await expect.poll(() => options.allInnerTexts()).toEqual(['Teacher']);
      await page.keyboard.press('Escape');
      expect(await page.getByLabel('Account', { exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Please select role').waitFor();
      await page.getByText('Please enter first name').waitFor();
      await page.getByText('Please enter email address').waitFor();
      await page.getByText('Please enter password', { exact: true }).waitFor();

      await pick(page, 'Role', 'Teacher');
      await chooseMany(page, page.getByLabel('Schools', { exact: true }), ['Riverside North Middle School']);
      await page.getByLabel('First name', { exact: true }).fill('Nora');
      await page.getByLabel('Last name', { exact: true }).fill(`Newteach${RUN}`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short1!');
      await page.getByLabel('Confirm password', { exact: true }).fill('short1!');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Password must be at least 8 characters long').waitFor();
      await page.getByLabel('Password', { exact: true }).fill('longenough');
      await page.getByText('Password must include numbers, letters and special characters').waitFor();
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(`${NEW_PASSWORD}?`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('The two passwords that you entered do not match!').waitFor();
      await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'user-create');
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      await page.getByText('The user has been created.').waitFor();
      await page.waitForURL((url) => /^\/user\/\d+$/.test(url.pathname));
      await expectHeading(page, `Edit user: ${name}`);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'user-edit');

      // the user search finds them by email, with their school
      await page.goto('/user');
      await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
      await page.getByRole('searchbox', { name: 'Search by name or email' }).press('Enter');
      const row = page.locator('.ant-table-row', { hasText: email });
      await row.waitFor();
      await row.getByText('Riverside North Middle School').waitFor();
      await row.getByText('Teacher', { exact: true }).waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
      // the new user may show in the unfiltered list before the search's answer replaces it
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'users');
      await row.getByRole('link', { name }).click();
      await page.waitForURL((url) => /^\/user\/\d+$/.test(url.pathname));
      await expectHeading(page, `Edit user: ${name}`);
    } finally {
      await context.close();
    }

    const teacher = await trySignIn(browser, email, NEW_PASSWORD);
    try {
      expect(teacher.status).toBe(200);
      expect(new URL(teacher.page.url()).pathname).not.toBe('/sign-in');
    } finally {
      await teacher.close();
    }
  });

  it('provider staff see the staff list, disable a user who then cannot sign in, restore them and reset their password', async () => {
    const email = uniqueEmail('staff.disable');
    const password = 'Staff#2026x';
    const lastName = `Disabled${RUN}`;
    await createStaffUser(apiUrl, { email, password, firstName: 'Pat', lastName });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      await page.goto('/staff');
      await expectHeading(page, 'Staff');
      await page.locator('.ant-table-row', { hasText: DEMO_USERS.superAdmin.email }).waitFor();
      // users of the demo district are not provider staff
      await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('district.admin@');
      await page.getByRole('searchbox', { name: 'Search by name or email' }).press('Enter');
      await page.getByText('No staff found.').waitFor();
      await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(lastName);
      await page.getByRole('searchbox', { name: 'Search by name or email' }).press('Enter');
      const row = page.locator('.ant-table-row', { hasText: email });
      await row.waitFor();
      await row.getByText('Super Administrator').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'staff');

      await row.getByRole('link', { name: `Pat ${lastName}` }).click();
      await expectHeading(page, `Edit user: Pat ${lastName}`);
      await confirmAction(page, 'Disable', `Disable Pat ${lastName}?`, 'The user has been disabled.');
      await page.getByText('This user is disabled and cannot sign in.').waitFor();
      await page.getByRole('button', { name: 'Restore', exact: true }).waitFor();
      await shot(page, 'user-disabled');

      const refused = await trySignIn(browser, email, password);
      try {
        expect(refused.status).toBe(422);
        await refused.page.getByText('Your account is disabled. Please contact your administrator.').waitFor();
      } finally {
        await refused.close();
      }

      await confirmAction(page, 'Restore', `Restore Pat ${lastName}?`, 'The user has been restored.');
      await page.getByRole('button', { name: 'Disable', exact: true }).waitFor();
      expect(await page.getByText('This user is disabled and cannot sign in.').count()).toBe(0);

      // reset their password: both fields, the spec's rules
      await page.getByRole('button', { name: 'Reset password', exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: `Set a new password for Pat ${lastName}` });
      await dialog.waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill('nospecial1');
      await dialog.getByLabel('Confirm password', { exact: true }).fill('nospecial1');
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await dialog.getByText('Password must include numbers, letters and special characters').waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await dialog.getByText('The two passwords that you entered do not match!').waitFor();
      await dialog.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await page.getByText(`The password of Pat ${lastName} has been set.`).waitFor();
    } finally {
      await context.close();
    }

    const old = await trySignIn(browser, email, password);
    try {
      expect(old.status).toBe(422);
    } finally {
      await old.close();
    }
    const back = await trySignIn(browser, email, NEW_PASSWORD);
    try {
      expect(back.status).toBe(200);
    } finally {
      await back.close();
    }
  });
});
