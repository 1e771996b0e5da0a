import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard, signInStudent } from '../support/dashboard-steps';
import { openAssignmentProgress, openStudentWork, scoreEssay } from '../support/review-steps';
import { startPlatform, type Platform } from '../support/server';
import {
  SAVE_STATUS,
  blank,
  chooseInBlank,
  chooseOption,
  expectSaveStatus,
  nextSection,
  openActivity,
  placeByKeyboard,
  question,
  questionIdOf,
  readAttempt,
  reviewBanner,
  storedText,
  submitWork,
  typeText,
} from '../support/work-steps';

// Issue 6's student journey in Chromium. The demo student opens the demo's every-kind check-in (three sections:
// checkbox and radio; essay, text area and drop-down; drag and drop and drawing), is stopped by the validation
// messages, answers one question of every kind (drag and drop by keyboard only), reloads and finds every answer, types
// while the browser is offline and sees it reach the server once back online, types while the API has crashed and
// sees it land after the restart, submits, and sees the review banner change when the teacher, in their own browser,
// scores the essay.
//
// This journey runs its own platform: it kills and restarts the server, and it submits the demo student's work,
// which the shared platform's other journeys must not see.

const ACTIVITY = 'Water and Matter Check-in';
const Q = {
  checkbox: 'Which of these are metals?',
  radio: 'What is H2O?',
  essay: 'Explain why ice floats on water.',
  textarea: 'Note one thing you observed today.',
  dropdown: 'Water boils at',
  dnd: 'orbits the',
  drawing: 'Draw the water cycle.',
} as const;
const ESSAY = 'Ice is less dense than liquid water';
const ESSAY_OFFLINE = ', because its molecules form an open lattice.';
const ESSAY_CRASH = ' That is why lakes freeze from the top.';
const NOTE = 'The ice cube melted in the warm water.';

