import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { browserToday, signInDashboard } from '../support/dashboard-steps';
import { assignClasses, createWeeklyPlan } from '../support/pas-steps';

// The last pages of 001 section 2 in the activity, class and PAS plan areas (issue 15): the bare /activity and
// /assignment prefixes go to their lists; the domain administrator finds an archived activity in /archive and
// restores it; the teacher opens /lab-groups, a PAS plan's lab groups and /pas-students.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const ARCHIVED = `Retired density lab ${RUN}`;
const PLAN = `Lab plan ${RUN}`;
const CLASS = 'Grade 7 Science - 2';
const SHOTS = new URL('../artifacts/leftover/', import.meta.url);

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SHOTS).pathname, fullPage: true });
}

async function archivedActivity(): Promise<number> {
  const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const created = await fetch(`${apiUrl}/dashboard/activities`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: ARCHIVED, kind: 'supporting' }),
  });
  expect(created.status).toBe(200);
  const { data } = (await created.json()) as { data: { id: number } };
  const archived = await fetch(`${apiUrl}/dashboard/activities/${data.id}/archive`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(archived.status).toBe(200);
  return data.id;
}

describe('the last pages of the activity, class and PAS plan areas', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a domain administrator finds an archived activity in /archive and restores it', async () => {
    const id = await archivedActivity();
    const { page, context } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.domainAdmin.email);
      await page.goto('/archive');
      await expectHeading(page, 'Archived activities');
      await page.getByRole('searchbox', { name: 'Search archived activities' }).fill(ARCHIVED);
      await page.getByRole('searchbox', { name: 'Search archived activities' }).press('Enter');
      const link = page.getByRole('link', { name: ARCHIVED, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/activity-builder/${id}`);
      expect(await page.getByRole('link', { name: `Preview ${ARCHIVED}` }).getAttribute('href')).toBe(
        `/activity/preview/${id}`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: `Restore ${ARCHIVED}` }).click();
      await page.getByText(`${ARCHIVED} is back in the library.`).waitFor();
      await link.waitFor({ state: 'detached' });
      await page.getByText('No archived activities match.').waitFor();
      await shot(page, 'archive');
    } finally {
      await context.close();
    }
  });

  it('a teacher: /activity and /assignment go to their lists; lab groups; a PAS plan’s lab groups and students', async () => {
    const { page, context } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await page.goto('/activity');
      await expectPath(page, '/activities');
      await page.goto('/assignment');
      await expectPath(page, '/assignments');

      await page.goto('/archive');
      await expectHeading(page, 'Archived activities');

      await page.goto('/lab-groups');
      await expectHeading(page, 'Lab groups');
      const classLink = page.getByRole('link', { name: `Lab groups of ${CLASS}` });
      await classLink.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'lab-groups');
      await classLink.click();
      await page.waitForURL((url) => /^\/classes\/\d+\/lab-groups$/.test(url.pathname));

      const planId = await createWeeklyPlan(page, {
        name: PLAN,
        today: await browserToday(page),
        activities: ['Atoms and Molecules', 'Chemical Reactions Lab', 'Heat Transfer Review'],
      });
      await assignClasses(page, [CLASS]);

      await page.goto(`/pas/${planId}/lab-groups`);
      await expectHeading(page, 'Lab groups of the plan’s classes');
      await page.getByText(PLAN).waitFor();
      const planClass = page.getByRole('link', { name: `Lab groups of ${CLASS}` });
      await planClass.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'pas-lab-groups');
      await planClass.click();
      await page.waitForURL((url) => /^\/classes\/\d+\/lab-groups$/.test(url.pathname));

      await page.goto('/pas-students');
      await expectHeading(page, 'PAS plan students');
      const select = page.getByLabel('Plan', { exact: true });
      await select.click();
      await page.keyboard.type(PLAN);
      await page.locator('.ant-select-dropdown:visible').getByTitle(PLAN).click();
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      const students = page.getByRole('link', { name: `Students of ${CLASS}` });
      await students.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'pas-students');
      await students.click();
      await page.waitForURL((url) => new RegExp(`^/pas/${planId}/classes/\\d+/students$`).test(url.pathname));
    } finally {
      await context.close();
    }
  });
});
