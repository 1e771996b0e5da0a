import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { encryptSecret } from '../../apps/api/src/lib/secrets';
import { startOidcServers, type OidcServers } from '../../apps/api/test/oidc-server';
import { expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { E2E_SECRETS_KEY } from '../support/server';

// Issue 17, the other two provider shapes in Chromium (Clever: sso-sign-in.e2e.ts). A teacher signs in to the
// dashboard through a ClassLink-like provider, matched by their rostered SourcedId; then a Google-like identity
// that matches nobody goes through the connect step: "Sign in to connect", the password, and the link is made.
// The demo district gets both connections for this journey only and has them taken away afterwards.

const { dashboardUrl, studentUrl, databaseUrl } = inject('platform');
const teacher = DEMO_USERS.teacher;
const EMAIL = /Email address/;

describe('single sign-on for staff in the browser', () => {
  let browser: Browser;
  let oidc: OidcServers;
  let db: pg.Client;
  let teacherId: number;
  let accountId: number;
  let previous: { sourcedId: string | null; sso: unknown };

  beforeAll(async () => {
    oidc = await startOidcServers([1, 4].flatMap((c) => [`${dashboardUrl}/oauth/${c}`, `${studentUrl}/oauth/${c}`]));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number; account_id: number; sourced_id: string | null }>(
      'select id, account_id, sourced_id from users where email = $1',
      [teacher.email],
    );
    ({ id: teacherId, account_id: accountId } = rows[0]!);
    const sso = await db.query<{ value: unknown }>(
      `select value from account_settings where account_id = $1 and setting = 'sso'`,
      [accountId],
    );
    previous = { sourcedId: rows[0]!.sourced_id, sso: sso.rows[0]?.value ?? null };
    await db.query(`update users set sourced_id = 'e2e-classlink-teacher' where id = $1`, [teacherId]);
    await db.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'sso', $2)
       on conflict (account_id, setting) do update set value = excluded.value`,
      [accountId, JSON.stringify({ enabled: true, providers: ['classlink', 'google'] })],
    );
    const { classlink, google } = oidc.issuers;
    for (const [provider, issuer, tenant] of [
      ['classlink', classlink, 'e2e-tenant'],
      ['google', google, null],
    ] as const) {
      await db.query(
        `insert into sso_configs (account_id, provider, issuer, client_id, client_secret_encrypted, tenant)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          accountId,
          provider,
          issuer.issuer,
          issuer.clientId,
          encryptSecret(E2E_SECRETS_KEY, issuer.clientSecret),
          tenant,
        ],
      );
    }
    classlink.accounts.set('cl-teacher', { sourcedId: 'e2e-classlink-teacher' });
    google.accounts.set('g-teacher', { email: 'someone@gmail.example' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (db) {
      await db.query(`delete from sso_configs where account_id = $1 and provider in ('classlink', 'google')`, [
        accountId,
      ]);
      await db.query('delete from oauth_connections where user_id = $1', [teacherId]);
      await db.query('update users set sourced_id = $2 where id = $1', [teacherId, previous.sourcedId]);
      if (previous.sso === null)
        await db.query(`delete from account_settings where account_id = $1 and setting = 'sso'`, [accountId]);
      else
        await db.query(`update account_settings set value = $2 where account_id = $1 and setting = 'sso'`, [
          accountId,
          JSON.stringify(previous.sso),
        ]);
      await db.end();
    }
    await oidc?.close();
  });

  const signInAtProvider = async (page: Page, issuer: string, login: string) => {
    await page.waitForURL((url) => url.origin === issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  };

  const connections = async () =>
    (
      await db.query<{ provider: number; subject: string }>(
        'select provider, subject from oauth_connections where user_id = $1 order by provider',
        [teacherId],
      )
    ).rows;

  it('a teacher signs in with ClassLink from the dashboard sign-in page, matched by their rostered SourcedId', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with ClassLink' }).click();
      await signInAtProvider(page, oidc.issuers.classlink.issuer, 'cl-teacher');

      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(dashboardUrl);
      await page.getByText(teacher.firstName).first().waitFor();
      expect(await connections()).toEqual([{ provider: 1, subject: 'cl-teacher' }]);
      const sessions = await db.query(
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
      await signInAtProvider(page, oidc.issuers.google.issuer, 'g-teacher');

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
});
