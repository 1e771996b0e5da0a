import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { fillSignIn, submitSignIn } from './app-pages';

// Steps the issue 5 journeys share: signing in as the demo teacher or a demo student, and the Ant Design pickers as
// a user works them (by their labels).

/** Signs in to the dashboard through its form (the demo teacher unless told). */
export async function signInDashboard(page: Page, email: string = DEMO_USERS.teacher.email): Promise<void> {
  await page.goto('/sign-in');
  await fillSignIn(page, /Email address/, { login: email, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'dashboard')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/** Signs in to the student app through its form with a username (or email). */
export async function signInStudent(page: Page, login: string): Promise<void> {
  await page.goto('/sign-in');
  await fillSignIn(page, /Username or email address/, { login, password: DEMO_PASSWORD });
  expect((await submitSignIn(page, 'student')).status()).toBe(200);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/** The Ant Design select a combobox (its search input) belongs to: what it shows as chosen. */
export function selectOf(combobox: Locator): Locator {
  return combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
}

/** Picks options of an Ant Design multiple select by their labels, then closes its list. */
export async function chooseMany(page: Page, combobox: Locator, labels: string[]): Promise<void> {
  await combobox.click();
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  for (const label of labels) {
    const option = dropdown.locator(`.ant-select-item-option[title="${label}"]`);
    const chosen = selectOf(combobox).locator(`.ant-select-selection-item[title="${label}"]`);
    // on a loaded machine a click can land while the list is still opening and be lost: choose again until the
    // select shows the label as a chosen item (a second click on a chosen option would take it off again)
    for (let i = 0; i < 3; i += 1) {
      if (!(await option.getAttribute('class'))?.includes('ant-select-item-option-selected')) await option.click();
      if (
        await chosen.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (!(await option.isVisible())) await combobox.click();
    }
    await chosen.waitFor();
  }
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

/** Picks one option of the Ant Design single select labelled `label`. */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** A calendar date (YYYY-MM-DD) typed into the date picker labelled `label`, in its MM/DD/YYYY format. */
export async function typeDate(page: Page, label: string, date: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(`${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`);
  await input.press('Enter');
}

/** "Today" where the browser is (the zone a PAS plan made there takes), as YYYY-MM-DD. */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
}
