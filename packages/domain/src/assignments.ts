import { z } from 'zod';
import { paginationSchema } from './tenancy.ts';

// Assignments, assignment sets and lab groups (issue 5 item 6; 001 sections 2, 4, 5, 7; 002 section 5), shared by
// the API, the dashboard and the student app. Snake_case on the wire.

/** 001 section 5 and 9: 'Assignment name at least 2 characters'. */
export const ASSIGNMENT_NAME_MIN = 2;
export const ASSIGNMENT_NAME_MAX = 255;
/** Activities and members one assignment may carry (a guard against runaway payloads, not a product rule). */
export const ASSIGNMENT_ACTIVITIES_MAX = 50;
export const ASSIGNMENT_MEMBERS_MAX = 500;
export const LAB_GROUP_NAME_MAX = 100;

/** Who an assignment is for: whole classes, groups or single students. */
export const MEMBER_TYPES = ['class', 'group', 'student'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

/** What a student's list shows for one assignment (the student home groups by it, in this order). */
export const STUDENT_ASSIGNMENT_STATUSES = ['current', 'upcoming', 'past_due', 'completed'] as const;
export type StudentAssignmentStatus = (typeof STUDENT_ASSIGNMENT_STATUSES)[number];

/** The staff lists' date filter: not open yet, open, or past its due date. */
export const ASSIGNMENT_PHASES = ['upcoming', 'current', 'past_due'] as const;
export type AssignmentPhase = (typeof ASSIGNMENT_PHASES)[number];

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const instantSchema = z.iso.datetime({ offset: true, error: 'validation.valid' });

export const assignmentNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .min(ASSIGNMENT_NAME_MIN, 'validation.minLength')
  .max(ASSIGNMENT_NAME_MAX, 'validation.maxLength');

export const memberSchema = z.object({
  member_type: z.enum(MEMBER_TYPES, { error: 'validation.select' }),
  member_id: idSchema,
});
export type AssignmentMemberInput = z.infer<typeof memberSchema>;

const activityIdsSchema = z
  .array(idSchema, { error: 'validation.select' })
  .min(1, 'validation.select')
  .max(ASSIGNMENT_ACTIVITIES_MAX, 'validation.select');
const membersSchema = z
  .array(memberSchema, { error: 'validation.select' })
  .min(1, 'validation.select')
  .max(ASSIGNMENT_MEMBERS_MAX, 'validation.select');

/** A due date may not come before the start (null: no due date). The one statement of the rule. */
export function dueNotBeforeStart(startAt: string | Date, dueAt: string | Date | null | undefined): boolean {
  if (dueAt === null || dueAt === undefined) return true;
  const start = new Date(startAt).getTime();
  const due = new Date(dueAt).getTime();
  // an unreadable date is reported on its own field
  if (Number.isNaN(start) || Number.isNaN(due)) return true;
  return due >= start;
}

const dueAfterStart = (v: { start_at?: string | undefined; due_at?: string | null | undefined }) =>
  v.start_at === undefined || dueNotBeforeStart(v.start_at, v.due_at);
const dueIssue = { message: 'assignments.dueBeforeStart', path: ['due_at'] };

const assignmentFields = {
  name: assignmentNameSchema,
  activity_ids: activityIdsSchema,
  members: membersSchema,
  /** when students may start (ISO 8601 with offset) */
  start_at: instantSchema,
  /** when it is due; required when staff assign by hand (PAS-made assignments may have none) */
  due_at: instantSchema,
  assignment_set_id: idSchema.nullable().optional(),
};

/** POST /dashboard/assignments. */
export const assignmentCreateSchema = z.object(assignmentFields).refine(dueAfterStart, dueIssue);
export type AssignmentCreateInput = z.infer<typeof assignmentCreateSchema>;

/**
 * PUT /dashboard/assignments/:id: every field optional; a list that is sent replaces the assignment's list. The
 * server checks the due date against the stored start when only one of them is sent.
 */
export const assignmentUpdateSchema = z
  .object(assignmentFields)
  .partial()
  .refine(
    (v) => v.start_at === undefined || v.due_at === undefined || dueNotBeforeStart(v.start_at, v.due_at),
    dueIssue,
  );
export type AssignmentUpdateInput = z.infer<typeof assignmentUpdateSchema>;

export const ASSIGNMENT_SORTS = ['name', '-name', 'start_at', '-start_at', 'due_at', '-due_at', '-created_at'] as const;

/** The filter body of every assignment list call (POST, as the spec's other lists). */
export const assignmentListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    phase: z.enum(ASSIGNMENT_PHASES, { error: 'validation.select' }).optional(),
    assignment_set_id: idSchema.optional(),
    sort: z.enum(ASSIGNMENT_SORTS, { error: 'validation.select' }).default('-start_at'),
  })
  .prefault({});
export type AssignmentListFilter = z.infer<typeof assignmentListSchema>;

/** The subjects the spec lists assignments under (001 section 2), with their path segment. */
export const ASSIGNMENT_LIST_SUBJECTS = {
  accounts: 'account',
  classes: 'class',
  students: 'student',
  groups: 'group',
  teachers: 'teacher',
  admins: 'admin',
  organizations: 'organization',
} as const;
export type AssignmentListSubject = (typeof ASSIGNMENT_LIST_SUBJECTS)[keyof typeof ASSIGNMENT_LIST_SUBJECTS];

/**
 * POST /dashboard/assignments/targets: what the assign-to picker offers, narrowed to one account, school, class or
 * group when the flow was opened under one.
 */
export const assignTargetsSchema = z
  .object({
    account_id: idSchema.optional(),
    organization_id: idSchema.optional(),
    class_id: idSchema.optional(),
    group_id: idSchema.optional(),
    student_id: idSchema.optional(),
    teacher_id: idSchema.optional(),
    /** editing: its own activities do not count as 'already in the class' */
    exclude_assignment_id: idSchema.optional(),
  })
  .prefault({});
