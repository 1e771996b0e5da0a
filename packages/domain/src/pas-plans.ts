import { z } from 'zod';
import { isCalendarDate, isTimeZone } from './calendar-dates.ts';
import { RECURRENCE, WEEKEND_LABEL, type RecurrenceCode } from './plan-generation.ts';

// PAS plans (planned assignment schedules; 002 sections 3, 4, 7 and 9): plan types, the request contracts, and the
// plan's state machine, used by the API to refuse and by the dashboard to hide or disable.

// 002 section 9: 'PAS plan types: Weekly, Monthly, Biweekly, Bimonthly' (that order), each with its recurrence code.
export const PLAN_TYPES = [
  { id: RECURRENCE.weekly, name: 'Weekly' },
  { id: RECURRENCE.monthly, name: 'Monthly' },
  { id: RECURRENCE.biweekly, name: 'Biweekly' },
  { id: RECURRENCE.bimonthly, name: 'Bimonthly' },
] as const satisfies readonly { id: RecurrenceCode; name: string }[];
export type PlanTypeName = (typeof PLAN_TYPES)[number]['name'];

export const planTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Weekly and biweekly plans fall on a weekday (0 Sunday..6), monthly and bimonthly on a day of the month. */
export function cronDayKind(planType: RecurrenceCode): 'weekday' | 'monthday' {
  return planType === RECURRENCE.weekly || planType === RECURRENCE.biweekly ? 'weekday' : 'monthday';
}

export const MAX_ACTIVITIES_PER_ASSIGNMENT = 20;
export const MAX_PLAN_ACTIVITIES = 500;
export const DEFAULT_ASSIGN_TIME = '08:00';

const id = z.number().int().positive();
const calendarDate = z.string().refine(isCalendarDate, { message: 'validation.valid' });
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.valid' });
const flag = z.union([z.literal(0), z.literal(1)]);

// The plan's details. Every one is required ('Please enter all the details'); the schema accepts a missing one so
// that the API can answer with that message and a list of the missing fields (missingPlanDetails) instead of one
// message per field.
export const planDetailsSchema = z.object({
  name: z.string().trim().max(200).nullish(),
  product_id: id.nullish(),
  academic_session_id: id.nullish(),
  plan_type: planTypeSchema.nullish(),
  activities_per_assignment: z.number().int().min(1).max(MAX_ACTIVITIES_PER_ASSIGNMENT).nullish(),
  cron_day: z.number().int().min(0).max(31).nullish(),
  start_date: calendarDate.nullish(),
  end_date: calendarDate.nullish(),
  assign_time: time.optional(),
  time_zone: z.string().refine(isTimeZone, { message: 'validation.valid' }).optional(),
});
export type PlanDetailsInput = z.infer<typeof planDetailsSchema>;

export const PLAN_DETAIL_FIELDS = [
  'name',
  'product_id',
  'academic_session_id',
  'plan_type',
  'activities_per_assignment',
  'cron_day',
  'start_date',
] as const;
export type PlanDetailField = (typeof PLAN_DETAIL_FIELDS)[number];

/**
 * The details still missing: product, academic session, plan type, activities per assignment and the schedule
 * (start date and the day it recurs on). A weekday must be 0-6 and a day of the month 1-31.
 */
export function missingPlanDetails(d: PlanDetailsInput): PlanDetailField[] {
  const missing: PlanDetailField[] = [];
  if (!d.name?.trim()) missing.push('name');
  if (d.product_id == null) missing.push('product_id');
  if (d.academic_session_id == null) missing.push('academic_session_id');
  if (d.plan_type == null) missing.push('plan_type');
  if (d.activities_per_assignment == null) missing.push('activities_per_assignment');
  if (d.start_date == null) missing.push('start_date');
  const cron = d.cron_day;
  const cronOk =
    cron != null && (d.plan_type == null || (cronDayKind(d.plan_type) === 'weekday' ? cron <= 6 : cron >= 1));
  if (!cronOk) missing.push('cron_day');
  return missing;
}

