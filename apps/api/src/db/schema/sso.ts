import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, domains, timestamps } from './tenancy';
import { users } from './users';

// Single sign-on (issue 17). A provider connection per district (Clever, ClassLink) or per district or domain
// (Google): the OpenID issuer Aula discovers (issuer + /.well-known/openid-configuration), the client, the secret
// stored only encrypted (lib/secrets.ts), ClassLink's tenant, Google's allowed hosted domains. docs/sso.md.
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    id: serial('id').primaryKey(),
    /** exactly one of account_id and domain_id is set; a domain-wide config serves Google only */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
    /** 'classlink' | 'clever' | 'google' (SIGN_IN_BUTTON_PROVIDERS) */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** ClassLink's tenant id (required for classlink, null otherwise) */
    tenant: text('tenant'),
    /** Google: sign-ins only from these hosted domains (the `hd` claim); empty = any */
    hostedDomains: text('hosted_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sso_configs_account_provider')
      .on(t.accountId, t.provider)
      .where(sql`${t.accountId} is not null`),
    uniqueIndex('sso_configs_domain_provider')
      .on(t.domainId, t.provider)
      .where(sql`${t.domainId} is not null`),
    check('sso_configs_owner_check', sql`(${t.accountId} is null) <> (${t.domainId} is null)`),
    check('sso_configs_provider_check', sql`${t.provider} in ('classlink', 'clever', 'google')`),
    check('sso_configs_domain_google_check', sql`${t.domainId} is null or ${t.provider} = 'google'`),
  ],
);

// One authorization request in flight: state, nonce and the PKCE verifier, single use, expiring (SSO_STATE_TTL).
export const ssoStates = pgTable(
  'sso_states',
  {
    /** sha256 of the state value sent to the provider (the value itself is never stored) */
    stateHash: text('state_hash').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
    /** sign-in type code 1 ClassLink, 2 Clever, 4 Google */
    provider: smallint('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** 'dashboard' | 'student': the app that started the sign-in (000 section 2, OAuth scope) */
    scope: text('scope').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** a signed-in user who asked to connect this provider (settings), null for a sign-in */
    connectUserId: integer('connect_user_id').references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_states_expires_idx').on(t.expiresAt)],
);

// A provider identity that matched no Aula user: the connect step (GET /oauth/{provider}/connect?hash=) links it to
// the user who then signs in with their password. Single use, expiring; only the hash is stored.
export const ssoConnectRequests = pgTable('sso_connect_requests', {
  requestHash: text('request_hash').primaryKey(),
  configId: integer('config_id')
    .notNull()
    .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
  provider: smallint('provider').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
