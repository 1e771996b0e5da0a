import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS, type DemoUserKey } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard, signInStudent } from '../support/dashboard-steps';
import { rawErrorText, watchPageProblems, type ExpectedFailure } from '../support/page-watch';
import { ROOT } from '../support/server';

// Issue 14 item 15: what each demo role meets in its first minutes. Signed in as each demo user, the journey opens
// every item of the menu the page shows (read from the page, so items added later are covered too) and fails on a
// console error, an uncaught exception, a refused or broken request, raw error text, a page without a title or one
// that says "not found" or "no permission". Each page is saved as a screenshot under e2e/artifacts/demo-roles/ (not
// in git) for a person to look at.

const { dashboardUrl, studentUrl } = platformUrls();
const SHOTS = path.join(ROOT, 'e2e', 'artifacts', 'demo-roles');
const VIEWPORT = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 800 };
// every staff role on a laptop, and the teacher also on a phone
const STAFF = [
  ...(['superAdmin', 'domainAdmin', 'districtAdmin', 'schoolAdmin', 'teacher', 'reporter'] as const).map((key) => ({
    key,
    viewport: VIEWPORT,
  })),
  { key: 'teacher' as const, viewport: PHONE },
];
type Viewport = typeof VIEWPORT;
const DEAD_ENDS = /^(Oops, page not found!|You don’t have permission to access this page\.)$/;

// Requests a page makes knowing they may be refused, and shows the refusal as part of the page. None so far: a
// menu item must open a page that works for the role that sees it.
const EXPECTED: readonly ExpectedFailure[] = [];

/** What a person would notice on the page as it stands: raw error text, no title, a dead end, sideways scroll. */
async function pageProblems(page: Page, where: string): Promise<string[]> {
  const found = (await rawErrorText(page)).map((line) => `${where}: raw error text "${line}"`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (sideways > 0) found.push(`${where}: scrolls ${sideways}px sideways`);
  const h1 = page.locator('h1').first();
  // waited for, not sampled: a page on its way to where it sends this role shows no title for a moment
  const titled = await h1.waitFor({ state: 'visible', timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!titled) found.push(`${where}: no visible h1 title`);
  else if (DEAD_ENDS.test((await h1.innerText()).trim())) found.push(`${where}: ${await h1.innerText()}`);
  return found;
}

/** The whole page at rest (transitions finished) with the pointer off every control, so no hover colour shows. */
async function screenshot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? VIEWPORT;
  await page.mouse.move(width - 1, height - 1);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Opens every collapsed group of the menu, so the links inside count as items too. */
async function expandMenu(nav: Locator): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const collapsed = nav.locator('[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) return;
    await collapsed.first().click();
  }
}

/** The menu's links as the page shows them: name and where each goes. */
async function menuItems(page: Page): Promise<{ name: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  await expandMenu(nav);
  const links = await nav
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => ({ name: (a.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
  return links.filter((l, i) => links.findIndex((o) => o.href === l.href) === i);
}

describe('each demo role opens every menu item', () => {
  let browser: Browser;
  beforeAll(async () => {
    [browser] = await Promise.all([launchBrowser(), mkdir(SHOTS, { recursive: true })]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(STAFF)('$key at $viewport.width px', async ({ key, viewport }: { key: DemoUserKey; viewport: Viewport }) => {
    const { context, page } = await openPage(browser, dashboardUrl);
    await page.setViewportSize(viewport);
    const shot = viewport === VIEWPORT ? slug(key) : `${slug(key)}-${viewport.width}`;
    const watch = watchPageProblems(context, EXPECTED);
    const problems: string[] = [];
    try {
      await signInDashboard(page, DEMO_USERS[key].email);
      await watch.settle(page);
      const items = await menuItems(page);
      expect(items.length).toBeGreaterThan(0);
      problems.push(...watch.take().map((p) => `sign-in: ${p}`));

      for (const item of items) {
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        const from = new URL(page.url()).pathname;
        await expandMenu(nav);
        await nav.locator(`a[href="${item.href}"]`).click();
        // the item's page, or where it sends this role (Home sends a district admin to their account)
        await page
          .waitForURL((url) => url.pathname !== from || url.pathname === item.href, { timeout: 3_000 })
          .catch(() => undefined);
        await watch.settle(page);
        // a page that sends this role elsewhere (Home to a school) may still be on its way there
        if (!(await page.locator('h1').first().isVisible())) {
          await page
            .locator('h1')
            .first()
            // a redirect loads the guard and the target page's data first: seconds on a busy machine
            .waitFor({ timeout: 15_000 })
            .catch(() => undefined);
          await watch.settle(page);
        }
        const where = `${item.name} (${new URL(page.url()).pathname})`;
        problems.push(...(await pageProblems(page, where)));
        problems.push(...watch.take().map((p) => `${where}: ${p}`));
        await screenshot(page, `${shot}-${slug(item.name) || slug(item.href)}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('student', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    await page.setViewportSize(VIEWPORT);
    const watch = watchPageProblems(context, EXPECTED);
    const problems: string[] = [];
    try {
      await signInStudent(page, DEMO_USERS.student.username);
      await watch.settle(page);
      problems.push(...(await pageProblems(page, 'home')), ...watch.take().map((p) => `home: ${p}`));
      await screenshot(page, 'student-home');

      // the student app has no menu: its home lists the student's activities, each with Open, Continue or Review
      const actions = page.getByRole('main').getByRole('button', { name: /^(Open|Continue|Review): / });
      const labels = await actions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) {
        await page.getByRole('button', { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/work/'));
        await watch.settle(page);
        const where = `${label} (${new URL(page.url()).pathname})`;
        problems.push(...(await pageProblems(page, where)), ...watch.take().map((p) => `${where}: ${p}`));
        await screenshot(page, `student-${slug(label.replace(/^\w+: /, ''))}`);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/');
        await watch.settle(page);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
