import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard, signInStudent } from '../support/dashboard-steps';
import { tabThrough, weakIndicators, type FocusStop } from '../support/focus-contrast';
import { chooseInBlank, chooseOption, nextSection, openActivity, question, typeText } from '../support/work-steps';

// Issue 14 item 16, focus you can see (WCAG 2.1 1.4.11 and 2.4.7): tabbing through a page, every control that takes
// focus shows an indicator (outline or ring) of at least 3:1 against what surrounds it, fields with a validation
// error included. The indicator is what changes when focus arrives (support/focus-contrast.ts).

const { dashboardUrl, studentUrl } = platformUrls();

function summary(stops: readonly FocusStop[]): string {
  return stops.map((s) => `${s.element} ${s.indicator ?? '-'} ${s.colour} on ${s.background} ${s.contrast}`).join('\n');
}

async function walk(page: Page, max = 80): Promise<FocusStop[]> {
  return tabThrough(page, max);
}

describe('focus indicators', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('dashboard: sign-in with its validation errors, then the groups and settings pages', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('input[aria-invalid="true"]').first().waitFor();
      const signIn = await walk(page);
      expect(signIn.filter((s) => s.invalid).length, summary(signIn)).toBeGreaterThan(0);
      expect(weakIndicators(signIn), summary(signIn)).toEqual([]);

      await signInDashboard(page, DEMO_USERS.teacher.email);
      for (const path of ['/groups', '/settings/profile']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
        const stops = await walk(page);
        expect(stops.length, summary(stops)).toBeGreaterThan(10);
        expect(weakIndicators(stops), `${path}\n${summary(stops)}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('partner theme: the student sign-in page with its validation errors', async () => {
    // Chromium resolves every *.localhost name to loopback; partner.* hosts pick the partner theme (ADR, themes.ts)
    const { context, page } = await openPage(browser, `http://partner.localhost:${new URL(studentUrl).port}`);
    try {
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('input[aria-invalid="true"]').first().waitFor();
      const stops = await walk(page);
      expect(stops.filter((s) => s.invalid).length, summary(stops)).toBeGreaterThan(0);
      expect(new Set(stops.map((s) => s.colour))).toContain('#0f766e');
      expect(weakIndicators(stops), summary(stops)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // the demo's every-kind check-in (section 1: checkbox, radio; 2: essay, text area, drop-down; 3: drag and drop,
  // drawing), each section walked as it opens and again showing its validation messages
  it('student: the controls of every question kind, also when they show their validation messages', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    const check = async (label: string) => {
      const stops = await walk(page);
      expect(weakIndicators(stops), `${label}\n${summary(stops)}`).toEqual([]);
      return stops;
    };
    try {
      await signInStudent(page, DEMO_USERS.student.username);
      await openActivity(page, 'Water and Matter Check-in');
      // a first run starts at section 1, a later one (the attempt kept from an earlier journey) may be on section 2
      const metals = question(page, 'Which of these are metals?');
      await metals.or(question(page, 'Explain why ice floats on water.')).first().waitFor();
      if (await metals.isVisible()) {
        await check('section 1');
        await nextSection(page);
        await page.getByText('Please choose an answer').first().waitFor();
        await check('section 1 with messages');
        await chooseOption(page, 'Which of these are metals?', 'Iron');
        await chooseOption(page, 'What is H2O?', 'Water');
        await nextSection(page);
      }
      await question(page, 'Explain why ice floats on water.').waitFor();
      await check('section 2');
      await nextSection(page);
      await page.getByText('Please choose an answer').first().waitFor();
      await check('section 2 with messages');
      await typeText(page, 'Explain why ice floats on water.', 'Ice is less dense than water.');
      await typeText(page, 'Note one thing you observed today.', 'It melted.');
      await chooseInBlank(page, 'Water boils at', 1, '100');
      await chooseInBlank(page, 'Water boils at', 2, '0');
      await nextSection(page);
      await question(page, 'orbits the').waitFor();
      await check('section 3');
    } finally {
      await context.close();
    }
  });
});
