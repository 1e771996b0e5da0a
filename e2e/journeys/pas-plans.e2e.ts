import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { expectHeading, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

// A teacher builds a weekly PAS plan on Saturdays (its dates move to Monday, labelled Weekend), moves the first
// assignment to today, assigns the plan to both demo classes, opts one out and publishes it. Publishing enqueues
// the materialisation job, which gives today's assignment at once (the plan opens at 00:00): the class that takes
// part gets it, the opted-out class does not. The student side is checked through GET /student/assignments when
// that call exists, else through the dashboard's class assignments page of the plan.

const { apiUrl, dashboardUrl } = inject('platform');
const RUN = Date.now().toString(36);
const PLAN = `Weekly science ${RUN}`;
const CLASS_IN = 'Grade 7 Science - 2';
const CLASS_OUT = 'Earth & Space';

const DAY = 86_400_000;
/** A calendar date (YYYY-MM-DD) `days` after `date`, with UTC arithmetic only. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM DD, YYYY' (000 section 9) */
const shown = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(8, 10)}, ${date.slice(0, 4)}`;
/** the date picker's MM/DD/YYYY */
const typed = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed(date));
  await input.press('Enter');
}

describe('PAS plan journey', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds, assigns, opts out, publishes and gives today’s assignment to the class that takes part', async () => {
    const { page, context } = await openPage(browser, dashboardUrl);
    await page.goto('/sign-in');
    await fillSignIn(page, /Email address/, { login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
    expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    // the plan's zone is the browser's; "today" is the date there
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));

    await page.goto('/pas');
    await expectHeading(page, 'PAS plans');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expectHeading(page, 'Create plan');

    // Details: nothing entered is refused with the spec's message
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter all the details' }).waitFor();
    await page.getByLabel('Plan name', { exact: true }).fill(PLAN);
    await pick(page, 'Product', 'Aula Middle School Science');
    await pick(page, 'Academic session', /\d{4}-\d{4}/);
    await typeDate(page, 'Start date', today);
    await pick(page, 'Day of the week', 'Saturday');
    const time = page.getByLabel('Time the assignments open', { exact: true });
    await time.click();
    await time.fill('00:00');
    await page.locator('.ant-select-dropdown:visible').getByTitle('00:00').click();
    await time.blur();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    // Activities, in the order they are given
    for (const title of ['Atoms and Molecules', 'Chemical Reactions Lab', 'Heat Transfer Review'])
      await page.getByRole('checkbox', { name: title }).check();
    await page.getByText('3 activities chosen').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Schedule: every Saturday moves to the Monday after, the Saturday kept and labelled Weekend
    const saturday = plusDays(today, (6 - weekday(today) + 7) % 7);
    const monday = plusDays(saturday, 2);
    const first = page.getByTestId(`pas-day-${monday}`);
    await first.getByText(shown(monday)).waitFor();
    await first.getByText(`Weekend: ${shown(saturday)}`).waitFor();
    await page
      .getByTestId(`pas-day-${plusDays(monday, 7)}`)
      .getByText(`Weekend: ${shown(plusDays(saturday, 7))}`)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // the first assignment moves to today, so that it is due at once
    await typeDate(page, `Change the date of ${shown(monday)}`, today);
    await page.getByTestId(`pas-day-${today}`).getByText('Atoms and Molecules').waitFor();
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.waitForURL((url) => /^\/pas\/\d+\/assign$/.test(url.pathname));
    const planId = Number(new URL(page.url()).pathname.split('/')[2]);
    await expectHeading(page, `Assign ${PLAN}`);

    // Not assigned yet: the server refuses to publish and the switch stays off
    const publish = page.getByRole('switch', { name: `Publish ${PLAN}` });
    await publish.click();
    await page.getByText('Assign this PAS plan to at least one class before publishing it.').waitFor();
    expect(await publish.getAttribute('aria-checked')).toBe('false');

    // Assign both classes, opt one out
    for (const name of [CLASS_IN, CLASS_OUT]) {
      await page.getByRole('button', { name: `Assign: ${name}` }).click();
      await page.getByRole('cell', { name, exact: true }).first().waitFor();
    }
    const optOut = page.getByRole('switch', { name: `Take part: ${CLASS_OUT}` });
    await optOut.click();
    await expect.poll(() => optOut.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);

    // Publish: the toggle flips once the server says is_success
    expect(await publish.getAttribute('aria-checked')).toBe('false');
    await publish.click();
    await page.getByText('The plan is published.').waitFor();
    await expect.poll(() => publish.getAttribute('aria-checked')).toBe('true');

    // The job gives today's assignment to the class that takes part
    const readGiven = async (classId: number) => {
      await page.goto(`/pas/${planId}/classes/${classId}/assignments`);
      await page.getByRole('table').waitFor();
      return page.getByText(/^Given /).count();
    };
    const classes = (await (
      await fetch(`${apiUrl}/dashboard/pas/${planId}/assigned`, {
        headers: {
          Authorization: `Bearer ${await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD)}`,
        },
      })
    ).json()) as { data: { member_id: number; title: string }[] };
    const inId = classes.data.find((c) => c.title === CLASS_IN)!.member_id;
    const outId = classes.data.find((c) => c.title === CLASS_OUT)!.member_id;
    await expect.poll(() => readGiven(inId), { timeout: 30_000, interval: 1000 }).toBe(1);
    await page.getByText('Whole class').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await readGiven(outId)).toBe(0);
    await page.getByText('This class is opted out of the plan.').waitFor();

    // The student side: GET /student/assignments when it exists (another area builds it)
    const studentToken = await apiSignIn(apiUrl, 'student', DEMO_USERS.student.username, DEMO_PASSWORD);
    const res = await fetch(`${apiUrl}/student/assignments`, { headers: { Authorization: `Bearer ${studentToken}` } });
    if (res.status === 200) {
      const body = JSON.stringify(await res.json());
      expect(body).toContain('Auto-Assignment #1');
    } else {
      expect(res.status).toBe(404);
    }
    await context.close();
  });
});
