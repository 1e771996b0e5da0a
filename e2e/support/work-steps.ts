import type { AttemptView } from '@aula/domain/attempts';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Steps of the student's player (issue 6) that journeys share: opening an activity from the home, finding and
// answering questions as a student would (keyboard only where it matters), the save status line, moving on and
// submitting, and reading the attempt back through the API to prove what reached the server.

/** The status line's words for each state (docs/student-work.md). */
export const SAVE_STATUS = {
  saved: 'All answers saved',
  saving: 'Saving…',
  offline: "Offline — your answers are kept on this device and will be sent when you're back online",
  unreachable: "Can't reach the server — your answers are kept on this device. Trying again…",
} as const;

/** From the student home: Open, Continue or Review of an activity (by its title); resolves with the attempt id. */
export async function openActivity(page: Page, title: string, action = /^(Open|Continue|Review): /): Promise<number> {
  await page.getByRole('button', { name: new RegExp(`${action.source}${escapeRegExp(title)}$`) }).click();
  await page.waitForURL(/\/work\/\d+/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return attemptIdOf(page);
}

export function attemptIdOf(page: Page): number {
  const match = /\/work\/(\d+)/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on a player page: ${page.url()}`);
  return Number(match[1]);
}

/** A question on the screen shown, found by (part of) its text. */
export function question(page: Page, text: string): Locator {
  return page.locator('fieldset[data-question-id]').filter({ hasText: text });
}

/** The save status line. */
export function saveStatus(page: Page): Locator {
  return page.locator('[data-save-status]');
}

/** Waits until the status line says `words` (the save queue retries with backoff of up to 30 s). */
export async function expectSaveStatus(page: Page, words: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => saveStatus(page).textContent(), { timeout }).toBe(words);
}

/** Ticks a checkbox or radio option by keyboard: focus it, then Space. */
export async function chooseOption(page: Page, questionText: string, option: string): Promise<void> {
  await question(page, questionText).getByLabel(option, { exact: true }).focus();
  await page.keyboard.press('Space');
}

/** Types into an essay or text area (appends to what is there). */
export async function typeText(page: Page, questionText: string, text: string): Promise<void> {
  const box = question(page, questionText).getByRole('textbox');
  await box.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** Picks an option of a drop-down slot ('Blank n') by keyboard. */
export async function chooseInBlank(page: Page, questionText: string, blank: number, option: string): Promise<void> {
  const select = question(page, questionText).getByRole('combobox', { name: `Blank ${blank}` });
  await select.focus();
  await select.selectOption({ label: option });
}

/**
 * Drag and drop by keyboard only: focus the option in the answer choices, then Enter (fills the first empty blank),
 * or Space, arrow presses and Space to carry it onto a blank.
 */
export async function placeByKeyboard(
  page: Page,
  questionText: string,
  option: string,
  move?: { key: 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp'; times: number },
): Promise<void> {
  const pool = question(page, questionText).getByRole('group', { name: 'Answer choices' });
  await pool.getByRole('button', { name: option, exact: true }).focus();
  if (!move) {
    await page.keyboard.press('Enter');
    return;
  }
  // each key waits for the drag's announcement (what a screen reader user hears) before the next
  const announced = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((e) => e.textContent ?? '').join('|'),
    );
  // a key dnd-kit did not take (on a loaded machine, pressed while it still measures the targets after the pick-up)
  // leaves the announcement as it was: press it once more; a key it took always changes the announcement
  const press = async (key: string) => {
    const before = await announced();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await page.keyboard.press(key);
      const changed = await expect
        .poll(announced, { timeout: 3_000 })
        .not.toBe(before)
        .then(() => true)
        .catch(() => false);
      if (changed) return;
    }
    expect(await announced(), `${key} was not taken by the drag`).not.toBe(before);
  };
  // picked up: dnd-kit announces the pick-up, then where the option is (it has measured the targets by then)
  await page.keyboard.press('Space');
  await expect.poll(announced, { timeout: 5_000 }).toMatch(/ is over /);
  for (let i = 0; i < move.times; i += 1) await press(move.key);
  await press('Space');
}

/** What a blank of a drag-and-drop question holds. */
export function blank(page: Page, questionText: string, n: number): Locator {
  return question(page, questionText).getByRole('group', { name: `Blank ${n}` });
}

/** Next section (validates the section, sends every answer, opens the next section). */
export async function nextSection(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Next section$/ }).click();
}

/** Submit, then confirm in the dialog; resolves once the review shows. */
export async function submitWork(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Submit$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Your results', { exact: false }).first().waitFor();
}

/** The footer review banner. */
export function reviewBanner(page: Page): Locator {
  return page.locator('[data-state]').filter({ hasText: /Correct Answers|Not Answered|Pending Teacher Review/ });
}

/** The attempt as the server holds it, read with the student's token. */
export async function readAttempt(apiUrl: string, token: string, attemptId: number): Promise<AttemptView> {
  const response = await fetch(`${apiUrl}/student/attempts/${attemptId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: AttemptView }).data;
}

/** The stored text of a question's answer (essay, text area), or undefined. */
export function storedText(view: AttemptView, questionId: number): string | undefined {
  return view.answers.find((a) => a.question_id === questionId)?.value.additional[0]?.value.text;
}

/** The question id of a question on the screen shown. */
export async function questionIdOf(page: Page, questionText: string): Promise<number> {
  return Number(await question(page, questionText).getAttribute('data-question-id'));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
