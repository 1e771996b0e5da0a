import { z } from 'zod';
import { accountSettingValueSchemas, paginationSchema } from './tenancy.ts';

// Classes (issue 5, "People and classes" item 1): the classroom display name, the 'All Classes' option, and the
// payloads of the class calls (001 section 7: POST my list, list, users by user_type; GET one; PUT update), the class
// summary (002 section 3), class settings and the class's lab groups. Snake_case on the wire.

export const CLASS_TITLE_MAX = 255;
export const CLASS_PERIODS_MAX = 100;
export const LAB_GROUP_NAME_MAX = 100;
/** Students one lab group may hold (a guard against runaway payloads; a lab team is a handful). */
export const LAB_GROUP_MEMBERS_MAX = 50;

/** 001 section 3: class-scope levels. */
export const CLASS_SCOPE_LEVELS = ['class', 'teacher', 'organization'] as const;
export type ClassScopeLevel = (typeof CLASS_SCOPE_LEVELS)[number];

/** Who a class member is (class_users.user_type); "users by user_type" lists one kind. */
export const CLASS_USER_TYPES = ['student', 'teacher'] as const;
export type ClassUserType = (typeof CLASS_USER_TYPES)[number];

export interface ClassroomNameParts {
  title: string;
  custom_title?: string | null | undefined;
  periods?: string | null | undefined;
}

/**
 * The classroom display name (000 section 3, 001 section 3): custom_title, else title followed by ' - ' and the
 * periods. A blank custom title counts as none, and a class without periods is shown by its title alone (no dangling
 * ' - ').
 */
export function classroomName(c: ClassroomNameParts): string {
  const custom = c.custom_title?.trim();
  if (custom) return custom;
  const periods = c.periods?.trim();
  return periods ? `${c.title} - ${periods}` : c.title;
}

/** 002 section 9: the class options list starts with 'All Classes' (id 0); id 0 in a class filter means no filter. */
export const ALL_CLASSES_ID = 0;

export interface ClassOption {
  id: number;
  name: string;
}

/** The options of a class picker: 'All Classes' (id 0, its label translated by the caller) first, then each class. */
export function classOptionsWithAll(
  classes: readonly (ClassroomNameParts & { id: number })[],
  allLabel: string,
): ClassOption[] {
  return [{ id: ALL_CLASSES_ID, name: allLabel }, ...classes.map((c) => ({ id: c.id, name: classroomName(c) }))];
}

/** A class filter value: undefined and 'All Classes' (0) both mean every class. */
export function classFilterOf(classId: number | null | undefined): number | undefined {
  return classId === undefined || classId === null || classId === ALL_CLASSES_ID ? undefined : classId;
}

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const searchSchema = z.string().trim().max(255, 'validation.maxLength').optional();
/** A class filter: an id, or 0 for 'All Classes'. */
export const classFilterSchema = z.number({ error: 'validation.select' }).int().min(0).max(999_999_999);

/**
 * POST /dashboard/classes/list and /my, and the lists under an account, organization, teacher, student or group: the
 * filter body. The path's subject adds its own filter.
 */
export const classListSchema = paginationSchema
  .extend({
    search: searchSchema,
    account_id: idSchema.optional(),
    organization_id: idSchema.optional(),
    // any of these schools (the classes under an admin: the admin's schools)
    organization_ids: z.array(idSchema).max(300).optional(),
    teacher_id: idSchema.optional(),
    student_id: idSchema.optional(),
    academic_session_id: idSchema.optional(),
  })
  .prefault({});
export type ClassListFilter = z.infer<typeof classListSchema>;

/** POST /dashboard/classes/:id/users: the members of one kind (user_type), paged. */
export const classUsersSchema = paginationSchema
  .extend({
    user_type: z.enum(CLASS_USER_TYPES, { error: 'validation.select' }),
    search: searchSchema,
  })
  .extend({ per_page: z.number().int().min(1).max(300).default(50) });
export type ClassUsersFilter = z.infer<typeof classUsersSchema>;

const optionalText = (max: number) => z.string().trim().max(max, 'validation.maxLength').nullable().optional();

/**
 * PUT /dashboard/classes/:id. custom_title is the teacher's own name for the class (null or blank: back to title and
 * periods). The rostered fields (title, periods, grades, subject) come from the roster on a rostered class and are
 * refused there. primary_teacher_id must be one of the class's teachers.
 */
