import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { THEMES } from '../../packages/domain/src/themes';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';

const { apiUrl, dashboardUrl } = platformUrls();
const EMAIL = /Email address/;

/** Signs in through the API (as a second device would) and returns the token. */
async function apiToken(email: string): Promise<string> {
  const response = await fetch(`${apiUrl}/dashboard/auth/form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function patchSettings(token: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${apiUrl}/dashboard/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
}

/** Signs in through the form and returns the session's token. */
async function signIn(page: Page, email: string): Promise<string> {
  await page.goto('/sign-in');
  await fillSignIn(page, EMAIL, { login: email, password: DEMO_PASSWORD });
  const response = await submitSignIn(page, 'dashboard');
  expect(response.status()).toBe(200);
  await expectPath(page, '/');
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const bell = (page: Page) => page.getByTestId('notifications-bell');

describe('live notifications, languages and themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a district admin’s requested report arrives live: toast, bell count, list, read', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      const token = await signIn(page, DEMO_USERS.districtAdmin.email);
      await page.locator('[data-testid="realtime-state"][data-state="connected"]').waitFor();
      const before = await page.evaluate(() => {
        const label = document.querySelector('[data-testid="notifications-bell"]')?.getAttribute('aria-label') ?? '';
        return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
      });
      // the list is loaded before the event arrives, so the count goes up live rather than on a reload
      await bell(page).waitFor();

      const created = await fetch(`${apiUrl}/dashboard/user-tasks/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'create-user-activity-report', payload: {} }),
      });
      expect(created.status).toBe(200);

      const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Your user activity report is ready.' });
      await toast.waitFor({ timeout: 30_000 });
      await toast.getByRole('button', { name: 'Download report' }).waitFor();
      await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor();

      await bell(page).click();
      const panel = page.getByTestId('notifications-panel');
      await panel.waitFor();
      const item = panel.getByRole('button', { name: 'Unread: Your user activity report is ready.' }).first();
      await item.waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // handling it marks it read: the count goes down, on the server too
      const [readResponse] = await Promise.all([
        page.waitForResponse((r) => /\/dashboard\/notifications\/[^/]+\/read$/.test(r.url())),
        item.click(),
      ]);
      expect(readResponse.status()).toBe(200);
      const label = before === 0 ? 'Notifications' : `Notifications, ${before} unread`;
      await page.getByRole('button', { name: label, exact: true }).waitFor();
      const list = await fetch(`${apiUrl}/dashboard/notifications/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(((await list.json()) as { meta: { unread: number } }).meta.unread).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('switching to Spanish changes the interface, is saved, and survives a reload', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    const user = DEMO_USERS.teacher;
    try {
      const token = await signIn(page, user.email);
      await expectHeading(page, `Welcome, ${user.firstName} ${user.lastName}`);
      await page.getByRole('button', { name: 'Language: English' }).click();
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/settings') && r.request().method() === 'PATCH'),
        page.getByRole('menuitem', { name: 'Español' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      expect(saved.request().postDataJSON()).toEqual({ language: 'es' });
      await expectHeading(page, `Bienvenido, ${user.firstName} ${user.lastName}`);
      await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

      // every call now asks for Spanish
      const [my] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/dashboard/my')), page.reload()]);
      expect(my.headers()['accept-language']).toBe('es');
      await expectHeading(page, `Bienvenido, ${user.firstName} ${user.lastName}`);

      // saved on the server: a fresh browser gets Spanish after sign-in too
      const fresh = await openPage(browser, dashboardUrl);
      try {
        await signIn(fresh.page, user.email);
        await expectHeading(fresh.page, `Bienvenido, ${user.firstName} ${user.lastName}`);
      } finally {
        await fresh.context.close();
      }
      await patchSettings(token, { language: 'en' });
    } finally {
      await context.close();
    }
  });

  it('a user whose language_switcher setting is off sees no switcher; the sign-in page always has one', async () => {
    const user = DEMO_USERS.schoolAdmin;
    const token = await apiToken(user.email);
    await patchSettings(token, { language_switcher: false });
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByTestId('language-switcher').waitFor();
      await signIn(page, user.email);
      // a school admin of exactly one organization lands on it (001 section 2 route guards)
      await page.waitForURL(/\/organizations\/\d+$/);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await page.getByTestId('language-switcher').count()).toBe(0);
    } finally {
      await context.close();
      await patchSettings(token, { language_switcher: true });
    }
  });

  it('the partner host shows the partner theme: its favicon and support phone', async () => {
    const port = new URL(dashboardUrl).port;
    const seen: Record<string, { favicon: string | null; phone: string; tel: string | null }> = {};
    for (const [name, host] of [
      ['default', 'localhost'],
      ['partner', 'partner.localhost'],
    ] as const) {
      const { context, page } = await openPage(browser, `http://${host}:${port}`);
      try {
        await page.goto('/sign-in');
        await expectHeading(page, 'Sign In');
        const phone = page.getByTestId('support-phone');
        await phone.waitFor();
        seen[name] = {
          favicon: await page.locator('link[rel="icon"]').getAttribute('href'),
          phone: (await phone.textContent()) ?? '',
          tel: await phone.getAttribute('href'),
        };
        expect(seen[name]).toEqual({
          favicon: THEMES[name].favicon,
          phone: `Call support: ${THEMES[name].support.phone}`,
          tel: THEMES[name].support.phoneHref,
        });
      } finally {
        await context.close();
      }
    }
    expect(seen.default!.favicon).not.toBe(seen.partner!.favicon);
    expect(seen.default!.phone).not.toBe(seen.partner!.phone);
  });
});
