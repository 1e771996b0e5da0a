import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';
import {
  openAssignmentProgress,
  openStudentWork,
  progressRow,
  pseudonymOf,
  reviewBannerText,
  scoreEssay,
  setHideNames,
  setUpReviewAssignment,
  StudentAttempt,
  type ReviewAssignment,
} from '../support/review-steps';

// Issue 6, teacher review: a student submits an essay and a checkbox through the API; the demo teacher follows the
// class's progress live, hides names for projecting, opens the student's work, scores the essay ('Correct Answers'
// goes up) and checks what the student sees.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const TITLE = `Breathing ${RUN}`;
const NOAH = 'noah.smith';
const LIAM = 'liam.garcia';
const MIA = 'mia.kowalenko';

describe('teacher review journey', () => {
  let browser: Browser;
  let a: ReviewAssignment;

  beforeAll(async () => {
    browser = await launchBrowser();
    a = await setUpReviewAssignment(apiUrl, { title: TITLE, name: `Review week ${RUN}`, usernames: [NOAH, LIAM, MIA] });
    // Noah answers both questions (the checkbox right) and submits
    const noah = await StudentAttempt.start(apiUrl, NOAH, a);
    await noah.save([
      { label: 'Explain', value: { text: 'Our muscles need more oxygen, so we breathe faster.' } },
      { label: 'Gases', value: { options: noah.options('Gases', ['Oxygen', 'Nitrogen']) } },
    ]);
    await noah.submit();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows each student's progress and changes a row live when a student saves", async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await openAssignmentProgress(page, a.assignmentId);
      const noah = a.students[NOAH]!.name;
      const liam = a.students[LIAM]!.name;
      // Student, Status, Section reached, Answered, Correct Answers, Needs review, ...
      expect((await progressRow(page, noah)).slice(0, 6)).toEqual([
        noah,
        'Submitted',
        '1 of 1',
        '2 of 2',
        '1 of 2',
        '1',
      ]);
      expect((await progressRow(page, liam)).slice(0, 4)).toEqual([liam, 'Not started', '—', '0 of 2']);
      expect(await seriousViolations(page)).toEqual([]);

      // while the page is open Liam starts and saves an answer: his row changes without a reload
      const navigations: string[] = [];
      page.on('framenavigated', (f) => navigations.push(f.url()));
      const liamAttempt = await StudentAttempt.start(apiUrl, LIAM, a);
      await liamAttempt.save([{ label: 'Gases', value: { options: liamAttempt.options('Gases', ['Gold']) } }]);
      await expect
        .poll(async () => (await progressRow(page, liam)).slice(1, 4), { timeout: 15_000 })
        .toEqual(['In progress', '1 of 1', '1 of 2']);
      expect(navigations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("hides names for projecting, remembered after a reload, on the table and the student's work", async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await openAssignmentProgress(page, a.assignmentId);
      const noah = a.students[NOAH]!;
      const code = pseudonymOf(noah.id, a.assignmentId);
      await setHideNames(page, true);
      await page.getByRole('link', { name: code, exact: true }).waitFor();
      expect(await page.getByText(noah.name).count()).toBe(0);

      await page.reload();
      await page.getByRole('link', { name: code, exact: true }).waitFor();
      expect(await page.getByRole('switch', { name: 'Hide names' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.getByText(noah.name).count()).toBe(0);

      await openStudentWork(page, code, TITLE);
      expect(await page.getByText(noah.name).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await setHideNames(page, false);
      await page.getByRole('heading', { name: `${noah.name}: ${TITLE}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the student\'s work, scores the essay and the summary\'s "Correct Answers" goes up; the student view shows it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await openAssignmentProgress(page, a.assignmentId);
      const noah = a.students[NOAH]!.name;
      await openStudentWork(page, noah, TITLE);
      // the essay waits for the teacher; the checkbox is right
      let banner = await reviewBannerText(page);
      expect(banner).toContain('Correct Answers: 1 out of 2');
      expect(banner).toContain('Some answers are pending teacher review');
      expect(banner).toContain('NOTE: Green indicates a correct choice');
      await page.getByText('Our muscles need more oxygen, so we breathe faster.').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await scoreEssay(page, 'Explain', 4);
      await expect.poll(() => reviewBannerText(page)).toContain('Correct Answers: 2 out of 2');
      banner = await reviewBannerText(page);
      expect(banner).not.toContain('Some answers are pending teacher review');

      // what Noah sees: read-only, with the banner and the teacher's score
      await page.getByText('Student view', { exact: true }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/student-view'));
      await page.getByText(`This is what ${noah} sees.`).waitFor();
      await expect.poll(() => reviewBannerText(page)).toContain('Correct Answers: 2 out of 2');
      await page.getByText('Score: 4 / 4').first().waitFor();
      expect(await page.getByRole('button', { name: 'Save score' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // back on the assignment, the table counts the scored essay
      await page.getByRole('link', { name: /^Back to / }).click();
      await page.getByRole('heading', { name: 'Student progress' }).waitFor();
      await expect.poll(async () => (await progressRow(page, noah)).slice(4, 6)).toEqual(['2 of 2', '0']);
    } finally {
      await context.close();
    }
  });

  it("grades one screen's essay across students in one save, then a student's scores on their score sheet", async () => {
    // Mia answers the essay, picks the checkbox's right options and submits
    const mia = await StudentAttempt.start(apiUrl, MIA, a);
    await mia.save([
      { label: 'Explain', value: { text: 'The heart pumps faster to carry oxygen.' } },
      { label: 'Gases', value: { options: mia.options('Gases', ['Oxygen', 'Nitrogen']) } },
    ]);
    await mia.submit();
    const miaName = a.students[MIA]!.name;
    const liamName = a.students[LIAM]!.name;

    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page);
      await openAssignmentProgress(page, a.assignmentId);
      await page.getByRole('link', { name: 'Grade answers by screen' }).click();
      await page.getByRole('heading', { name: `Grade answers: ${TITLE}` }).waitFor();
      const explain = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Explain' }) });
      await explain.getByText('The heart pumps faster to carry oxygen.').waitFor();
      // Liam saved only the checkbox and has not submitted
      const liamRow = explain.locator('li').filter({ has: page.getByRole('link', { name: liamName }) });
      await liamRow.getByText('No answer').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await explain.getByRole('spinbutton', { name: `Score for ${miaName}: Explain` }).fill('3');
      await page.getByRole('button', { name: 'Save scores' }).click();
      await page.getByText('Scores saved: 1').waitFor();

      // Mia's work: 3 of 4 is not full marks, so only the checkbox counts as correct and nothing is pending
      await page.getByRole('link', { name: miaName }).first().click();
      await page.getByRole('heading', { name: `${miaName}: ${TITLE}` }).waitFor();
      await expect.poll(() => reviewBannerText(page)).toContain('Correct Answers: 1 out of 2');
      expect(await reviewBannerText(page)).not.toContain('Some answers are pending teacher review');
      await page.getByText('Score: 3 / 4').first().waitFor();

      // the score sheet ('grade screens'): full marks now
      await page.getByRole('spinbutton', { name: 'Score for Explain (screen 1)' }).fill('4');
      await page.getByRole('button', { name: 'Save scores' }).click();
      await page.getByText('Scores saved: 1').first().waitFor();
      await expect.poll(() => reviewBannerText(page)).toContain('Correct Answers: 2 out of 2');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