export const classUpdateSchema = z.object({
  custom_title: optionalText(CLASS_TITLE_MAX),
  title: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .max(CLASS_TITLE_MAX, 'validation.maxLength')
    .optional(),
  periods: optionalText(CLASS_PERIODS_MAX),
  grades: optionalText(100),
  subject: optionalText(255),
  primary_teacher_id: idSchema.optional(),
});
export type ClassUpdateInput = z.infer<typeof classUpdateSchema>;
export const ROSTERED_CLASS_FIELDS = ['title', 'periods', 'grades', 'subject'] as const;

/** POST /dashboard/classes/:id/summary: the date range the student stats cover (default: the last 30 days). */
const dateSchema = z.iso.date({ error: 'validation.valid' });
export const classSummarySchema = z
  .object({ start_date: dateSchema.optional(), end_date: dateSchema.optional() })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, {
    path: ['end_date'],
    message: 'validation.valid',
  })
  .prefault({});
export type ClassSummaryInput = z.infer<typeof classSummarySchema>;
export const CLASS_SUMMARY_DEFAULT_DAYS = 30;

// ---- Class settings ----
// A class may override the account settings that make sense per class (001 section 3: account setting kinds include
// lab_groups). A class inherits the account's value until it sets its own, and cannot switch on what the district
// has switched off.

export const CLASS_SETTING_KINDS = ['lab_groups', 'immersive_reader'] as const;
export type ClassSettingKind = (typeof CLASS_SETTING_KINDS)[number];
export interface ClassSettingValue {
  enabled: boolean;
}

export const classSettingSchema = z.discriminatedUnion('setting', [
  // value null: drop the class's own value and inherit the account's again
  z.object({ setting: z.literal('lab_groups'), value: accountSettingValueSchemas.lab_groups.nullable() }),
  z.object({ setting: z.literal('immersive_reader'), value: accountSettingValueSchemas.immersive_reader.nullable() }),
]);
/** POST /dashboard/classes/:id/settings: a batch, saved all or nothing. */
export const classSettingsBatchSchema = z.object({
  settings: z.array(classSettingSchema, { error: 'validation.enter' }).min(1, 'validation.enter').max(10),
});
export type ClassSettingInput = z.infer<typeof classSettingSchema>;

export interface EffectiveClassSetting {
  setting: ClassSettingKind;
  /** what applies to the class */
  value: ClassSettingValue;
  /** the class's own value; null when it inherits */
  class_value: ClassSettingValue | null;
  /** the district's value */
  account_value: ClassSettingValue;
  /** false when the district has it off: the class cannot switch it on */
  available: boolean;
}

/** What applies to a class: on only when the district has it on and the class has not switched it off. */
export function effectiveClassSetting(
  setting: ClassSettingKind,
  accountValue: ClassSettingValue,
  classValue: ClassSettingValue | null,
): EffectiveClassSetting {
  const available = accountValue.enabled;
  return {
    setting,
    value: { enabled: available && (classValue ?? accountValue).enabled },
    class_value: classValue,
    account_value: accountValue,
    available,
  };
}

/** The class's own value of a setting from classes.settings (anything malformed counts as no value). */
export function classSettingValue(
  settings: Record<string, unknown>,
  setting: ClassSettingKind,
): ClassSettingValue | null {
  const parsed = accountSettingValueSchemas[setting].safeParse(settings[setting]);
  return parsed.success ? parsed.data : null;
}

// ---- Lab groups of a class ----

const labGroupNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(LAB_GROUP_NAME_MAX, 'validation.maxLength');

/**
 * POST /dashboard/classes/:id/lab-groups and PUT .../lab-groups/:labGroupId. Members must be students of the class,
 * each in at most one of the class's lab groups; owner_id (the sensor holder, Vernier's group owner) must be one of
 * them and defaults to the first.
 */
export const labGroupInputSchema = z
  .object({
    name: labGroupNameSchema,
    student_ids: z
      .array(idSchema, { error: 'validation.select' })
      .min(1, 'validation.select')
      .max(LAB_GROUP_MEMBERS_MAX, 'validation.select'),
    owner_id: idSchema.nullable().optional(),
  })
  .refine((v) => v.owner_id === undefined || v.owner_id === null || v.student_ids.includes(v.owner_id), {
    path: ['owner_id'],
    message: 'validation.select',
  });
export type LabGroupInput = z.infer<typeof labGroupInputSchema>;

/**
 * The owner of a lab group (class or assignment lab groups alike): the one asked for, else the current owner while
 * still a member, else the first member.
 */
export function labGroupOwner(
  input: { student_ids: readonly number[]; owner_id?: number | null | undefined },
  currentOwnerId?: number,
): number {
  if (input.owner_id !== undefined && input.owner_id !== null) return input.owner_id;
  if (currentOwnerId !== undefined && input.student_ids.includes(currentOwnerId)) return currentOwnerId;
  return input.student_ids[0]!;
}
