import pg from 'pg';
import type { Page } from 'playwright-core';
import { encryptSecret } from '../../apps/api/src/lib/secrets';
import { startOidcServers, type OidcServers } from '../../apps/api/test/oidc-server';
import { E2E_SECRETS_KEY } from './server';

// The demo district's single sign-on for one journey (issue 17): OpenID providers started for the journey, the
// district's connections to them, its 'sso' setting turned on for them, rostered sourcedIds on some demo users.
// restore() puts everything back (connections, links, sourcedIds, the setting), so the other journeys' sign-in pages
// stay as they were.

type Provider = 'classlink' | 'clever' | 'google';
const CODES: Record<Provider, number> = { classlink: 1, clever: 2, google: 4 };

export interface DemoSso {
  oidc: OidcServers;
  db: pg.Client;
  accountId: number;
  /** the demo users named in `sourcedIds`, by e-mail */
  userIds: Record<string, number>;
  restore(): Promise<void>;
}

export async function setUpDemoSso(opts: {
  databaseUrl: string;
  /** the app origins whose /oauth/{code} pages the providers redirect to */
  appUrls: string[];
  /** the providers the district connects to; ClassLink with its tenant */
  providers: { provider: Provider; tenant?: string }[];
  /** demo users (by e-mail) and the OneRoster sourcedId each gets for the journey; the first names the district */
  sourcedIds: [string, string][];
}): Promise<DemoSso> {
  const providers = opts.providers.map((p) => p.provider);
  const oidc = await startOidcServers(
    providers.flatMap((p) => opts.appUrls.map((origin) => `${origin}/oauth/${CODES[p]}`)),
  );
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  const userIds: Record<string, number> = {};
  const previousSourcedIds: [number, string | null][] = [];
  let accountId = 0;
  /** undefined until read: then the setting is put back as it was (null: there was none) */
  let previousSetting: unknown;

  const restore = async () => {
    await db.query('delete from sso_configs where account_id = $1 and provider = any($2)', [accountId, providers]);
    await db.query('delete from oauth_connections where issuer = any($1)', [
      providers.map((p) => oidc.issuers[p].issuer),
    ]);
    for (const [id, sourcedId] of previousSourcedIds)
      await db.query('update users set sourced_id = $2 where id = $1', [id, sourcedId]);
    if (previousSetting === null)
      await db.query(`delete from account_settings where account_id = $1 and setting = 'sso'`, [accountId]);
    else if (previousSetting !== undefined)
      await db.query(`update account_settings set value = $2 where account_id = $1 and setting = 'sso'`, [
        accountId,
        JSON.stringify(previousSetting),
      ]);
    await db.end();
    await oidc.close();
  };

  try {
    for (const [email, sourcedId] of opts.sourcedIds) {
      const { rows } = await db.query<{ id: number; account_id: number; sourced_id: string | null }>(
        'select id, account_id, sourced_id from users where email = $1',
        [email],
      );
      const user = rows[0]!;
      userIds[email] = user.id;
      accountId ||= user.account_id;
      previousSourcedIds.push([user.id, user.sourced_id]);
      await db.query('update users set sourced_id = $2 where id = $1', [user.id, sourcedId]);
    }
    const sso = await db.query<{ value: unknown }>(
      `select value from account_settings where account_id = $1 and setting = 'sso'`,
      [accountId],
    );
    previousSetting = sso.rows[0]?.value ?? null;
    await db.query(
      `insert into account_settings (account_id, setting, value) values ($1, 'sso', $2)
       on conflict (account_id, setting) do update set value = excluded.value`,
      [accountId, JSON.stringify({ enabled: true, providers })],
    );
    for (const { provider, tenant } of opts.providers) {
      const issuer = oidc.issuers[provider];
      await db.query(
        `insert into sso_configs (account_id, provider, issuer, client_id, client_secret_encrypted, tenant)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          accountId,
          provider,
          issuer.issuer,
          issuer.clientId,
          encryptSecret(E2E_SECRETS_KEY, issuer.clientSecret),
          tenant ?? null,
        ],
      );
    }
  } catch (err) {
    // a half-made setup is put back before the journey fails
    await restore().catch(() => undefined);
    throw err;
  }
  return { oidc, db, accountId, userIds, restore };
}

/** The provider's own sign-in page (oidc-provider's development form): any password is taken. */
export async function signInAtProvider(page: Page, issuer: string, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}
