import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { encryptSecret } from '../../apps/api/src/lib/secrets';
import { startOidcServers, type OidcServers } from '../../apps/api/test/oidc-server';
import { expectHeading, expectPath } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { E2E_SECRETS_KEY } from '../support/server';

// Issue 17: a student signs in through a Clever-like OpenID provider (oidc-provider on 127.0.0.1) in Chromium and
// lands in the student app. The demo district gets a Clever connection for this journey only (put back afterwards,
// so the other journeys' sign-in pages stay as they were).

const { studentUrl, dashboardUrl, databaseUrl } = inject('platform');
const student = DEMO_USERS.student;

describe('single sign-on in the browser', () => {
  let browser: Browser;
  let oidc: OidcServers;
  let db: pg.Client;
  let studentId: number;
  let accountId: number;
  let previous: { sourcedId: string | null; sso: unknown };

  beforeAll(async () => {
    oidc = await startOidcServers([2].flatMap((c) => [`${dashboardUrl}/oauth/${c}`, `${studentUrl}/oauth/${c}`]));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number; account_id: number; sourced_id: string | null }>(
      'select id, account_id, sourced_id from users where email = $1',
      [student.email],
    );
    ({ id: studentId, account_id: accountId } = rows[0]!);
    const sso = await db.query<{ value: unknown }>(
      `select value from account_settings where account_id = $1 and setting = 'sso'`,
      [accountId],
    );
    previous = { sourcedId: rows[0]!.sourced_id, sso: sso.rows[0]?.value ?? null };
    await db.query(`update users set sourced_id = 'e2e-clever-student' where id = $1`, [studentId]);
    await db.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'sso', $2)
       on conflict (account_id, setting) do update set value = excluded.value`,
      [accountId, JSON.stringify({ enabled: true, providers: ['clever'] })],
    );
    const { clever } = oidc.issuers;
    await db.query(
      `insert into sso_configs (account_id, provider, issuer, client_id, client_secret_encrypted)
       values ($1, 'clever', $2, $3, $4)`,
      [accountId, clever.issuer, clever.clientId, encryptSecret(E2E_SECRETS_KEY, clever.clientSecret)],
    );
    clever.accounts.set('clever-stella', { sourcedId: 'e2e-clever-student' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (db) {
      await db.query(`delete from sso_configs where account_id = $1 and provider = 'clever'`, [accountId]);
      await db.query('delete from oauth_connections where user_id = $1', [studentId]);
      await db.query('update users set sourced_id = $2 where id = $1', [studentId, previous.sourcedId]);
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

  it('a student signs in with Clever from the student sign-in page and lands in the student app', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Sign in with Clever' }).click();
      // the provider's own sign-in page
      await page.waitForURL((url) => url.origin === oidc.issuers.clever.issuer);
      await page.locator('input[name="login"]').fill('clever-stella');
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();

      await expectPath(page, '/');
      expect(new URL(page.url()).origin).toBe(studentUrl);
      await expectHeading(page, `Hi, ${student.firstName} ${student.lastName}!`);

      const linked = await db.query('select provider, issuer, subject from oauth_connections where user_id = $1', [
        studentId,
      ]);
      expect(linked.rows).toEqual([{ provider: 2, issuer: oidc.issuers.clever.issuer, subject: 'clever-stella' }]);
      const sessions = await db.query(
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
      await page.waitForURL((url) => url.origin === oidc.issuers.clever.issuer);
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
});
