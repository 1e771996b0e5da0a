import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const customBytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
import { accounts } from './tenancy';
import { users } from './users';

// type: notification type of 001 section 9; status: unread | read; connection: 'messages'.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('unread'),
    event: text('event').notNull(),
    hash: text('hash').notNull(),
    connection: text('connection').notNull().default('messages'),
    message: jsonb('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.status)],
);

// type: generate-progress-report, account-merge, account-delete-data, create-user-activity-report;
// status: pending, processing, completed, error.
export const userTasks = pgTable(
  'user_tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('pending'),
    payload: jsonb('payload').notNull(),
    resultFile: text('result_file'),
    resultName: text('result_name'),
    resultType: text('result_type'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('user_tasks_user_idx').on(t.userId, t.status)],
);

// Who read or changed which student's (or any tenant) data (DESIGN.md 9).
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    accountId: integer('account_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    subjectUserId: integer('subject_user_id'),
    details: jsonb('details'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectUserId),
    index('audit_log_account_idx').on(t.accountId, t.createdAt),
  ],
);

// Used by @socket.io/postgres-adapter for payloads too large for NOTIFY (its documented table shape).
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: customBytea('payload'),
});
