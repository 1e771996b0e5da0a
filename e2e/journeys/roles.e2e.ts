import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn, uniqueEmail } from '../support/api-client';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { pick, signInDashboard } from '../support/dashboard-steps';

// Issue 15, roles (001 section 6): a domain admin builds a custom role with ONE permission on /role/create; a user
// given that role sees exactly that permission's menu section besides Home, and every other page says they have no
// permission. The district admin's bundle has no access to roles (001 section 6), so the domain admin and provider
// staff are the ones who build roles here. Provider staff decide where a role applies: multi-domain-only
// permissions are offered only to a role of all domains.

const { apiUrl, dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const RUN = Date.now().toString(36);
const SHOTS = new URL('../artifacts/roles/', import.meta.url).pathname;
const NO_PERMISSION = 'You don’t have permission to access this page.';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> & { id: number } } };
}

describe('roles journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a domain admin creates a role with one permission; its holder sees one menu section and is refused elsewhere', async () => {
    const roleName = `Products only ${RUN}`;
    const email = uniqueEmail('products.only');
    let roleId = 0;
    const admin = await openPage(browser, dashboardUrl);
    try {
      const page = admin.page;
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await page.goto('/role');
      await expectPath(page, '/roles');
      await expectHeading(page, 'Roles');
      // their own role, and the demo district's custom role
      await page.getByText('Domain Administrator', { exact: true }).waitFor();
      await page.locator('.ant-table-row', { hasText: 'District Reporter' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Create role' }).click();
      await expectPath(page, '/role/create');
      await expectHeading(page, 'Create role');
      // 001 section 5: the generic messages
      await page.getByRole('button', { name: 'Save role' }).click();
      await page.getByText('Please enter name', { exact: true }).waitFor();
      await page.getByText('Please select label', { exact: true }).waitFor();
      await page.getByText('Please select permissions', { exact: true }).waitFor();
      // only what a domain admin holds is offered: no multi-domain-only or super admin permission
      await page.getByRole('checkbox', { name: /Product management/ }).waitFor();
      expect(await page.getByRole('checkbox', { name: /Domain management/ }).count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: /Super administrator/ }).count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: /Store management/ }).count()).toBe(0);

      await page.getByLabel('Name', { exact: true }).fill(roleName);
      await pick(page, 'Label', 'Content Team');
      await page.getByRole('checkbox', { name: /Product management/ }).check();
      // what the role grants, resource by action
      const grid = page.getByRole('region', { name: 'What this role grants' });
      const products = grid.locator('tr', { hasText: 'Products' });
      await products.waitFor();
      expect(await products.getByLabel('Yes').count()).toBe(4);
      expect(await grid.locator('tbody tr').count()).toBe(2); // Home (view) and Products
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'role-form');

      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/roles') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Save role' }).click(),
      ]);
      expect(created.status()).toBe(200);
      roleId = ((await created.json()) as { data: { id: number } }).data.id;
      await expectPath(page, '/roles');
      await page.getByText('The role has been saved').waitFor();
      const row = page.locator('.ant-table-row', { hasText: roleName });
      await row.getByText('Product management', { exact: true }).waitFor();
      await shot(page, 'roles-list');

      // a user is given the role (through the API)
      const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
      const made = await api(token, 'POST', '/dashboard/users', {
        role: 'custom',
        role_id: roleId,
        first_name: 'Petra',
        last_name: `Products ${RUN}`,
        email,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      });
      expect(made.status, JSON.stringify(made.json)).toBe(200);

      // held by one user now: the confirmation says so and offers no delete
      await page.reload();
      await expect.poll(() => row.locator('td').nth(4).innerText(), POLL).toBe('1');
      await row.getByRole('button', { name: `Delete: ${roleName}` }).click();
      const confirm = page.locator('.ant-popconfirm');
      await confirm.getByText('Held by 1 user: give them another role before deleting it.').waitFor();
      expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await admin.context.close();
    }

    const holder = await openPage(browser, dashboardUrl);
    try {
      const page = holder.page;
      await signInDashboard(page, email);
      // exactly one section besides Home, which every permission opens (it is where sign-in lands)
      await expect.poll(() => navLinks(page), POLL).toEqual(['Home', 'Products']);
      await shot(page, 'holder-home');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
      await expectPath(page, '/products');
      await expectHeading(page, 'Products');
      for (const path of ['/pas', '/accounts', '/assignments', '/roles', `/role/${roleId}`]) {
        await page.goto(path);
        await expectHeading(page, NO_PERMISSION);
      }
      await shot(page, 'holder-refused');

      // the admin adds a second permission on the role's page; the holder's menu follows on their next page load
      const admin2 = await openPage(browser, dashboardUrl);
      try {
        await signInDashboard(admin2.page, DEMO_USERS.domainAdmin.email);
        await admin2.page.goto('/roles');
        await admin2.page.getByRole('button', { name: `Edit: ${roleName}` }).click();
        await expectPath(admin2.page, `/role/${roleId}`);
        await expectHeading(admin2.page, `Edit role ${roleName}`);
        expect(await admin2.page.getByRole('checkbox', { name: /Product management/ }).isChecked()).toBe(true);
        await admin2.page.getByRole('checkbox', { name: /PAS view/ }).check();
        expect(await seriousViolations(admin2.page)).toEqual([]);
        await admin2.page.getByRole('button', { name: 'Save role' }).click();
        await expectPath(admin2.page, '/roles');
        await admin2.page
          .locator('.ant-table-row', { hasText: roleName })
          .getByText('PAS view, Product management', { exact: true })
          .waitFor();
      } finally {
        await admin2.context.close();
      }
      await page.goto('/');
      await expect.poll(() => navLinks(page), POLL).toEqual(['Home', 'Products', 'PAS']);
      await page.goto('/pas');
      await expectPath(page, '/pas');
      expect(await page.getByRole('heading', { name: NO_PERMISSION }).count()).toBe(0);
    } finally {
      await holder.context.close();
    }
  });

  it('provider staff offer multi-domain-only permissions only to a role of all domains', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      await page.goto('/role/create');
      await expectHeading(page, 'Create role');
      const domainManagement = page.getByRole('checkbox', { name: /Domain management/ });
      await domainManagement.check();
      await page.getByLabel('Name', { exact: true }).fill(`Domain keepers ${RUN}`);
      await pick(page, 'Label', 'Management');
      await page.getByRole('region', { name: 'What this role grants' }).locator('tr', { hasText: 'Domains' }).waitFor();

      // placed in one domain, the multi-domain-only permissions go (and are said to go)
      await pick(page, 'Where the role applies', /^Domain: /);
      await expect.poll(() => domainManagement.count(), POLL).toBe(0);
      await page.getByText(/4 permissions are only for roles of all domains/).waitFor();
      await page.getByRole('button', { name: 'Save role' }).click();
      await page.getByText('Please select permissions', { exact: true }).waitFor();

      await pick(page, 'Where the role applies', 'All domains (multi-domain)');
      await domainManagement.check();
      await shot(page, 'multi-domain-form');
      await page.getByRole('button', { name: 'Save role' }).click();
      await expectPath(page, '/roles');
      const row = page.locator('.ant-table-row', { hasText: `Domain keepers ${RUN}` });
      await row.getByText('All domains (multi-domain)').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // nobody holds it: deleted after a confirmation
      await row.getByRole('button', { name: `Delete: Domain keepers ${RUN}` }).click();
      await page.locator('.ant-popconfirm').getByText('Nobody holds this role.', { exact: false }).waitFor();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('The role has been deleted').waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
