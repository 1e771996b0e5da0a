import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The dashboard's step-by-step assign flow (name, assign to, activities, due date, confirmation), as the
// assignments journeys work it.

/** 'MM/DD/YYYY hh:mm A', the pickers' format, of a moment in the browser's (UTC) time zone. */
export function pickerText(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours() % 12 || 12;
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(h)}:${p(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

/** 'MMM DD, YYYY hh:mm A' (000 section 9) of a moment in UTC, as the confirmation shows it. */
export function shownMoment(d: Date): string {
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const [, time] = pickerText(d).split(/ (.*)/);
  return `${month} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()} ${time}`;
}

export const nextStep = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();

/** The due date step: types `due` into the picker and confirms it. */
export async function fillDueDate(page: Page, due: Date): Promise<void> {
  await stepHeading(page, 'Due date');
  const dueInput = page.getByLabel('Due date');
  await dueInput.click();
  await dueInput.fill(pickerText(due));
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect.poll(() => dueInput.inputValue()).toBe(pickerText(due));
}
