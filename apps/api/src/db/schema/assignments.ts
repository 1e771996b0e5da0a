import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { activities, activityVersions, products } from './activities';
import { academicSessions, classes } from './classes';
import { timestamps, accounts, organizations } from './tenancy';
import { users } from './users';
import type { AnswerWireValue } from '@aula/domain/answers';

// Assignments, assignment sets, attempts (issue 5) and PAS plans (planned assignment schedules) that materialise
// into dated assignments.

export const assignmentSets = pgTable(
  'assignment_sets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('assignment_sets_account_idx').on(t.accountId)],
);

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    assignmentSetId: integer('assignment_set_id').references(() => assignmentSets.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // set when a PAS plan made this assignment
    planId: integer('plan_id').references((): AnyPgColumn => pasPlans.id, { onDelete: 'set null' }),
    planAssignmentId: integer('plan_assignment_id').references((): AnyPgColumn => pasPlanAssignments.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('assignments_account_idx').on(t.accountId),
    index('assignments_plan_assignment_idx').on(t.planAssignmentId),
    check('assignments_dates_check', sql`${t.dueAt} is null or ${t.dueAt} >= ${t.startAt}`),
  ],
);

// The activities of an assignment, each pinned to the version that was published when it was assigned.
export const assignmentActivities = pgTable(
  'assignment_activities',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    activityVersionId: integer('activity_version_id').references(() => activityVersions.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.activityId] }),
    index('assignment_activities_activity_idx').on(t.activityId),
  ],
);

// Who an assignment is for: whole classes, groups or single students. A student sees an assignment when they are
// in one of its classes or groups or named directly.
export const assignmentMembers = pgTable(
  'assignment_members',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    // class, group, student
    memberType: text('member_type').notNull(),
    memberId: integer('member_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.memberType, t.memberId] }),
    index('assignment_members_member_idx').on(t.memberType, t.memberId),
    check('assignment_members_type_check', sql`${t.memberType} in ('class', 'group', 'student')`),
  ],
);

// A student's attempt at one activity of an assignment (issue 6 adds answers). Its existence is what makes an
// assignment 'attempted': 'Assignment which was attempted by a student can not be edited or deleted.'
export const attempts = pgTable(
  'attempts',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    activityVersionId: integer('activity_version_id').references(() => activityVersions.id, {
      onDelete: 'set null',
    }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // in_progress, submitted
    status: text('status').notNull().default('in_progress'),
    // the furthest section the student has reached
    progressSection: integer('progress_section').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    // when the student last saved an answer (the teachers' progress view shows it)
    lastSavedAt: timestamp('last_saved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attempts_unique').on(t.assignmentId, t.activityId, t.studentId),
    index('attempts_student_idx').on(t.studentId),
    check('attempts_status_check', sql`${t.status} in ('in_progress', 'submitted')`),
  ],
);

// Issue 6: a student's answer to one question of their attempt (000 section 3: Answer). `value` is the wire value;
// `revision` is the client's, and a save only replaces a stored answer with a greater revision (docs/attempts.md).
// The automatic score is computed on save; a teacher's review score of an essay or drawing is kept apart.
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    screenId: integer('screen_id').notNull(),
    section: integer('section').notNull(),
    value: jsonb('value').$type<AnswerWireValue>().notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score'),
    // 000 section 3 correctness codes: 0 incorrect, 1 correct, 2 partially correct
    isCorrect: smallint('is_correct'),
    correctValues: jsonb('correct_values').$type<number[]>(),
    reviewScore: integer('review_score'),
    // a teacher's notes drawn over a drawing answer (a tldraw document)
    reviewAnnotation: jsonb('review_annotation'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('answers_attempt_question_unique').on(t.attemptId, t.questionId),
    check('answers_is_correct_check', sql`${t.isCorrect} is null or ${t.isCorrect} in (0, 1, 2)`),
  ],
);

// 000 section 3: screen state entries of an attempt (e.g. a Tuva plot state), by the renderer's item id; the same
// revision rule as answers.
export const attemptStates = pgTable(
  'attempt_states',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    stateId: text('state_id').notNull(),
    value: jsonb('value'),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.stateId] })],
);

// ---- PAS plans (002 sections 3 and 4; generation rules in @aula/domain) ----

export const pasPlans = pgTable(
  'pas_plans',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    academicSessionId: integer('academic_session_id').references(() => academicSessions.id, {
      onDelete: 'set null',
    }),
    // recurrence base code (000 section 3): 0 weekly, 1 biweekly, 2 monthly, 3 bimonthly
    planType: smallint('plan_type').notNull(),
    activitiesPerAssignment: integer('activities_per_assignment').notNull().default(1),
    // the assignment time: day of the cron base (weekday 0-6 for weekly/biweekly, day of month for monthly)
    cronDay: integer('cron_day'),
    // time of day the generated assignments open, 'HH:MM' in the plan's time zone
    assignTime: text('assign_time').notNull().default('08:00'),
    timeZone: text('time_zone').notNull().default('UTC'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    isPublished: smallint('is_published').notNull().default(0),
    isTemplate: smallint('is_template').notNull().default(0),
    // student settings: active for every student of the assigned classes, else only those listed active
    activeForStudents: smallint('active_for_students').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('pas_plans_account_idx').on(t.accountId),
    check('pas_plans_type_check', sql`${t.planType} between 0 and 3`),
  ],
);

// One generated (or edited) assignment of a plan: a date (null for the extra assignment of leftovers), a title
// ('Auto-Assignment #n' by default), and the weekend label when the date was moved to Monday.
export const pasPlanAssignments = pgTable(
  'pas_plan_assignments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => pasPlans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    date: date('date'),
    originalDate: date('original_date'),
    originalDateName: text('original_date_name'),
    // per-assignment settings (assignment settings update)
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('pas_plan_assignments_plan_idx').on(t.planId), index('pas_plan_assignments_date_idx').on(t.date)],
);

export const pasPlanAssignmentActivities = pgTable(
  'pas_plan_assignment_activities',
  {
    planAssignmentId: integer('plan_assignment_id')
      .notNull()
      .references(() => pasPlanAssignments.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    isLocked: smallint('is_locked').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.planAssignmentId, t.activityId] }),
    index('pas_plan_assignment_activities_activity_idx').on(t.activityId),
  ],
);

// Who a plan is assigned to (member_type, member_id); a class can be opted out (suspended) and back in.
export const pasPlanMembers = pgTable(
  'pas_plan_members',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => pasPlans.id, { onDelete: 'cascade' }),
    // class, organization, account
    memberType: text('member_type').notNull(),
    memberId: integer('member_id').notNull(),
    suspended: smallint('suspended').notNull().default(0),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.memberType, t.memberId] }),
    index('pas_plan_members_member_idx').on(t.memberType, t.memberId),
  ],
);

// Per-student membership when the plan is not active for all students.
export const pasStudentSettings = pgTable(
  'pas_student_settings',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => pasPlans.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: smallint('is_active').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.planId, t.studentId] })],
);

// Exactly once: one real assignment per (plan assignment, class), whatever the number of workers.
export const pasMaterialisations = pgTable(
  'pas_materialisations',
  {
    planAssignmentId: integer('plan_assignment_id')
      .notNull()
      .references(() => pasPlanAssignments.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planAssignmentId, t.classId] })],
);
