import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { INSTRUCTOR, LEARNER, startLtiPlatform, type LtiPlatform } from '../../apps/api/test/lti-platform';
import { makeActivity } from '../support/activity-fixtures';
import { apiSignIn } from '../support/api-client';
import { launchBrowser, openPage } from '../support/browser';

// Issue 18 items 3 and 6: a student opens an Aula activity from a course of the test LTI platform (Fastify + jose on
// 127.0.0.1). The course page frames Aula's login initiation; the OIDC round trip, the id_token POST and the student
// app's handoff run in Chromium inside that frame, and the activity opens in the player there. The demo district
// gets the platform and a catalog deployment for this journey only.

const { apiUrl, studentUrl, databaseUrl } = platformUrls();
const student = DEMO_USERS.student;
const TITLE = 'Volcanoes from the LMS';
const SET = 'E2E LMS unit';

describe('an LTI launch in the browser', () => {
  let browser: Browser;
  let platform: LtiPlatform;
  let db: pg.Client;
  let studentId: number;
  let teacherId: number;
  let previousSourcedId: string | null;
  let previousTeacherSourcedId: string | null;
  let platformId: number;
  let setId: number;

  beforeAll(async () => {
    platform = await startLtiPlatform({
      launchUrl: `${apiUrl}/lti/launch`,
      loginUrl: `${apiUrl}/lti/login`,
      jwksUrl: `${apiUrl}/lti/jwks`,
    });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number; account_id: number; sourced_id: string | null }>(
      'select id, account_id, sourced_id from users where email = $1',
      [student.email],
    );
    const { id, account_id: accountId } = rows[0]!;
    studentId = id;
    previousSourcedId = rows[0]!.sourced_id;
    await db.query(`update users set sourced_id = 'e2e-lti-student' where id = $1`, [studentId]);
    const teacher = await db.query<{ id: number; sourced_id: string | null }>(
      'select id, sourced_id from users where email = $1',
      [DEMO_USERS.teacher.email],
    );
    teacherId = teacher.rows[0]!.id;
    previousTeacherSourcedId = teacher.rows[0]!.sourced_id;
    await db.query(`update users set sourced_id = 'e2e-lti-teacher' where id = $1`, [teacherId]);

    const staff = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.superAdmin.email, DEMO_PASSWORD);
    const keys = await fetch(`${apiUrl}/dashboard/lti/keys`, { headers: { Authorization: `Bearer ${staff}` } });
    const signing = ((await keys.json()) as { data: { state: string }[] }).data.some((k) => k.state === 'active');
    if (!signing) {
      const made = await fetch(`${apiUrl}/dashboard/lti/keys`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${staff}` },
      });
      expect(made.status).toBe(200);
    }
    const p = await db.query<{ id: number }>(
      `insert into lti_platforms (name, issuer, client_id, key_set_url, access_token_url, oidc_auth_url)
       values ('E2E LMS', $1, $2, $3, $4, $5) returning id`,
      [platform.issuer, platform.clientId, platform.keySetUrl, platform.accessTokenUrl, platform.oidcAuthUrl],
    );
    platformId = p.rows[0]!.id;
    await db.query(
      `insert into lti_deployments (platform_id, deployment_id, account_id, is_catalog) values ($1, 'e2e-dep', $2, true)`,
      [platformId, accountId],
    );
    const set = await db.query<{ id: number }>(
      `insert into assignment_sets (account_id, name, created_by) values ($1, $2, $3) returning id`,
      [accountId, SET, teacherId],
    );
    setId = set.rows[0]!.id;
    const domainAdmin = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    const activityId = await makeActivity(apiUrl, domainAdmin, TITLE, true);
    platform.users.set('stella', { sub: 'lms-stella', roles: [LEARNER], sourcedId: 'e2e-lti-student' });
    platform.users.set('tara', { sub: 'lms-tara', roles: [INSTRUCTOR], sourcedId: 'e2e-lti-teacher' });
    platform.users.set('stranger', { sub: 'lms-stranger', roles: [LEARNER], sourcedId: 'nobody-in-aula' });
    platform.messages.set('pick', { type: 'LtiDeepLinkingRequest', deploymentId: 'e2e-dep', data: 'e2e-data' });
    platform.messages.set('volcanoes', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'e2e-dep',
      resourceLinkId: 'e2e-link',
      title: TITLE,
      custom: { aula_activity_id: String(activityId) },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (db) {
      await db.query(
        `delete from assignments where id in (select l.assignment_id from lti_resource_links l
           join lti_deployments d on d.id = l.deployment_id where d.platform_id = $1)`,
        [platformId],
      );
      await db.query('delete from lti_deployments where platform_id = $1', [platformId]);
      await db.query('delete from assignment_sets where id = $1', [setId]);
      await db.query('delete from lti_platforms where id = $1', [platformId]);
      await db.query('delete from oauth_connections where user_id = any($1::int[]) and provider = 3', [
        [studentId, teacherId],
      ]);
      await db.query('update users set sourced_id = $2 where id = $1', [studentId, previousSourcedId]);
      await db.query('update users set sourced_id = $2 where id = $1', [teacherId, previousTeacherSourcedId]);
      await db.end();
    }
    await platform?.close();
  });

  it('a student launches the activity from the course and works on it in the student app, inside the frame', async () => {
    const { context, page } = await openPage(browser, platform.url);
    try {
      await page.goto('/course/volcanoes?user=stella');
      const frame = page.frameLocator('iframe[name="tool"]');
      // the player's first screen, in the student app, inside the LMS frame
      await frame.getByRole('heading', { name: `${TITLE}: screen 1` }).waitFor();
      const tool = page.frame({ name: 'tool' })!;
      const at = new URL(tool.url());
      expect(at.origin).toBe(studentUrl);
      expect(at.pathname).toMatch(/^\/work\/\d+$/);

      const sessions = await db.query(
        `select scope from sessions where user_id = $1 and created_at > now() - interval '2 minutes' order by id desc limit 1`,
        [studentId],
      );
      expect(sessions.rows).toEqual([{ scope: 'student' }]);
      const linked = await db.query(
        'select issuer, subject from oauth_connections where user_id = $1 and provider = 3',
        [studentId],
      );
      expect(linked.rows).toEqual([{ issuer: platform.issuer, subject: 'lms-stella' }]);
    } finally {
      await context.close();
    }
  });

  it('a teacher picks the activity in Aula’s deep-linking picker and it goes back to the course as a graded link', async () => {
    const { context, page } = await openPage(browser, platform.url);
    try {
      await page.goto('/course/pick?user=tara');
      const frame = page.frameLocator('iframe[name="tool"]');
      await frame.getByRole('heading', { name: 'Choose Aula content' }).waitFor();
      await frame.getByRole('checkbox', { name: TITLE }).check();
      await frame.getByRole('button', { name: 'Add 1 activity' }).click();
      // the signed answer is posted to the platform from inside the frame
      await frame.getByText('Content added to the course').waitFor();
      expect(platform.deepLinkErrors).toEqual([]);
      const answer = platform.deepLinkReturns.at(-1)!.payload;
      expect(answer['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('e2e-data');
      const items = answer['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as {
        title: string;
        lineItem: { scoreMaximum: number };
      }[];
      expect(items.map((i) => [i.title, i.lineItem.scoreMaximum])).toEqual([[TITLE, 100]]);
    } finally {
      await context.close();
    }
  });

  it('a teacher adds an assignment set from the picker; its link opens the LTI assignment-set view', async () => {
    const { context, page } = await openPage(browser, platform.url);
    try {
      await page.goto('/course/pick?user=tara');
      const frame = page.frameLocator('iframe[name="tool"]');
      await frame.getByRole('heading', { name: 'Choose Aula content' }).waitFor();
      await frame.getByRole('tab', { name: 'Assignment sets' }).click();
      await frame.getByRole('checkbox', { name: new RegExp(SET) }).check();
      await frame.getByRole('button', { name: 'Add 1 item' }).click();
      await frame.getByText('Content added to the course').waitFor();
      expect(platform.deepLinkErrors).toEqual([]);
      const items = platform.deepLinkReturns.at(-1)!.payload[
        'https://purl.imsglobal.org/spec/lti-dl/claim/content_items'
      ] as { title: string; custom: Record<string, string>; lineItem?: unknown }[];
      expect(items).toEqual([
        {
          type: 'ltiResourceLink',
          title: SET,
          url: `${apiUrl}/lti/launch`,
          custom: { aula_assignment_set_id: String(setId) },
        },
      ]);

      // the platform makes a link of it; the teacher launching it lands on the set's LTI view in the dashboard
      platform.messages.set('unit', {
        type: 'LtiResourceLinkRequest',
        deploymentId: 'e2e-dep',
        resourceLinkId: 'e2e-set-link',
        title: SET,
        custom: items[0]!.custom,
      });
      // in the same tab, still signed in from the picker: the launch's session replaces that one
      await page.goto('/course/unit?user=tara');
      await frame.getByRole('heading', { name: `LMS links: ${SET}` }).waitFor();
      expect(new URL(page.frame({ name: 'tool' })!.url()).pathname).toBe(`/assignment-lti-set/view/${setId}`);
      await frame.getByRole('button', { name: 'Get the set’s LTI link' }).click();
      await frame.getByText(`aula_assignment_set_id=${setId}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a learner Aula does not know sees why inside the frame, and no session is made', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from sessions');
    const { context, page } = await openPage(browser, platform.url);
    try {
      await page.goto('/course/volcanoes?user=stranger');
      const frame = page.frameLocator('iframe[name="tool"]');
      await frame.getByRole('heading', { name: 'Aula could not open this link' }).waitFor();
      await frame
        .getByRole('alert')
        .filter({ hasText: 'We could not find your Aula student account in this district.' })
        .waitFor();
      const after = await db.query<{ n: number }>('select count(*)::int as n from sessions');
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    } finally {
      await context.close();
    }
  });
});
