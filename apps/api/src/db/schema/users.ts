import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, domains, organizations } from './tenancy';
import { roles } from './roles';

// Staff, teachers and students are one table: they share sign-in, names and tenancy; `role` tells them apart.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: text('role').notNull(),
    // set when role = 'custom'
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    // null domain = multi-domain (provider staff)
    domainId: integer('domain_id').references(() => domains.id),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash'),
    // true while the password is still the email address (001 section 2: change-password modal)
    passwordIsEmail: boolean('password_is_email').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    language: smallint('language').notNull().default(0),
    sourcedId: text('sourced_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.accountId, t.role),
    // OneRoster identity: one user per sourcedId in an account (issue 16 item 3)
    uniqueIndex('users_account_sourced_id_unique')
      .on(t.accountId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('user_organizations_org_idx').on(t.organizationId),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setting: text('setting').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.setting] })],
);

// Single sign-on identities, keyed by issuer + subject, never by email alone (DESIGN.md 9).
// provider: 1 ClassLink, 2 Clever, 3 LTI, 4 Google (000 section 3 sign-in type codes).
export const oauthConnections = pgTable(
  'oauth_connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: smallint('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_connections_identity').on(t.issuer, t.subject),
    index('oauth_connections_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // sha256 of the bearer token; the token itself is never stored
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash)],
);

export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  template: text('template').notNull(),
  meta: jsonb('meta'),
  // stored (no SMTP configured), queued, sent, failed
  status: text('status').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