export type AssignTargetsFilter = z.infer<typeof assignTargetsSchema>;

// ---- assignment sets ----

export const assignmentSetCreateSchema = z.object({
  name: assignmentNameSchema,
  /** provider and domain staff name the district; everyone else makes sets in their own */
  account_id: idSchema.optional(),
});
export type AssignmentSetCreateInput = z.infer<typeof assignmentSetCreateSchema>;

export const assignmentSetListSchema = paginationSchema
  .extend({ search: z.string().trim().max(255, 'validation.maxLength').optional() })
  .prefault({});
export type AssignmentSetListFilter = z.infer<typeof assignmentSetListSchema>;

// ---- lab groups under an assignment ----

const labGroupNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(LAB_GROUP_NAME_MAX, 'validation.maxLength');
const studentIdsSchema = z
  .array(idSchema, { error: 'validation.select' })
  .min(1, 'validation.select')
  .max(ASSIGNMENT_MEMBERS_MAX, 'validation.select');

const ownerInMembers = (v: { student_ids?: number[] | undefined; owner_id?: number | null | undefined }) =>
  v.owner_id === undefined || v.owner_id === null || v.student_ids === undefined || v.student_ids.includes(v.owner_id);
const ownerIssue = { message: 'assignments.ownerNotMember', path: ['owner_id'] };

/** POST /dashboard/assignments/:id/lab-groups: a team of one class's students; the owner leads (Vernier host). */
export const labGroupCreateSchema = z
  .object({
    class_id: idSchema,
    name: labGroupNameSchema,
    student_ids: studentIdsSchema,
    owner_id: idSchema.nullable().optional(),
  })
  .refine(ownerInMembers, ownerIssue);
export type LabGroupCreateInput = z.infer<typeof labGroupCreateSchema>;

/** PUT /dashboard/assignments/:id/lab-groups/:labGroupId: a lab group stays in its class. */
export const labGroupUpdateSchema = z
  .object({
    name: labGroupNameSchema,
    student_ids: studentIdsSchema,
    owner_id: idSchema.nullable(),
  })
  .partial()
  .refine(ownerInMembers, ownerIssue);
export type LabGroupUpdateInput = z.infer<typeof labGroupUpdateSchema>;

// ---- rules ----

/** 001 section 3: a classroom's name is its custom title, or its title plus ' - ' and periods. */
export function classroomName(c: {
  title: string;
  custom_title?: string | null | undefined;
  periods?: string | null | undefined;
}): string {
  if (c.custom_title) return c.custom_title;
  return c.periods ? `${c.title} - ${c.periods}` : c.title;
}

/** What the picker knows about one class: its students and the activities already assigned to it. */
export interface ClassTarget {
  id: number;
  student_ids: readonly number[];
  assigned_activity_ids: readonly number[];
}

export interface ClassConflict {
  member_type: 'activity' | 'student';
  /** the activity already assigned to the class, or the student already in it */
  id: number;
  class_id: number;
}

/**
 * 002 section 5: 'Items already in a class are disabled in selection.' Given the classes an assignment goes to:
 * - an activity already assigned to one of them (by another live assignment) is already in that class;
 * - a student of one of them is already in that class, so naming them on their own adds nothing.
 * The picker disables these items and the server refuses them, both through this function.
 */
export function alreadyInClass(
  classes: readonly ClassTarget[],
  selectedClassIds: readonly number[],
  candidates: { activity_ids?: readonly number[]; student_ids?: readonly number[] },
): ClassConflict[] {
  const out: ClassConflict[] = [];
  const chosen = classes.filter((c) => selectedClassIds.includes(c.id));
  for (const id of candidates.activity_ids ?? []) {
    const hit = chosen.find((c) => c.assigned_activity_ids.includes(id));
    if (hit) out.push({ member_type: 'activity', id, class_id: hit.id });
  }
  for (const id of candidates.student_ids ?? []) {
    const hit = chosen.find((c) => c.student_ids.includes(id));
    if (hit) out.push({ member_type: 'student', id, class_id: hit.id });
  }
  return out;
}

/** 002 section 5: 'groups without students are flagged empty'. */
export function isEmptyGroup(g: { student_ids: readonly unknown[] }): boolean {
  return g.student_ids.length === 0;
}

/** An assignment's dates as the staff lists filter them. */
export function assignmentPhase(
  a: { start_at: string | Date; due_at: string | Date | null },
  now: Date = new Date(),
): AssignmentPhase {
  const t = now.getTime();
  if (new Date(a.start_at).getTime() > t) return 'upcoming';
  if (a.due_at !== null && new Date(a.due_at).getTime() < t) return 'past_due';
  return 'current';
}

/**
 * A student's status for one assignment: completed once they have submitted every activity of it (whatever the
 * date); otherwise upcoming before the start, past due after the due date, and current in between.
 */
export function studentAssignmentStatus(
  a: { start_at: string | Date; due_at: string | Date | null; activities_count: number; submitted_count: number },
  now: Date = new Date(),
): StudentAssignmentStatus {
  if (a.activities_count > 0 && a.submitted_count >= a.activities_count) return 'completed';
  return assignmentPhase(a, now);
}

/** Groups a student's assignments by status, in the order the home shows them; each group keeps the list's order. */
export function groupByStatus<T extends { status: StudentAssignmentStatus }>(
  list: readonly T[],
): { status: StudentAssignmentStatus; items: T[] }[] {
  return STUDENT_ASSIGNMENT_STATUSES.map((status) => ({ status, items: list.filter((a) => a.status === status) }));
}
