import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** created_at and updated_at, as every table with a life of its own has them. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
});

// type: 1 School, 2 District, 3 Charter, 4 Homeschool (001 section 3).
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    name: text('name').notNull(),
    districtId: text('district_id').notNull(),
    zipCode: text('zip_code').notNull(),
    type: smallint('type').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_district_id_unique').on(sql`lower(${t.districtId})`),
    index('accounts_domain_idx').on(t.domainId),
    check('accounts_type_check', sql`${t.type} between 1 and 4`),
  ],
);

export const accountSettings = pgTable(
  'account_settings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    setting: text('setting').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [uniqueIndex('account_settings_pk').on(t.accountId, t.setting)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ncesId: text('nces_id'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone'),
    website: text('website'),
    // where the row came from: manual, oneroster, clever, classlink, google, lti
    source: text('source').notNull().default('manual'),
    sourcedId: text('sourced_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('organizations_account_idx').on(t.accountId),
    uniqueIndex('organizations_account_sourced_id_unique')
      .on(t.accountId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

export const broadcasts = pgTable('broadcasts', {
  id: serial('id').primaryKey(),
  // null domain and account: shown to everyone
  domainId: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  level: text('level').notNull().default('info'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  meta: jsonb('meta'),
  createdAt: timestamps.createdAt,
});
