import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ContentRow, Question } from '@aula/domain/activity-content';
import { timestamps, accounts, domains } from './tenancy';
import { users } from './users';

// Activities, their screens and versions, folders, tags, standards, products, media and sensors (issue 4).
//
// Ownership: an activity belongs to a domain (the content team builds for every district of it) and, when a
// district builds its own, to that account too. Readers see their domain's shared activities and their own
// account's.
//
// Versions are copy-on-write: a screen points at its current screen_version; editing a version that an activity
// version (history) has frozen makes a new screen_version. An activity version is the list of
// (screen, screen version, section, position) at the time it was made; publishing points the activity at one.

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // the product pages' description (issue 5)
    description: text('description'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // soft delete: activities, folders and PAS plans keep pointing at it, lists and pickers leave it out
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('products_domain_idx').on(t.domainId)],
);

export const standards = pgTable(
  'standards',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    // the standard's code, e.g. 'MS-PS1-2' (002 section 3: Standard has id and tag)
    tag: text('tag').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('standards_domain_tag_unique').on(t.domainId, sql`lower(${t.tag})`)],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    // null: shared with every account of the domain
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    kind: text('kind').notNull(),
    // draft until a version is published
    status: text('status').notNull().default('draft'),
    publishedVersionId: integer('published_version_id').references((): AnyPgColumn => activityVersions.id, {
      onDelete: 'set null',
    }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // scheduled publishing (a job publishes this version at this time)
    scheduledVersionId: integer('scheduled_version_id').references((): AnyPgColumn => activityVersions.id, {
      onDelete: 'set null',
    }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    scheduledJobId: text('scheduled_job_id'),
    // the activity this one was duplicated or cloned from
    sourceActivityId: integer('source_activity_id').references((): AnyPgColumn => activities.id, {
      onDelete: 'set null',
    }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('activities_domain_idx').on(t.domainId),
    index('activities_account_idx').on(t.accountId),
    check('activities_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

export const activityVersions = pgTable(
  'activity_versions',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    // 1, 2, 3 ... within the activity
    number: integer('number').notNull(),
    title: text('title').notNull(),
    note: text('note'),
    screens: jsonb('screens')
      .$type<{ screen_id: number; version_id: number; section: number; position: number }[]>()
      .notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('activity_versions_number_unique').on(t.activityId, t.number)],
);

export interface ScreenOrigin {
  screen_id: number;
  version_id: number;
  activity_id: number;
  activity_title: string;
}

export const screens = pgTable(
  'screens',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    section: integer('section').notNull(),
    position: integer('position').notNull(),
    currentVersionId: integer('current_version_id').references((): AnyPgColumn => screenVersions.id),
    // where a cloned or linked screen came from
    origin: jsonb('origin').$type<ScreenOrigin>(),
    // set while the screen is linked to (follows) another screen; edits of the source reach it
    linkedScreenId: integer('linked_screen_id').references((): AnyPgColumn => screens.id, { onDelete: 'set null' }),
    // removed from the draft; kept so that loading an older version can bring it back
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('screens_activity_idx').on(t.activityId, t.position),
    index('screens_linked_idx').on(t.linkedScreenId),
    check('screens_section_check', sql`${t.section} >= 1`),
  ],
);

export const screenVersions = pgTable(
  'screen_versions',
  {
    id: serial('id').primaryKey(),
    screenId: integer('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<ContentRow[]>().notNull(),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    media: jsonb('media').$type<number[]>().notNull(),
    sensors: jsonb('sensors').$type<number[]>().notNull(),
    // frozen once an activity version or a link refers to it; an edit then makes a new version
    frozen: boolean('frozen').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('screen_versions_screen_idx').on(t.screenId)],
);

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    // parent folder (null: a root)
    folderId: integer('folder_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // the archive tree holds archived activities
    archived: boolean('archived').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('folders_domain_idx').on(t.domainId), index('folders_parent_idx').on(t.folderId)],
);

export const activityFolders = pgTable(
  'activity_folders',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.folderId, t.activityId] }), index('activity_folders_activity_idx').on(t.activityId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('tags_domain_name_unique').on(t.domainId, sql`lower(${t.name})`)],
);

export const activityTags = pgTable(
  'activity_tags',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.tagId] }), index('activity_tags_tag_idx').on(t.tagId)],
);

export const activityStandards = pgTable(
  'activity_standards',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    standardId: integer('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.standardId] })],
);

export const activityProducts = pgTable(
  'activity_products',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] })],
);

export const activityFavorites = pgTable(
  'activity_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

export const sensors = pgTable('sensors', {
  id: serial('id').primaryKey(),
  // null: available in every domain
  domainId: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  // the lab's identifier for the device kind
  code: text('code').notNull(),
  ...timestamps,
});

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    location: text('location'),
    images: jsonb('images').$type<{ small: string; medium: string; large: string }>(),
    stored: jsonb('stored').$type<{ type: 'hls' | 'dash' | 'mp4' | 'poster'; src: string }[]>().notNull(),
    sensorIds: jsonb('sensor_ids').$type<number[]>().notNull().default([]),
    // provider details (oEmbed answer, page count, ...)
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('media_domain_idx').on(t.domainId, t.type)],
);

// Question and option ids are unique across the product (answers of issue 6 refer to them); the API hands them out
// from these sequences.
export const questionIdSeq = pgSequence('question_id_seq');
export const optionIdSeq = pgSequence('option_id_seq');