/** The end must not come before the start. */
export function planDatesInOrder(d: PlanDetailsInput): boolean {
  return !d.start_date || !d.end_date || d.end_date >= d.start_date;
}

export const planAssignmentActivitySchema = z.object({ id, is_locked: z.boolean().optional() });

export const planAssignmentSettingsSchema = z.object({
  /** days after the assignment opens that it is due; none: no due date */
  due_days: z.number().int().min(0).max(365).nullish(),
  instructions: z.string().max(2000).nullish(),
});
export type PlanAssignmentSettings = z.infer<typeof planAssignmentSettingsSchema>;

export const planAssignmentInputSchema = z.object({
  /** an existing plan assignment keeps its id (and what classes already got from it) */
  id: id.optional(),
  date: calendarDate.nullable(),
  title: z.string().trim().min(1).max(200).optional(),
  original_date: calendarDate.nullish(),
  original_date_name: z.literal(WEEKEND_LABEL).nullish(),
  settings: planAssignmentSettingsSchema.optional(),
  activities: z.array(planAssignmentActivitySchema).max(MAX_PLAN_ACTIVITIES),
});
export type PlanAssignmentInput = z.infer<typeof planAssignmentInputSchema>;

export const planWriteSchema = planDetailsSchema.extend({
  assignments: z
    .array(planAssignmentInputSchema)
    .max(MAX_PLAN_ACTIVITIES + 1)
    .optional(),
});
export type PlanWriteInput = z.infer<typeof planWriteSchema>;

export const planListSchema = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(300).default(10),
  search: z.string().trim().max(200).optional(),
  is_published: flag.optional(),
  is_template: flag.optional(),
  product_id: id.optional(),
  academic_session_id: id.optional(),
});
export type PlanListFilter = z.infer<typeof planListSchema>;

export const classPlanListSchema = planListSchema.extend({ class_id: id });
export type ClassPlanListFilter = z.infer<typeof classPlanListSchema>;

export const planCopySchema = z.object({ name: z.string().trim().min(1).max(200).optional() });

// Members: a class, or a course (every class of it, assigned one by one).
export const PLAN_MEMBER_TYPES = ['class', 'course'] as const;
export const planAssignSchema = z.object({ member_type: z.enum(PLAN_MEMBER_TYPES), member_id: id });
export type PlanAssignInput = z.infer<typeof planAssignSchema>;
export const planUnassignSchema = z.object({ member_type: z.literal('class'), member_id: id });

export const planAvailableSchema = z.object({
  type: z.enum(['class', 'course']).default('class'),
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(300).default(10),
  search: z.string().trim().max(200).optional(),
});
export type PlanAvailableFilter = z.infer<typeof planAvailableSchema>;

export const planClassSchema = z.object({ class_id: id });

export const availableSessionsSchema = z.object({
  scope: z.object({ account_id: id.optional() }).default({}),
});

export const studentSettingsUpdateSchema = z.union([
  z.object({ active_for_students: flag }),
  z.object({ student_id: id, is_active: flag }),
]);
export type StudentSettingsUpdate = z.infer<typeof studentSettingsUpdateSchema>;

export const assignmentSettingsUpdateSchema = z.object({
  plan_assignment_id: id,
  title: z.string().trim().min(1).max(200).optional(),
  settings: planAssignmentSettingsSchema.optional(),
});
export type AssignmentSettingsUpdate = z.infer<typeof assignmentSettingsUpdateSchema>;

export const createFromPlanSchema = z.object({ plan_assignment_id: id, class_id: id });

export const calendarSchema = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });

// ---- the state machine (docs/pas-plans.md) ----
//
// 002 section 4 says "Draft then Published, and it can be unpublished", "A draft cannot be assigned or published"
// and "A plan must be assigned before it can be published". Read together: a plan whose schedule is not finished
// is a draft; a finished, unpublished plan is ready: it can be assigned, and once assigned, published; a published
// plan can be unpublished (back to ready). Details are always complete (the API refuses a plan without them), so
// what makes a draft is its schedule: no dated assignment with an activity yet, or activities still unassigned (in
// the extra assignment without a date) - they must be moved or deleted first.

