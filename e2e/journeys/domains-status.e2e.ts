import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';
import { ROOT } from '../support/server';

// Issue 15, item 4 and the provider's technology pages: the provider's staff create and edit a domain, switch a
// technology of the demo district on /tech-settings and find it saved after a reload, and read /status; a district
// administrator is refused all three.

const { dashboardUrl } = platformUrls();
const NO_PERMISSION = 'You don’t have permission to access this page.';
const DEMO_DISTRICT = 'Riverside Unified School District';
const SHOTS = path.join(ROOT, 'e2e', 'artifacts', 'domains');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

describe('domains, technology settings and status', () => {
  let browser: Browser;
  beforeAll(async () => {
    [browser] = await Promise.all([launchBrowser(), mkdir(SHOTS, { recursive: true })]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('provider staff create a domain and rename it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    const name = `Partner ${Date.now().toString(36)}`;
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      await page.goto('/domains');
      await expectHeading(page, 'Domains');
      await page.getByRole('button', { name: 'Create domain' }).click();
      await expectPath(page, '/domain/create');
      await expectHeading(page, 'Create domain');

      // 001 section 5's messages, before anything is sent
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please enter name').waitFor();
      await page.getByLabel('Name').fill('x'.repeat(256));
      await page.getByText('Name must not exceed 255 characters').waitFor();
      await page.getByLabel('Name').fill(name);
      await shot(page, 'create');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectPath(page, '/domains');
      await page.getByText('Domain created.').waitFor();

      // the list finds it by its name
      const search = page.getByRole('searchbox', { name: 'Search by name' });
      await search.fill(name);
      await search.press('Enter');
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
      await shot(page, 'list');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: `Edit: ${name}` }).click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/domain\/\d+$/);
      await expectHeading(page, 'Edit domain');
      expect(await page.getByLabel('Name').inputValue()).toBe(name);
      await page.getByLabel('Name').fill('   ');
      await page.getByText('Please enter name').waitFor();
      await page.getByLabel('Name').fill(`${name} renamed`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectPath(page, '/domains');
      await page.getByText('Domain saved.').waitFor();
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(`${name} renamed`);
      await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
      await page.getByRole('link', { name: `${name} renamed` }).waitFor();

      // my domain: provider staff have none of their own, so it lists the domains they work in
      await page.goto('/domain');
      await expectHeading(page, 'My domain');
      await page.getByText('You are not tied to one domain: you work in every domain below.').waitFor();
      await page.getByRole('link', { name: `${name} renamed` }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('provider staff switch a technology of the demo district and find it saved after a reload', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      await page.goto('/tech-settings');
      await expectHeading(page, 'Technology settings');
      const search = page.getByRole('searchbox', { name: 'Search by name or Account ID' });
      await search.fill('RUSD-DEMO');
      await search.press('Enter');
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
      const toggle = page.getByRole('switch', { name: `Lab groups: ${DEMO_DISTRICT}` });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      const before = (await toggle.getAttribute('aria-checked')) === 'true';
      await toggle.click();
      await page.getByText(`Lab groups is ${before ? 'off' : 'on'} for ${DEMO_DISTRICT}.`).waitFor();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(!before));
      await shot(page, 'tech-settings');
      expect(await seriousViolations(page)).toEqual([]);

      // read back from the server
      await page.reload();
      await expectHeading(page, 'Technology settings');
      await search.fill('RUSD-DEMO');
      await search.press('Enter');
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.getAttribute('aria-checked')).toBe(String(!before));

      // and back as it was, for the other journeys
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(before));
      await page.getByText(`Lab groups is ${before ? 'on' : 'off'} for ${DEMO_DISTRICT}.`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('provider staff read the platform status and refresh it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      await page.goto('/status');
      await expectHeading(page, 'Status');
      await page.getByText('Everything is working').waitFor();
      await page.getByText('Embedded (PGlite)').waitFor();
      await page.getByText('0.13.7').waitFor();
      await page.getByText('Real-time connections open').waitFor();
      const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/dashboard/status');
      await page.getByRole('button', { name: 'Refresh' }).click();
      expect((await status).status()).toBe(200);
      await shot(page, 'status');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses the district administrator on /domains, /tech-settings and /status', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.districtAdmin.email);
      for (const path of ['/domains', '/tech-settings', '/status']) {
        await page.goto(path);
        await expectHeading(page, NO_PERMISSION);
      }
    } finally {
      await context.close();
    }
  });
});
