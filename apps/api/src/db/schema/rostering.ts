import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts, domains } from './tenancy';
import { users } from './users';

// The roster import queue (issue 16 items 3-8; 002 sections 3 and 4). A queue item holds the snapshot a source
// produced (RosterSnapshot), its log (roster_logs) and the reviewable diff (roster_changes). Records are matched by
// OneRoster sourcedId per account (the unique partial indexes on users, classes, courses, academic_sessions and
// organizations). source_id points at a roster source of the sources module, without a foreign key.
export const rosterQueue = pgTable(
  'roster_queue',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    // one of ROSTER_QUEUE_STATUSES
    status: text('status').notNull().default('created'),
    // csv, rest, clever, classlink, custom
    dataType: text('data_type').notNull(),
    // bulk or delta (known once staged; a CSV zip says it in its manifest)
    importType: text('import_type').notNull().default('bulk'),
    sourceId: integer('source_id'),
    // a CSV zip under DATA_DIR/roster-uploads (relative to DATA_DIR)
    filePath: text('file_path'),
    fileName: text('file_name'),
    // the staged RosterSnapshot's header { version, mode } (null: nothing staged yet); its records are in
    // roster_snapshot_rows, in chunks (one jsonb of a whole district would pass PostgreSQL's 256 MB jsonb limit)
    snapshot: jsonb('snapshot'),
    // { [entity]: { create, update, disable, possible_match, skip } }
    diffSummary: jsonb('diff_summary'),
    // { share, users: { disable, existing }, classes: ..., enrollments: ... }
    sanity: jsonb('sanity'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    // applied without review once staged, unless the sanity check holds it (automatic source imports, custom users)
    autoApprove: boolean('auto_approve').notNull().default(false),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('roster_queue_account_idx').on(t.accountId, t.id), index('roster_queue_status_idx').on(t.status)],
);

// The staged snapshot's records (without passwords): per queue item and list of RosterSnapshot (orgs, users,
// enrollments, ...), chunks of up to SNAPSHOT_CHUNK records in order, written and read one chunk at a time.
export const rosterSnapshotRows = pgTable(
  'roster_snapshot_rows',
  {
    queueId: integer('queue_id')
      .notNull()
      .references(() => rosterQueue.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    chunk: integer('chunk').notNull(),
    // json, not jsonb: stored and given back as written, never parsed into jsonb and rendered again
    rows: json('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.list, t.chunk] })],
);

// The staged snapshot's enrollments (a district's million: most of its bytes), in chunks of up to SNAPSHOT_CHUNK
// rows in the archive's order, each column of the chunk one array (the n-th element of each is the chunk's n-th
// row). Written as the archive is read; read in SQL only, by unnest (roster-enrollments.repo.ts): arrays are parsed
// once when written, where json chunks were parsed again by every statement that read them.
export const rosterEnrollmentChunks = pgTable(
  'roster_enrollment_chunks',
  {
    queueId: integer('queue_id')
      .notNull()
      .references(() => rosterQueue.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    sourcedIds: text('sourced_ids').array().notNull(),
    classSourcedIds: text('class_sourced_ids').array().notNull(),
    userSourcedIds: text('user_sourced_ids').array().notNull(),
    roles: text('roles').array().notNull(),
    primaries: boolean('primaries').array().notNull(),
    // active or tobedeleted
    statuses: text('statuses').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.chunk] })],
);

// The import log: row errors of the reader and of validation, and the queue's own messages.
export const rosterLogs = pgTable(
  'roster_logs',
  {
    id: serial('id').primaryKey(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => rosterQueue.id, { onDelete: 'cascade' }),
    // error, warning, info
    level: text('level').notNull(),
    file: text('file'),
    row: integer('row'),
    column: text('column'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('roster_logs_queue_idx').on(t.queueId, t.id)],
);

// The review: one row per record the import would create, update, disable, offer as a possible match or skip.
// queue_id has no foreign key on purpose: a district's first import writes a million rows here, and the per-row
// check of a foreign key was half the cost of writing them. Nothing deletes queue items; code that ever does must
// delete their roster_changes too (queue.repo clearStaging).
export const rosterChanges = pgTable(
  'roster_changes',
  {
    id: serial('id').primaryKey(),
    queueId: integer('queue_id').notNull(),
    // orgs, academicSessions, courses, classes, users, enrollments
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    sourcedId: text('sourced_id').notNull(),
    // what the review shows and searches (a name or title)
    label: text('label').notNull(),
    // the Aula row it changes (null for a create)
    targetId: integer('target_id'),
    // create: { field: new }; update: { field: { old, new } }; disable: {}
    changes: jsonb('changes').notNull().default({}),
    // possible_match: [{ id, first_name, last_name, email, username }]
    candidates: jsonb('candidates'),
  },
  (t) => [index('roster_changes_queue_idx').on(t.queueId, t.entity, t.action)],
);