export type PlanState = 'draft' | 'ready' | 'published';

export interface PlanStateFacts {
  is_published: boolean | 0 | 1;
  /** dated assignments with at least one activity */
  scheduled_assignments: number;
  /** activities in the assignment without a date */
  unassigned_activities: number;
}

export function planState(p: PlanStateFacts): PlanState {
  if (p.is_published) return 'published';
  if (p.scheduled_assignments === 0 || p.unassigned_activities > 0) return 'draft';
  return 'ready';
}

export type PlanRefusal = 'draft' | 'notAssigned' | 'published';

/** Classes can be assigned to a ready or published plan, never to a draft. */
export function assignRefusal(p: PlanStateFacts): PlanRefusal | null {
  return planState(p) === 'draft' ? 'draft' : null;
}

/**
 * The publish toggle: a published plan unpublishes; a ready plan publishes when at least one class takes part
 * (assigned and not opted out); a draft never publishes.
 */
export function publishToggleRefusal(p: PlanStateFacts & { active_classes: number }): PlanRefusal | null {
  const state = planState(p);
  if (state === 'published') return null;
  if (state === 'draft') return 'draft';
  return p.active_classes > 0 ? null : 'notAssigned';
}

/** 'You cannot delete an already published PAS plan' */
export function deleteRefusal(p: Pick<PlanStateFacts, 'is_published'>): PlanRefusal | null {
  return p.is_published ? 'published' : null;
}

/** A published plan's details and schedule are fixed: 'This PAS plan has already been published' (unpublish first). */
export function editRefusal(p: Pick<PlanStateFacts, 'is_published'>): PlanRefusal | null {
  return p.is_published ? 'published' : null;
}

/** The facts of a plan's assignments (as the wizard holds them or the API stored them). */
export function scheduleFacts(
  assignments: readonly { date: string | null; activities: readonly unknown[] }[],
): Pick<PlanStateFacts, 'scheduled_assignments' | 'unassigned_activities'> {
  let scheduled = 0;
  let unassigned = 0;
  for (const a of assignments) {
    if (a.date === null) unassigned += a.activities.length;
    else if (a.activities.length > 0) scheduled += 1;
  }
  return { scheduled_assignments: scheduled, unassigned_activities: unassigned };
}

// ---- responses ----

export interface PlanActivityDto {
  id: number;
  title: string;
  is_locked: boolean;
  position: number;
}

export interface PlanAssignmentDto {
  id: number;
  plan_assignment_id: number;
  position: number;
  title: string;
  date: string | null;
  original_date: string | null;
  original_date_name: string | null;
  settings: PlanAssignmentSettings;
  activities: PlanActivityDto[];
  /** classes that already got this assignment */
  given_classes: number;
}

export interface PlanDto {
  id: number;
  name: string;
  account_id: number;
  product_id: number | null;
  product_name: string | null;
  academic_session_id: number | null;
  academic_session_title: string | null;
  plan_type: RecurrenceCode;
  activities_per_assignment: number;
  cron_day: number | null;
  assign_time: string;
  time_zone: string;
  start_date: string | null;
  end_date: string | null;
  is_published: 0 | 1;
  is_template: 0 | 1;
  active_for_students: 0 | 1;
  state: PlanState;
  scheduled_assignments: number;
  unassigned_activities: number;
  activities_count: number;
  assigned_classes: number;
  active_classes: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PlanDetailDto extends PlanDto {
  assignments: PlanAssignmentDto[];
  extra_activities: PlanActivityDto[];
}

export interface PlanMemberDto {
  member_type: 'class';
  member_id: number;
  title: string;
  organization_id: number;
  suspended: 0 | 1;
  assigned_at: string;
}

export interface PublishToggleDto {
  is_success: boolean;
  is_published: 0 | 1;
  message?: string;
}
