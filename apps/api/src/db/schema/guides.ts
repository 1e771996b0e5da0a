import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { timestamps, accounts, domains } from './tenancy';
import { users } from './users';

// Guides (docs/guides.md): a teacher or staff resource with one stored file, an optional cover image and the
// activities it belongs to. Ownership is that of authored content (activity-scope.repo.ts): a domain, and an
// account when a district made it; a district's guide is invisible to every other district.

export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    // null: shared with every account of the domain
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    // the stored file under DATA_DIR/guides (random name) and what the uploader called it
    fileName: text('file_name').notNull(),
    fileStored: text('file_stored').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    // the cover's /media/files/... address (an image kept like the media library's), or null
    coverUrl: text('cover_url'),
    coverStored: text('cover_stored').array(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('guides_domain_idx').on(t.domainId, t.accountId)],
);

export const guideActivities = pgTable(
  'guide_activities',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.activityId] }), index('guide_activities_activity_idx').on(t.activityId)],
);
