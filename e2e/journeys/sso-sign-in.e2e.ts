import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { setUpDemoSso, signInAtProvider, type DemoSso } from '../support/sso-demo';

// Issue 17: a student signs in through a Clever-like OpenID provider (oidc-provider on 127.0.0.1) in Chromium and
// lands in the student app; an identity that is both a staff member (linked) and a student (rostered sourcedId)
// chooses the role. The demo district gets a Clever connection for this journey only (put back afterwards, so the
// other journeys' sign-in pages stay as they were).

const { studentUrl, dashboardUrl, databaseUrl } = platformUrls();
const student = DEMO_USERS.student;
const teacher = DEMO_USERS.teacher;

describe('single sign-on in the browser', () => {
  let browser: Browser;
  let sso: DemoSso;
  let studentId: number;

  beforeAll(async () => {
    sso = await setUpDemoSso({
      databaseUrl,
      appUrls: [dashboardUrl, studentUrl],
      providers: [{ provider: 'clever' }],
      sourcedIds: [[student.email, 'e2e-clever-student']],
    });
    studentId = sso.userIds[student.email]!;
    sso.oidc.issuers.clever.accounts.set('clever-stella', { sourcedId: 'e2e-clever-student' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sso?.restore();
  });

  it('a student signs in with Clever from the student sign-in page and lands in the student app', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Clever' }).click();
      await signInAtProvider(page, sso.oidc.issuers.clever.issuer, 'clever-stella');

      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(studentUrl);
      await expectHeading(page, `Hi, ${student.firstName} ${student.lastName}!`);

      const linked = await sso.db.query('select provider, issuer, subject from oauth_connections where user_id = $1', [
        studentId,
      ]);
      expect(linked.rows).toEqual([{ provider: 2, issuer: sso.oidc.issuers.clever.issuer, subject: 'clever-stella' }]);
      const sessions = await sso.db.query(
        `select scope from sessions where user_id = $1 and created_at > now() - interval '2 minutes' order by id desc limit 1`,
        [studentId],
      );
      expect(sessions.rows).toEqual([{ scope: 'student' }]);
    } finally {
      await context.close();
    }
  });

  it('a provider cancel comes back as a clear message on the student host', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Clever' }).click();
      await page.waitForURL((url) => url.origin === sso.oidc.issuers.clever.issuer);
      const abort = new URL(page.url());
      abort.pathname = `${abort.pathname}/abort`;
      await page.goto(abort.href);
      await page.waitForURL((url) => url.origin === studentUrl && url.pathname === '/oauth/2');
      await expectHeading(page, 'We could not sign you in with Clever');
      await page
        .getByRole('alert')
        .filter({ hasText: 'The sign-in was cancelled or denied at the provider. Please try again.' })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('an identity that is a teacher (linked) and a student (rostered) chooses the role: Staff, then Student', async () => {
    const { clever } = sso.oidc.issuers;
    const teacherId = (await sso.db.query<{ id: number }>('select id from users where email = $1', [teacher.email]))
      .rows[0]!.id;
    // the teacher connected this Clever identity before; Clever also sends the student's rostered sourcedId
    await sso.db.query(
      `insert into oauth_connections (user_id, provider, issuer, subject) values ($1, 2, $2, 'clever-both')`,
      [teacherId, clever.issuer],
    );
    clever.accounts.set('clever-both', { sourcedId: 'e2e-clever-student' });
    const latestSession = async (userId: number) =>
      (
        await sso.db.query<{ scope: string }>(
          `select scope from sessions where user_id = $1 and created_at > now() - interval '2 minutes'
           order by id desc limit 1`,
          [userId],
        )
      ).rows;
    const before = await sso.db.query<{ n: number }>('select count(*)::int as n from sessions');

    // Staff: the dashboard, signed in as the teacher
    let { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Clever' }).click();
      await signInAtProvider(page, clever.issuer, 'clever-both');
      await expectHeading(page, 'Choose Your Role');
      expect(new URL(page.url()).pathname).toBe('/oauth-scope');
      // nobody is signed in until a role is chosen
      const waiting = await sso.db.query<{ n: number }>('select count(*)::int as n from sessions');
      expect(waiting.rows[0]!.n).toBe(before.rows[0]!.n);
      await page.getByRole('link', { name: 'Staff' }).click();
      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(dashboardUrl);
      await page.getByText(teacher.firstName).first().waitFor();
      expect(await latestSession(teacherId)).toEqual([{ scope: 'dashboard' }]);
    } finally {
      await context.close();
    }

    // Student: the student app, signed in as the student
    ({ context, page } = await openPage(browser, studentUrl));
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Clever' }).click();
      await signInAtProvider(page, clever.issuer, 'clever-both');
      await expectHeading(page, 'Choose Your Role');
      await page.getByRole('link', { name: 'Student' }).click();
      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(studentUrl);
      await expectHeading(page, `Hi, ${student.firstName} ${student.lastName}!`);
      expect(await latestSession(studentId)).toEqual([{ scope: 'student' }]);
    } finally {
      await context.close();
    }
  });
});
