import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { browserToday, signInDashboard } from '../support/dashboard-steps';
import {
  assignClasses,
  assignedClassIds,
  createWeeklyPlan,
  optOut,
  publishPlan,
  readGiven,
} from '../support/pas-steps';

// A teacher builds a weekly PAS plan on Saturdays (its dates move to Monday, labelled Weekend), moves the first
// assignment to today, assigns the plan to both demo classes, opts one out and publishes it. Publishing enqueues
// the materialisation job, which gives today's assignment at once (the plan opens at 00:00): the class that takes
// part gets it, the opted-out class does not. The student side: the demo student, in both classes, gets it exactly
// once (through the class that takes part) from GET /student/assignments.

const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const PLAN = `Weekly science ${RUN}`;
const FIRST = `Atoms week ${RUN}`;
const CLASS_IN = 'Grade 7 Science - 2';
const CLASS_OUT = 'Earth & Space';

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
    try {
      await signInDashboard(page);
      const today = await browserToday(page);
      const planId = await createWeeklyPlan(page, {
        name: PLAN,
        today,
        activities: ['Atoms and Molecules', 'Chemical Reactions Lab', 'Heat Transfer Review'],
        firstTitle: FIRST,
      });

      // Not assigned yet: the server refuses to publish and the switch stays off
      const publish = page.getByRole('switch', { name: `Publish ${PLAN}` });
      await publish.click();
      await page.getByText('Assign this PAS plan to at least one class before publishing it.').waitFor();
      expect(await publish.getAttribute('aria-checked')).toBe('false');

      await assignClasses(page, [CLASS_IN, CLASS_OUT]);
      await optOut(page, CLASS_OUT);
      expect(await seriousViolations(page)).toEqual([]);
      await publishPlan(page, PLAN);

      // The job gives today's assignment to the class that takes part
      const ids = await assignedClassIds(apiUrl, planId);
      await expect.poll(() => readGiven(page, planId, ids[CLASS_IN]!), { timeout: 30_000, interval: 1000 }).toBe(1);
      await page.getByText('Whole class').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await readGiven(page, planId, ids[CLASS_OUT]!)).toBe(0);
      await page.getByText('This class is opted out of the plan.').waitFor();

      // The student side: the demo student is in both classes and gets it once, through the class that takes part
      const studentToken = await apiSignIn(apiUrl, 'student', DEMO_USERS.student.username, DEMO_PASSWORD);
      const res = await fetch(`${apiUrl}/student/assignments`, {
        headers: { Authorization: `Bearer ${studentToken}` },
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { name: string; status: string; due_at: string | null; activities: { title: string }[] }[];
      };
      const given = data.filter((a) => a.name === FIRST);
      expect(given).toHaveLength(1);
      expect(given[0]!.status).toBe('current');
      expect(given[0]!.activities.map((a) => a.title)).toEqual(['Atoms and Molecules']);
    } finally {
      await context.close();
    }
  });
});