describe('student work journey', () => {
  let platform: Platform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let attemptId: number;
  let studentToken: string;

  beforeAll(async () => {
    [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
    ({ context, page } = await openPage(browser, platform.studentUrl));
    studentToken = await apiSignIn(platform.apiUrl, 'student', DEMO_USERS.student.username, DEMO_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await platform?.stop();
  });

  it('opens the activity, validates before moving on and answers the first section', async () => {
    await signInStudent(page, DEMO_USERS.student.username);
    attemptId = await openActivity(page, ACTIVITY, /^Open: /);
    expect(await seriousViolations(page)).toEqual([]);

    // moving on with nothing answered: the messages show on the questions, the first one has focus
    await nextSection(page);
    await expect.poll(() => question(page, Q.checkbox).getByText('Please choose an answer').count()).toBe(1);
    await expect.poll(() => question(page, Q.radio).getByText('Please choose an answer').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.textContent ?? '')).toContain(
      Q.checkbox,
    );

    await chooseOption(page, Q.checkbox, 'Iron');
    await chooseOption(page, Q.checkbox, 'Copper');
    await chooseOption(page, Q.radio, 'Water');
    await expect.poll(() => question(page, Q.checkbox).getByText('Please choose an answer').count()).toBe(0);
    await nextSection(page);
    await question(page, Q.essay).waitFor();
  });

  it('validates text, answers the second section and finds every answer after a reload', async () => {
    await typeText(page, Q.essay, 'Ice');
    await nextSection(page);
    await question(page, Q.essay).getByText('Please type in at least 5 characters').waitFor();
    await question(page, Q.textarea).getByText('Please type in your answers into the text area').waitFor();
    await question(page, Q.dropdown).getByText('Please choose an answer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await typeText(page, Q.essay, ESSAY.slice('Ice'.length));
    await typeText(page, Q.textarea, NOTE);
    await chooseInBlank(page, Q.dropdown, 1, '100');
    await chooseInBlank(page, Q.dropdown, 2, '0');
    await expectSaveStatus(page, SAVE_STATUS.saved);

    // before the app's code has arrived, index.html's loader draws the page's head from that call (page-head-shell.ts):
    // the activity's title where the app shows it, gone once the app's page is there
    const h1Box = (within: string) =>
      page.evaluate((selector) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return [r.x, r.y, r.width > 0];
      }, `${within} h1`);
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    const drawn = page.locator('#aula-page-head h1');
    await drawn.waitFor();
    expect(await drawn.textContent()).toBe(ACTIVITY);
    const drawnBox = await h1Box('#aula-page-head');
    await page.unroute('**/assets/index-*.js');

    // a reload asks for the attempt once: index.html's loader starts the call and the page takes its answer
    // (packages/web/src/boot-loader.ts, lib/early-calls.ts)
    const attemptCalls: string[] = [];
    const countAttemptCalls = (request: { url: () => string; method: () => string }) => {
      if (request.method() === 'GET' && /\/student\/attempts\/\d+$/.test(request.url()))
        attemptCalls.push(request.url());
    };
    page.on('request', countAttemptCalls);
    await page.reload();
    await question(page, Q.essay).waitFor();
    page.off('request', countAttemptCalls);
    expect(attemptCalls).toHaveLength(1);
    expect(await page.locator('#aula-page-head').count()).toBe(0);
    expect(drawnBox[2]).toBe(true);
    expect(await h1Box('main')).toEqual(drawnBox);
    expect(await question(page, Q.essay).getByRole('textbox').inputValue()).toBe(ESSAY);
    expect(await question(page, Q.textarea).getByRole('textbox').inputValue()).toBe(NOTE);
    expect(await question(page, Q.dropdown).getByRole('combobox', { name: 'Blank 1' }).inputValue()).not.toBe('');
    // the first section: kept, and read-only now
    await page.getByRole('button', { name: 'Screen 1' }).click();
    expect(await question(page, Q.checkbox).getByLabel('Iron', { exact: true }).isChecked()).toBe(true);
    expect(await question(page, Q.checkbox).getByLabel('Copper', { exact: true }).isChecked()).toBe(true);
    expect(await question(page, Q.radio).getByLabel('Water', { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Screen 2' }).click();
  });

  it('keeps what is typed offline and sends it when the browser is back online', async () => {
    const essayId = await questionIdOf(page, Q.essay);
    await context.setOffline(true);
    await typeText(page, Q.essay, ESSAY_OFFLINE);
    await expectSaveStatus(page, SAVE_STATUS.offline);
    expect(storedText(await readAttempt(platform.apiUrl, studentToken, attemptId), essayId)).toBe(ESSAY);

    await context.setOffline(false);
    await expectSaveStatus(page, SAVE_STATUS.saved);
    expect(storedText(await readAttempt(platform.apiUrl, studentToken, attemptId), essayId)).toBe(
      ESSAY + ESSAY_OFFLINE,
    );
  });

  it('keeps what is typed while the server is down and sends it once the server is back', async () => {
    const essayId = await questionIdOf(page, Q.essay);
    // the server dies while the student types: the save after the pause finds no server
    await typeText(page, Q.essay, ESSAY_CRASH.slice(0, 10));
    await platform.crash();
    await typeText(page, Q.essay, ESSAY_CRASH.slice(10));
    await expectSaveStatus(page, SAVE_STATUS.unreachable);

    await platform.restart();
    // retried with backoff (at most 30 s between tries)
    await expectSaveStatus(page, SAVE_STATUS.saved, 45_000);
    const stored = await readAttempt(platform.apiUrl, studentToken, attemptId);
    expect(storedText(stored, essayId)).toBe(ESSAY + ESSAY_OFFLINE + ESSAY_CRASH);
  }, 150_000);

  it('places answers by keyboard only, draws, submits and sees the review banner change when the teacher scores', async () => {
    await nextSection(page);
    await question(page, Q.dnd).waitFor();

    // drag and drop by keyboard: Enter fills the first empty blank; Space, arrows and Space carry an option
    await placeByKeyboard(page, Q.dnd, 'Moon');
    await expect.poll(() => blank(page, Q.dnd, 1).textContent()).toContain('Moon');
    await placeByKeyboard(page, Q.dnd, 'Earth', { key: 'ArrowRight', times: 2 });
    await expect.poll(() => blank(page, Q.dnd, 2).textContent()).toContain('Earth');

    // a stroke on the drawing: focus its canvas, D for the pen (tldraw's shortcut), then draw
    // a window tall enough for the whole drawing area, so nothing scrolls under the pen
    await page.setViewportSize({ width: 1280, height: 1400 });
    const drawing = question(page, Q.drawing).getByRole('group', { name: 'Drawing area' });
    const canvas = drawing.locator('.tl-canvas');
    await canvas.waitFor({ timeout: 30_000 });
    await canvas.click({ position: { x: 300, y: 200 } });
    await page.keyboard.press('d');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 150, box.y + 150);
    await page.mouse.down();
    await page.mouse.move(box.x + 350, box.y + 250, { steps: 12 });
    await page.mouse.up();
    const drawingId = await questionIdOf(page, Q.drawing);
    await expect
      .poll(
        async () => {
          const stored = await readAttempt(platform.apiUrl, studentToken, attemptId);
          return stored.answers.some((a) => a.question_id === drawingId && a.value.additional[0]?.value.drawing);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await expectSaveStatus(page, SAVE_STATUS.saved);
    expect(await seriousViolations(page)).toEqual([]);

    await submitWork(page);
    const banner = reviewBanner(page);
    await banner.waitFor();
    const before = await banner.textContent();
    expect(before).toMatch(/Correct Answers: \d+ out of 6/);
    expect(before).toContain('Some answers are pending teacher review');
    expect(await seriousViolations(page)).toEqual([]);

    // the teacher, in their own browser, opens Stella's work at the essay's screen and gives it full marks; the
    // student's banner updates without a reload
    const view = await readAttempt(platform.apiUrl, studentToken, attemptId);
    const essayScreen = view.screens.find((s) => s.questions.some((q) => q.type === 'essay'))!;
    const teacher = await openPage(browser, platform.dashboardUrl);
    try {
      await signInDashboard(teacher.page);
      await openAssignmentProgress(teacher.page, view.attempt!.assignment_id);
      const stella = view.student.name;
      await openStudentWork(teacher.page, stella, ACTIVITY);
      // the work page's own address for the essay's screen (review-paths.ts: ?activity=&screen=)
      await teacher.page.goto(
        `${teacher.page.url().split('?')[0]}?activity=${view.activity.id}&screen=${essayScreen.screen_id}`,
      );
      await teacher.page.getByText(ESSAY).first().waitFor();
      await scoreEssay(teacher.page, 'Question', 4);
    } finally {
      await teacher.context.close();
    }
    const x = Number(/Correct Answers: (\d+)/.exec(before ?? '')?.[1]);
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toContain(`Correct Answers: ${x + 1} out of 6`);
  }, 120_000);
});
