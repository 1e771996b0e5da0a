import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, accounts, domains, organizations } from './tenancy';
import { users } from './users';

// Classes, courses, academic sessions, groups and lab groups (issue 5).
// Tenancy: every row here belongs to one account (district); classes and courses also to one organization (school).

// Academic sessions (002 section 3): Full Year, Semester or Custom Session. Templates belong to a domain (no
// account) and are copied into accounts; the default academic year is 08/01/2025 to 05/31/2026 (2025-2026).
export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
    // null: a template of the domain
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // full_year, semester, custom
    type: text('type').notNull(),
    // the year the session ends in: 2026 is the school year 2025-2026
    schoolYear: integer('school_year').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    sourcedId: text('sourced_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('academic_sessions_account_idx').on(t.accountId),
    uniqueIndex('academic_sessions_account_sourced_id_unique')
      .on(t.accountId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
    check('academic_sessions_type_check', sql`${t.type} in ('full_year', 'semester', 'custom')`),
    check('academic_sessions_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    courseCode: text('course_code'),
    sourcedId: text('sourced_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('courses_account_idx').on(t.accountId),
    uniqueIndex('courses_account_sourced_id_unique')
      .on(t.accountId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    academicSessionId: integer('academic_session_id').references(() => academicSessions.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    customTitle: text('custom_title'),
    periods: text('periods'),
    grades: text('grades'),
    subject: text('subject'),
    // class settings page: { setting: value } (e.g. lab_groups)
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    sourcedId: text('sourced_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('classes_org_idx').on(t.organizationId),
    index('classes_account_idx').on(t.accountId),
    index('classes_course_idx').on(t.courseId),
    uniqueIndex('classes_account_sourced_id_unique')
      .on(t.accountId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

export const classUsers = pgTable(
  'class_users',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // teacher or student
    userType: text('user_type').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_users_user_idx').on(t.userId)],
);

// Groups (001 section 3): name, learners and teachers, relations to classes, learner type. Soft-deleted; a deleted
// group is restored through edit and cannot be deleted again.
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // who the learners are: students (the only kind the spec names); kept as text for later kinds
    learnerType: text('learner_type').notNull().default('student'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('groups_account_idx').on(t.accountId), index('groups_org_idx').on(t.organizationId)],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // student or teacher
    userType: text('user_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

export const groupClasses = pgTable(
  'group_classes',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.classId] }), index('group_classes_class_idx').on(t.classId)],
);

// Lab groups: small teams of a class's students for lab work (Vernier lab-group events); optionally tied to one
// assignment (the assignment's lab groups page), else the class's standing lab groups.
export const labGroups = pgTable(
  'lab_groups',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    // set for an assignment's own lab groups (FK added in assignments.ts would be circular; checked by the service)
    assignmentId: integer('assignment_id'),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('lab_groups_class_idx').on(t.classId), index('lab_groups_assignment_idx').on(t.assignmentId)],
);

export const labGroupUsers = pgTable(
  'lab_group_users',
  {
    labGroupId: integer('lab_group_id')
      .notNull()
      .references(() => labGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the group owner (Vernier groupOwnerId)
    isOwner: boolean('is_owner').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.labGroupId, t.userId] }), index('lab_group_users_user_idx').on(t.userId)],
);
