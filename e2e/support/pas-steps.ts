import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from './api-client';
import { expectHeading } from './app-pages';
import { seriousViolations } from './axe';
import { pick, typeDate } from './dashboard-steps';

// The PAS plan pages as the journeys work them: the wizard for a weekly plan on Saturdays (every date moves to the
// Monday after, labelled Weekend), the assign page (assign, opt out, publish) and a class's assignments page.

const DAY = 86_400_000;
/** A calendar date (YYYY-MM-DD) `days` after `date`, with UTC arithmetic only. */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM DD, YYYY' (000 section 9) */
export const shownDay = (date: string) =>
  `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(8, 10)}, ${date.slice(0, 4)}`;

export interface WeeklyPlan {
  name: string;
  /** today in the browser's zone (YYYY-MM-DD) */
  today: string;
  /** in the order they are given; the first goes into the first assignment, moved to today */
  activities: string[];
  /** a new title for the first assignment (else it keeps 'Auto-Assignment #1') */
  firstTitle?: string;
}

/**
 * Creates a weekly plan on Saturdays opening at 00:00 through the wizard, checks the schedule moved the Saturdays
 * to Mondays labelled Weekend, moves the first assignment to today (so it is due at once), saves the plan and
 * returns its id, on its assign page.
 */
export async function createWeeklyPlan(page: Page, plan: WeeklyPlan): Promise<number> {
  const { name, today } = plan;
  await page.goto('/pas');
  await expectHeading(page, 'PAS plans');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expectHeading(page, 'Create plan');

  // Details: nothing entered is refused with the spec's message
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('alert').filter({ hasText: 'Please enter all the details' }).waitFor();
  await page.getByLabel('Plan name', { exact: true }).fill(name);
  await pick(page, 'Product', 'Aula Middle School Science');
  // the school year under way (August 1 to May 31), which the demo seed makes when no session covers today
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 8 ? 0 : 1);
  await pick(page, 'Academic session', new RegExp(`^${year}-${year + 1} `));
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
  for (const title of plan.activities) await page.getByRole('checkbox', { name: title }).check();
  const chosen = plan.activities.length;
  await page.getByText(`${chosen} ${chosen === 1 ? 'activity' : 'activities'} chosen`).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  // Schedule: every Saturday moves to the Monday after, the Saturday kept and labelled Weekend
  const saturday = plusDays(today, (6 - weekday(today) + 7) % 7);
  const monday = plusDays(saturday, 2);
  const first = page.getByTestId(`pas-day-${monday}`);
  await first.getByText(shownDay(monday)).waitFor();
  await first.getByText(`Weekend: ${shownDay(saturday)}`).waitFor();
  await page
    .getByTestId(`pas-day-${plusDays(monday, 7)}`)
    .getByText(`Weekend: ${shownDay(plusDays(saturday, 7))}`)
    .waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  // the first assignment moves to today, so that it is due at once
  await typeDate(page, `Change the date of ${shownDay(monday)}`, today);
  const todays = page.getByTestId(`pas-day-${today}`);
  await todays.getByText(plan.activities[0]!).waitFor();
  if (plan.firstTitle) {
    const title = page.getByLabel(`Title of the assignment on ${shownDay(today)}`, { exact: true });
    await title.fill(plan.firstTitle);
    await expect.poll(() => title.inputValue()).toBe(plan.firstTitle);
  }
  await page.getByRole('button', { name: 'Save plan' }).click();
  await page.waitForURL((url) => /^\/pas\/\d+\/assign$/.test(url.pathname));
  await expectHeading(page, `Assign ${name}`);
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

/** On a plan's assign page: assigns the classes named, one by one. */
export async function assignClasses(page: Page, names: string[]): Promise<void> {
  for (const name of names) {
    await page.getByRole('button', { name: `Assign: ${name}` }).click();
    await page.getByRole('cell', { name, exact: true }).first().waitFor();
  }
}

/** On a plan's assign page: opts an assigned class out (its "Take part" switch goes off). */
export async function optOut(page: Page, name: string): Promise<void> {
  const takePart = page.getByRole('switch', { name: `Take part: ${name}` });
  await takePart.click();
  await expect.poll(() => takePart.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
}

/** On a plan's assign page: publishes the plan; the switch flips once the server says is_success. */
export async function publishPlan(page: Page, name: string): Promise<void> {
  const publish = page.getByRole('switch', { name: `Publish ${name}` });
  expect(await publish.getAttribute('aria-checked')).toBe('false');
  await publish.click();
  await page.getByText('The plan is published.').waitFor();
  await expect.poll(() => publish.getAttribute('aria-checked')).toBe('true');
}

/** The plan's assigned classes by title, as the teacher reads them from the API. */
export async function assignedClassIds(apiUrl: string, planId: number): Promise<Record<string, number>> {
  const token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.teacher.email, DEMO_PASSWORD);
  const res = await fetch(`${apiUrl}/dashboard/pas/${planId}/assigned`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { member_id: number; title: string }[] };
  return Object.fromEntries(data.map((c) => [c.title, c.member_id]));
}

/** How many of the plan's assignments the class got, read from the class's assignments page of the plan. */
export async function readGiven(page: Page, planId: number, classId: number): Promise<number> {
  await page.goto(`/pas/${planId}/classes/${classId}/assignments`);
  await page.getByRole('table').waitFor();
  return page.getByText(/^Given /).count();
}
