import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';
import { setUpDemoSso, signInAtProvider, type DemoSso } from '../support/sso-demo';

// Issue 17, the other two provider shapes in Chromium (Clever: sso-sign-in.e2e.ts). A teacher signs in to the
// dashboard through a ClassLink-like provider, matched by their rostered SourcedId; then a Google-like identity
// that matches nobody goes through the connect step: "Sign in to connect", the password, and the link is made.
// The demo district gets both connections for this journey only and has them taken away afterwards.

const { dashboardUrl, studentUrl, databaseUrl } = platformUrls();
const teacher = DEMO_USERS.teacher;
const EMAIL = /Email address/;

describe('single sign-on for staff in the browser', () => {
  let browser: Browser;
  let sso: DemoSso;
  let teacherId: number;

  beforeAll(async () => {
    sso = await setUpDemoSso({
      databaseUrl,
      appUrls: [dashboardUrl, studentUrl],
      providers: [{ provider: 'classlink', tenant: 'e2e-tenant' }, { provider: 'google' }],
      sourcedIds: [[teacher.email, 'e2e-classlink-teacher']],
    });
    teacherId = sso.userIds[teacher.email]!;
    sso.oidc.issuers.classlink.accounts.set('cl-teacher', { sourcedId: 'e2e-classlink-teacher' });
    sso.oidc.issuers.google.accounts.set('g-teacher', { email: 'someone@gmail.example' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sso?.restore();
  });

  const connections = async () =>
    (
      await sso.db.query<{ provider: number; subject: string }>(
        'select provider, subject from oauth_connections where user_id = $1 order by provider',
        [teacherId],
      )
    ).rows;

  it('a teacher signs in with ClassLink from the dashboard sign-in page, matched by their rostered SourcedId', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with ClassLink' }).click();
      await signInAtProvider(page, sso.oidc.issuers.classlink.issuer, 'cl-teacher');

      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(dashboardUrl);
      await page.getByText(teacher.firstName).first().waitFor();
      expect(await connections()).toEqual([{ provider: 1, subject: 'cl-teacher' }]);
      const sessions = await sso.db.query(
        `select scope from sessions where user_id = $1 and created_at > now() - interval '2 minutes'
         order by id desc limit 1`,
        [teacherId],
      );
      expect(sessions.rows).toEqual([{ scope: 'dashboard' }]);
    } finally {
      await context.close();
    }
  });

  it('a Google identity that matches nobody is connected only after the teacher signs in with the password', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Google' }).click();
      await signInAtProvider(page, sso.oidc.issuers.google.issuer, 'g-teacher');

      await page.getByRole('heading', { name: 'We could not find your account in Aula' }).waitFor();
      // nothing is linked by the provider's e-mail or by anything else before the password proves who this is
      expect(await connections()).toEqual([{ provider: 1, subject: 'cl-teacher' }]);

      await page.getByRole('link', { name: 'Sign in to connect' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await fillSignIn(page, EMAIL, { login: teacher.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');

      await page.getByText('Your Google account is connected. From now on you can sign in with Google.').waitFor();
      expect(await connections()).toEqual([
        { provider: 1, subject: 'cl-teacher' },
        { provider: 4, subject: 'g-teacher' },
      ]);
    } finally {
      await context.close();
    }
  });

  it('the teacher sees both connections in settings and disconnects Google; Google then asks to connect again', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with ClassLink' }).click();
      await signInAtProvider(page, sso.oidc.issuers.classlink.issuer, 'cl-teacher');
      await expectPath(page, '/');

      await page.goto('/settings/integrations');
      const list = page.getByRole('list');
      await list.getByText('ClassLink', { exact: true }).waitFor();
      await list.getByText('Google', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const google = page.getByRole('listitem').filter({ hasText: 'Google' });
      await google.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByText('Disconnect Google? You will no longer be able to sign in with it.').waitFor();
      const [deleted] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/settings/oauth') && r.request().method() === 'DELETE'),
        page.getByRole('tooltip').getByRole('button', { name: 'Disconnect' }).click(),
      ]);
      expect(deleted.status()).toBe(200);
      await page.getByText('Google has been disconnected').waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Google' }).waitFor({ state: 'detached' });
      await list.getByText('ClassLink', { exact: true }).waitFor();
      expect(await connections()).toEqual([{ provider: 1, subject: 'cl-teacher' }]);
    } finally {
      await context.close();
    }

    // the Google identity is nobody's again: the connect step, no session
    const again = await openPage(browser, dashboardUrl);
    try {
      await again.page.goto('/sign-in');
      await again.page.getByRole('link', { name: 'Sign in with Google' }).click();
      await signInAtProvider(again.page, sso.oidc.issuers.google.issuer, 'g-teacher');
      await again.page.getByRole('heading', { name: 'We could not find your account in Aula' }).waitFor();
    } finally {
      await again.context.close();
    }
  });
});
