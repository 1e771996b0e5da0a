import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, timestamps } from './tenancy';

// A district's OneRoster REST server (002 section 3, "One-roster server"; issue 16 item 9). One per account: the
// spec deletes a source by account_id (docs/rostering-sources.md). The client secret is stored only encrypted
// (lib/secrets.ts, SECRETS_KEY) and never leaves the API.
export const rosterSources = pgTable(
  'roster_sources',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpointUrl: text('endpoint_url').notNull(),
    tenant: text('tenant'),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** oauth2: client credentials grant, bearer tokens; oauth1: OAuth 1.0a HMAC-SHA256 signed requests (ClassLink) */
    authorizationType: text('authorization_type').notNull().default('oauth2'),
    /** null: the endpoint's root + /token */
    tokenUrl: text('token_url'),
    ssoProvider: text('sso_provider'),
    isActive: boolean('is_active').notNull().default(true),
    allowAutomatic: boolean('allow_automatic').notNull().default(false),
    /** five-field cron, evaluated in UTC by the roster-sources tick job */
    schedule: text('schedule').notNull().default('0 2 * * *'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roster_sources_account_unique').on(t.accountId),
    check('roster_sources_authorization_type_check', sql`${t.authorizationType} in ('oauth2', 'oauth1')`),
    check(
      'roster_sources_sso_provider_check',
      sql`${t.ssoProvider} is null or ${t.ssoProvider} in ('clever', 'classlink', 'google')`,
    ),
  ],
);
