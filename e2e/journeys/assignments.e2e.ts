import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, expectPath } from '../support/app-pages';
import { fillDueDate, nextStep as next, shownMoment, stepHeading } from '../support/assign-steps';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard as signInTeacher, signInStudent } from '../support/dashboard-steps';

const { apiUrl, dashboardUrl, studentUrl } = platformUrls();
const RUN = Date.now().toString(36);
const NAME = `Rock cycle week ${RUN}`;
const CLASS = 'Grade 7 Science - 2';
// the demo seed already gives Grade 7 Science these two
const SEEDED = ['Atoms and Molecules', 'Heat Transfer Review'];

describe('assignments journey', () => {
  let browser: Browser;
  let classId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
    const res = await fetch(`${apiUrl}/dashboard/assignments/targets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const { data } = (await res.json()) as { data: { classes: { id: number; name: string }[] } };
    classId = data.classes.find((c) => c.name === CLASS)!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo teacher assigns a published activity to a class with a due date, step by step', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInTeacher(page);
      await page.goto('/assignments');
      await expectHeading(page, 'Assignments');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New assignment' }).click();
      await expectPath(page, '/assign');
      await expectHeading(page, 'New assignment');

      // Name: the spec's minimum of 2 characters
      await page.getByLabel('Assignment name').fill('R');
      await next(page);
      await page.getByText('Assignment name must be at least 2 characters long').waitFor();
      await page.getByLabel('Assignment name').fill(NAME);
      await next(page);

      // Assign to: a whole class; its students are then included and disabled one by one
      await stepHeading(page, 'Assign to');
      await next(page);
      await page.getByText('Please select who gets the assignment').waitFor();
      await page.getByRole('checkbox', { name: new RegExp(CLASS) }).check();
      await page.getByRole('tab', { name: /Students/ }).click();
      const stella = page.getByRole('checkbox', { name: /Stella Student/ }).first();
      expect(await stella.isDisabled()).toBe(true);
      await page.getByText(`Already in ${CLASS}`).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await next(page);

      // Activities: those already in the class are disabled
      await stepHeading(page, 'Activities');
      for (const title of SEEDED) {
        const box = page.getByRole('checkbox', { name: new RegExp(title) });
        await box.waitFor();
        expect(await box.isDisabled(), title).toBe(true);
      }
      await page.getByText(`Already assigned to ${CLASS}`).first().waitFor();
      await page.getByRole('checkbox', { name: /The Rock Cycle/ }).check();
      await page.getByText('Selected: 1').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await next(page);

      // Due date: typed in the picker's format
      const due = new Date(Date.now() + 10 * 86_400_000);
      due.setUTCHours(15, 30, 0, 0);
      await fillDueDate(page, due);
      await next(page);

      // Confirmation, then the assignment's page
      await stepHeading(page, 'Confirmation');
      const summary = page.locator('.ant-descriptions');
      await summary.getByText(NAME).waitFor();
      await summary.getByText(CLASS).waitFor();
      await summary.getByText('The Rock Cycle').waitFor();
      await summary.getByText(shownMoment(due)).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/assignment/view/'));
      await expectHeading(page, NAME);
      await page.getByText('The assignment was created.').waitFor();
      await page.getByRole('link', { name: 'The Rock Cycle' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // the class's list shows it
      await page.goto(`/classes/${classId}/assignments`);
      await expectHeading(page, 'Assignments of this class');
      await page.getByRole('link', { name: NAME, exact: true }).waitFor();
      for (const title of SEEDED) await page.getByRole('link', { name: title, exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a student of the class sees it on their home, grouped as current', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await signInStudent(page, DEMO_USERS.student.username);
      await expectPath(page, '/');
      await expectHeading(page, 'My assignments');
      const current = page.getByRole('region', { name: 'Current' });
      await current.getByRole('heading', { name: NAME }).waitFor();
      await current.getByRole('list', { name: 'Activities' }).getByText('The Rock Cycle').first().waitFor();
      await page
        .getByRole('region', { name: 'Upcoming' })
        .getByRole('heading', { name: 'Heat Transfer Review' })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // on a phone too
      await page.setViewportSize({ width: 390, height: 844 });
      await current.getByRole('heading', { name: NAME }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the activity just assigned is disabled in the class’s picker from then on', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInTeacher(page);
      // opened under the class: the class is chosen already
      await page.goto(`/classes/${classId}/assign`);
      await expectHeading(page, 'New assignment');
      await page.getByLabel('Assignment name').fill(`Again ${RUN}`);
      await next(page);
      await stepHeading(page, 'Assign to');
      expect(await page.getByRole('checkbox', { name: new RegExp(CLASS) }).isChecked()).toBe(true);
      await next(page);
      await stepHeading(page, 'Activities');
      for (const title of ['The Rock Cycle', ...SEEDED]) {
        const box = page.getByRole('checkbox', { name: new RegExp(title) });
        await box.waitFor();
        expect(await box.isDisabled(), title).toBe(true);
      }
      expect(await page.getByRole('checkbox', { name: /Chemical Reactions Lab/ }).isDisabled()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
