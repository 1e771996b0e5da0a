import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn, uniqueEmail } from '../support/api-client';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

// Issue 15, accounts: provider staff create a district (the Account ID check says 'Account ID is not unique.' first),
// edit it, change a setting and see it saved after a reload, then delete it behind its name; the district
// administrator changes a setting of their own account and cannot open another account's settings.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const SHOTS = new URL('../artifacts/accounts/', import.meta.url);

async function signIn(page: Page, key: DemoUserKey) {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: DEMO_USERS[key].email, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SHOTS).pathname, fullPage: true });
}

async function apiAs(key: DemoUserKey) {
  const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS[key].email, DEMO_PASSWORD);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
}

async function ownAccount(): Promise<{ id: number; district_id: string; name: string }> {
  const call = await apiAs('districtAdmin');
  const my = await call<{ user: { account_id: number } }>('GET', '/dashboard/my');
  return call('GET', `/dashboard/accounts/${my.user.account_id}`);
}

describe('accounts journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('provider staff create a district, edit it, change a setting that stays saved, and delete it', async () => {
    const demo = await ownAccount();
    const staff = await apiAs('superAdmin');
    const [domain] = await staff<{ id: number; name: string }[]>('GET', '/dashboard/domains/my-list');
    const name = `Journey District ${RUN}`;
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'superAdmin');
      await page.goto('/accounts');
      await expectHeading(page, 'Accounts');
      await page.locator('.ant-table-row', { hasText: demo.name }).waitFor();
      await shot(page, 'list');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expectPath(page, '/create-account');
      await expectHeading(page, 'Create account');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('Domain', { exact: true }).click();
      await page.locator('.ant-select-item-option', { hasText: domain!.name }).first().click();
      await page.getByLabel('Account name', { exact: true }).fill(name);
      // the demo district's Account ID: the check call refuses it when the field is left
      const districtId = page.getByLabel('Account ID', { exact: true });
      await districtId.fill(demo.district_id);
      await districtId.press('Tab');
      await page.getByText('Account ID is not unique.').waitFor();
      await shot(page, 'create-not-unique');
      await districtId.fill(`J-${RUN}`);
      await districtId.press('Tab');
      await page.getByText('Account ID is not unique.').waitFor({ state: 'detached' });
      await page.getByLabel('Zip code', { exact: true }).fill('94110');
      await page.getByLabel('Type', { exact: true }).click();
      await page.locator('.ant-select-item-option', { hasText: 'District' }).click();
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await page.waitForURL((url) => /^\/accounts\/\d+$/.test(url.pathname));
      const id = Number(new URL(page.url()).pathname.split('/')[2]);

      // edit: the name changes, the list shows it
      await page.goto(`/edit-account/${id}`);
      await expectHeading(page, `Edit ${name}`);
      await page.getByLabel('Account name', { exact: true }).fill(`${name} edited`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectPath(page, `/accounts/${id}`);
      await page.goto('/accounts');
      // the page's own search (the header has the dashboard-wide one)
      const accountSearch = page.getByRole('searchbox', { name: 'Search by name or Account ID' });
      await accountSearch.fill(`${name} edited`);
      await accountSearch.press('Enter');
      const row = page.locator('.ant-table-row', { hasText: `${name} edited` });
      await row.getByText(`J-${RUN}`, { exact: true }).waitFor();
      await row.getByText('District', { exact: true }).waitFor();

      // settings: one Save writes the batch; after a reload the switch is still on
      await row.getByRole('button', { name: `Settings: ${name} edited` }).click();
      await expectPath(page, `/accounts/${id}/settings`);
      await expectHeading(page, 'Account settings');
      const labGroups = page.getByRole('switch', { name: 'Lab groups on' });
      expect(await labGroups.getAttribute('aria-checked')).toBe('false');
      await labGroups.click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Account settings saved.').waitFor();
      await page.reload();
      await expectHeading(page, 'Account settings');
      await expect
        .poll(() => page.getByRole('switch', { name: 'Lab groups on' }).getAttribute('aria-checked'))
        .toBe('true');
      await shot(page, 'settings');
      expect(await seriousViolations(page)).toEqual([]);

      // options: the technology switch reads the same stored value and writes its own
      await page.goto(`/accounts/${id}/options`);
      await expectHeading(page, 'Account options');
      await expect
        .poll(() => page.getByRole('switch', { name: 'Lab groups' }).getAttribute('aria-checked'))
        .toBe('true');
      await page.getByRole('switch', { name: 'Immersive Reader' }).click();
      await page.getByText('Immersive Reader is on.').waitFor();
      await shot(page, 'options');
      const stored = await staff<{ setting: string; value: { enabled: boolean } }[]>(
        'GET',
        `/dashboard/accounts/${id}/settings`,
      );
      expect(stored.find((s) => s.setting === 'immersive_reader')?.value.enabled).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // delete: the button works once the account's name is typed; an account with a user needs force
      await staff('POST', '/dashboard/users', {
        role: 'administrator',
        account_id: id,
        first_name: 'Journey',
        last_name: 'Admin',
        email: uniqueEmail('journey.admin'),
        password: 'Journey-admin-2026!',
        password_confirmation: 'Journey-admin-2026!',
      });
      await page.getByRole('link', { name: 'Delete account' }).click();
      await expectPath(page, `/accounts/${id}/delete`);
      const remove = page.getByRole('button', { name: 'Delete account' });
      expect(await remove.isDisabled()).toBe(true);
      await page.getByLabel(/Type the account’s name/).fill(`${name} edited`);
      await remove.click();
      await page.getByText('This account still has organizations or users.', { exact: false }).waitFor();
      await page.getByText('It still has 1 user.').waitFor();
      await page.getByText(/Nothing was deleted/).waitFor();
      await shot(page, 'delete');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Also delete its schools and users (force)').check();
      await remove.click();
      await expectPath(page, '/accounts');
      await page.getByText(`Account ${name} edited deleted.`).waitFor();
      const after = await staff<{ id: number }[]>('POST', '/dashboard/accounts/list', { search: `J-${RUN}` });
      expect(after).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a district administrator changes a setting of their own account and cannot open another account’s', async () => {
    const own = await ownAccount();
    const admin = await apiAs('districtAdmin');
    const before = await admin<unknown[]>('GET', `/dashboard/accounts/${own.id}/settings`);
    const staff = await apiAs('superAdmin');
    const [domain] = await staff<{ id: number }[]>('GET', '/dashboard/domains/my-list');
    const other = await staff<{ id: number }>('POST', '/dashboard/accounts', {
      name: `Other District ${RUN}`,
      district_id: `O-${RUN}`,
      zip_code: '10001',
      type: 2,
      domain_id: domain!.id,
    });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page, 'districtAdmin');
      await page.goto(`/accounts/${own.id}/settings`);
      await expectHeading(page, 'Account settings');
      const pas = page.getByRole('switch', { name: 'Automatic scoring of PAS plans' });
      const was = await pas.getAttribute('aria-checked');
      await pas.click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Account settings saved.').waitFor();
      await page.reload();
      await expectHeading(page, 'Account settings');
      await expect
        .poll(() => page.getByRole('switch', { name: 'Automatic scoring of PAS plans' }).getAttribute('aria-checked'))
        .toBe(was === 'true' ? 'false' : 'true');

      // the list shows only their own account, without create or delete
      await page.goto('/accounts');
      await page.locator('.ant-table-row', { hasText: own.name }).waitFor();
      expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: `Delete: ${own.name}` }).count()).toBe(0);
      expect(await page.locator('.ant-table-row', { hasText: `Other District ${RUN}` }).count()).toBe(0);

      await page.goto(`/accounts/${other.id}/settings`);
      await expectHeading(page, 'Oops, page not found!');
      expect(await page.getByRole('switch').count()).toBe(0);
      await shot(page, 'other-account');
    } finally {
      await context.close();
      await admin('POST', `/dashboard/accounts/${own.id}/settings`, { settings: before });
      await staff('POST', `/dashboard/accounts/${other.id}/delete`, { force: true });
    }
  });
});
