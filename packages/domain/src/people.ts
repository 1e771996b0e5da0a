import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { paginationSchema } from './tenancy.ts';

// Students, teachers and admins (001 sections 3, 5 and 7; 000 section 3). Messages are i18n keys.

// ---- Name parts (000 section 3): read from either naming style ----

/** A user as any client or API may carry it: camelCase (lastName) or snake_case (last_name), division optional. */
export interface NameSource {
  readonly firstName?: string | null;
  readonly first_name?: string | null;
  readonly middleName?: string | null;
  readonly middle_name?: string | null;
  readonly lastName?: string | null;
  readonly last_name?: string | null;
  readonly division?: string | null;
}

export interface NameParts {
  firstName: string;
  middleName: string;
  lastName: string;
  division: string;
}

const part = (...values: (string | null | undefined)[]): string => {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return '';
};

/** The name parts of a user; camelCase wins when both styles are present and non-empty. Missing parts are ''. */
export function namePartsOf(user: NameSource | null | undefined): NameParts {
  if (!user) return { firstName: '', middleName: '', lastName: '', division: '' };
  return {
    firstName: part(user.firstName, user.first_name),
    middleName: part(user.middleName, user.middle_name),
    lastName: part(user.lastName, user.last_name),
    division: part(user.division),
  };
}

/**
 * The full-name rule: first, middle and last name, in that order, separated by one space, empty parts left out.
 * The division (a grade, section or school division some rosters send) follows in parentheses when present:
 * 'Ava Marie Nguyen (7B)'.
 */
export function fullNameOf(user: NameSource | null | undefined): string {
  const p = namePartsOf(user);
  const name = [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
  if (!p.division) return name;
  return name ? `${name} (${p.division})` : p.division;
}

/** 'Nguyen, Ava Marie': for tables sorted by last name. Falls back to the full name when there is no last name. */
export function sortableNameOf(user: NameSource | null | undefined): string {
  const p = namePartsOf(user);
  if (!p.lastName) return fullNameOf(user);
  const given = [p.firstName, p.middleName].filter(Boolean).join(' ');
  return given ? `${p.lastName}, ${given}` : p.lastName;
}

/** Initials for an avatar: first letters of first and last name ('AN'). */
export function initialsOf(user: NameSource | null | undefined): string {
  const p = namePartsOf(user);
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();
}

// ---- Student lists (POST list and my list, with withRelations and scope) ----

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);

/**
 * The scope of a student list: the students of one account, school, class, teacher's classes or group. Several keys
 * narrow together. Each id must be visible to the caller; one that is not gives an empty list, never another
 * tenant's students.
 */
export const studentScopeSchema = z
  .object({
    account_id: idSchema.optional(),
    organization_id: idSchema.optional(),
    // any of these schools (the students under an admin: the admin's schools)
    organization_ids: z.array(idSchema).max(300).optional(),
    class_id: idSchema.optional(),
    teacher_id: idSchema.optional(),
    group_id: idSchema.optional(),
  })
  .strict();
export type StudentScope = z.infer<typeof studentScopeSchema>;

export const studentListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    // the spec's payload name; with it each student carries their classes, schools and groups
    withRelations: z.boolean({ error: 'validation.select' }).optional(),
    scope: studentScopeSchema.optional(),
  })
  .prefault({});
export type StudentListFilter = z.infer<typeof studentListSchema>;

// ---- Setting a student's password (PATCH password) ----

/** The staff form: a new password (min 8, numbers, letters and special characters) and its confirmation. */
export const studentPasswordSchema = z
  .object({
    password: passwordSchema,
    password_confirmation: z.string({ error: 'validation.repeat' }).min(1, 'validation.repeat'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.passwordsMismatch',
  });
export type StudentPasswordInput = z.infer<typeof studentPasswordSchema>;

// ---- A student's settings (POST settings update: setting, value) ----

// The user settings of 001 section 3 that apply to a student, plus the Immersive Reader (an account setting a
// teacher may also turn on or off per student) and the interface language.
export const STUDENT_SETTINGS = ['language_switcher', 'auto_logout', 'immersive_reader', 'language'] as const;
export type StudentSettingName = (typeof STUDENT_SETTINGS)[number];

export const AUTO_LOGOUT_MAX_MINUTES = 24 * 60;

export const studentSettingSchema = z.discriminatedUnion(
  'setting',
  [
    z.object({ setting: z.literal('language_switcher'), value: z.boolean({ error: 'validation.select' }) }),
    // minutes of inactivity before the student app signs out; 0 turns it off
    z.object({
      setting: z.literal('auto_logout'),
      value: z
        .number({ error: 'validation.valid' })
        .int('validation.valid')
        .min(0, 'validation.valid')
        .max(AUTO_LOGOUT_MAX_MINUTES, 'validation.valid'),
    }),
    z.object({ setting: z.literal('immersive_reader'), value: z.boolean({ error: 'validation.select' }) }),
    z.object({ setting: z.literal('language'), value: z.enum(['en', 'es', 'uk'], { error: 'validation.select' }) }),
  ],
  { error: 'validation.select' },
);
export type StudentSetting = z.infer<typeof studentSettingSchema>;

export type StudentSettings = {
  [S in StudentSetting as S['setting']]: S['value'];
};

export const DEFAULT_STUDENT_SETTINGS: StudentSettings = {
  language_switcher: true,
  auto_logout: 0,
  immersive_reader: false,
  language: 'en',
};

// ---- A student's activities (POST student activities by student_id) ----

export const STUDENT_ACTIVITY_STATUSES = ['not_started', 'in_progress', 'submitted'] as const;
export type StudentActivityStatus = (typeof STUDENT_ACTIVITY_STATUSES)[number];

export const studentActivitiesSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    // only what was assigned through this class (or to the student directly)
    class_id: idSchema.optional(),
    status: z.enum(STUDENT_ACTIVITY_STATUSES, { error: 'validation.select' }).optional(),
  })
  .prefault({});
export type StudentActivitiesFilter = z.infer<typeof studentActivitiesSchema>;

/** The status of one assigned activity for a student: from their attempt, if any. */
export function studentActivityStatus(attempt: { status: string } | null | undefined): StudentActivityStatus {
  if (!attempt) return 'not_started';
  return attempt.status === 'submitted' ? 'submitted' : 'in_progress';
}

// ---- Teachers and admins ----

/** The roles an 'admins' list shows: district and school administrators. */
export const ADMIN_ROLES = ['administrator', 'school-administrator'] as const;
