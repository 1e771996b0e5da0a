import { z } from 'zod';
import { paginationSchema } from './tenancy.ts';

// Academic sessions (001 section 9, 002 sections 3 and 7). Messages are i18n keys.

/** Types: Full Year, Semester, Custom Session, stored as full_year, semester, custom. */
export const ACADEMIC_SESSION_TYPES = ['full_year', 'semester', 'custom'] as const;
export type AcademicSessionType = (typeof ACADEMIC_SESSION_TYPES)[number];
export const academicSessionTypeSchema = z.enum(ACADEMIC_SESSION_TYPES, { error: 'validation.select' });

/** The spec's names of the types (English; the i18n catalogues carry them under academicSessions.types). */
export const ACADEMIC_SESSION_TYPE_NAMES: Record<AcademicSessionType, string> = {
  full_year: 'Full Year',
  semester: 'Semester',
  custom: 'Custom Session',
};

/** 'Academic year 08/01/2025 to 05/31/2026, label (2025-2026), default start 2025-08-01.' */
export const DEFAULT_ACADEMIC_YEAR = {
  startDate: '2025-08-01',
  endDate: '2026-05-31',
  schoolYear: 2026,
  label: '(2025-2026)',
} as const;

/** The month (1-12) a school year starts in: a date from August on belongs to the school year ending next year. */
export const SCHOOL_YEAR_START_MONTH = 8;

export const ACADEMIC_SESSION_TITLE_MAX = 255;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The school year a date falls in, named by the year it ends in: 2025-08-01 and 2026-05-31 are both in 2026
 * (the school year 2025-2026).
 */
export function schoolYearOf(isoDate: string): number {
  const m = ISO_DATE.exec(isoDate);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${isoDate}`);
  const year = Number(m[1]);
  return Number(m[2]) >= SCHOOL_YEAR_START_MONTH ? year + 1 : year;
}

/** The school-year label rule: 2026 is '(2025-2026)'. */
export function schoolYearLabel(schoolYear: number): string {
  return `(${schoolYear - 1}-${schoolYear})`;
}

/** The first and last day of a school year (August 1 to July 31). */
export function schoolYearBounds(schoolYear: number): { startDate: string; endDate: string } {
  return { startDate: `${schoolYear - 1}-08-01`, endDate: `${schoolYear}-07-31` };
}

/**
 * The session that is current on `today` among an account's sessions: one whose dates contain today, a Full Year
 * before a Semester before a Custom Session, then the latest start. Without one, the session that ended last before
 * today (the school year just finished stays current until the next one starts), else the next one to start.
 */
export function pickCurrentSession<T extends { type: string; startDate: string; endDate: string; id: number }>(
  sessions: readonly T[],
  today: string,
): T | null {
  const rank = (t: string) => {
    const i = (ACADEMIC_SESSION_TYPES as readonly string[]).indexOf(t);
    return i < 0 ? ACADEMIC_SESSION_TYPES.length : i;
  };
  const containing = sessions
    .filter((s) => s.startDate <= today && today <= s.endDate)
    .sort((a, b) => rank(a.type) - rank(b.type) || b.startDate.localeCompare(a.startDate) || a.id - b.id);
  if (containing[0]) return containing[0];
  const past = sessions
    .filter((s) => s.endDate < today)
    .sort((a, b) => b.endDate.localeCompare(a.endDate) || rank(a.type) - rank(b.type) || a.id - b.id);
  if (past[0]) return past[0];
  const future = [...sessions].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || rank(a.type) - rank(b.type) || a.id - b.id,
  );
  return future[0] ?? null;
}

// ---- Payloads ----

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const dateSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .pipe(z.string().refine(isIsoDate, 'validation.valid'));
const titleSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(ACADEMIC_SESSION_TITLE_MAX, 'validation.maxLength');
const schoolYearSchema = z.number({ error: 'validation.valid' }).int('validation.valid').min(1901).max(2999);

/** 'scope.account_id': whose sessions (provider and domain staff name an account; others always see their own). */
const scopeSchema = z.object({ account_id: idSchema.optional() }).strict().prefault({});

export const academicSessionListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    school_year: schoolYearSchema.optional(),
    type: academicSessionTypeSchema.optional(),
    // sessions that end on or before this date (the report builder's filter)
    end_date: dateSchema.optional(),
    scope: scopeSchema,
  })
  .prefault({});
export type AcademicSessionListFilter = z.infer<typeof academicSessionListSchema>;

export const academicSessionScopeSchema = z.object({ scope: scopeSchema }).prefault({});

export const academicSessionTemplateListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    domain_id: idSchema.optional(),
  })
  .prefault({});

/** The end date may not come before the start date, and a school year given must contain the start date. */
function checkDates(
  v: { start_date?: string | undefined; end_date?: string | undefined; school_year?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.start_date && v.end_date && isIsoDate(v.start_date) && isIsoDate(v.end_date) && v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'errors.academicSessionEndBeforeStart' });
  if (
    v.start_date &&
    isIsoDate(v.start_date) &&
    v.school_year !== undefined &&
    schoolYearOf(v.start_date) !== v.school_year
  )
    ctx.addIssue({ code: 'custom', path: ['school_year'], message: 'errors.academicSessionSchoolYear' });
}

const sessionFields = {
  title: titleSchema,
  type: academicSessionTypeSchema,
  start_date: dateSchema,
  end_date: dateSchema,
  // defaults to the school year of the start date
  school_year: schoolYearSchema.optional(),
};

/**
 * POST create. An account session goes to the caller's account (staff of a domain or the provider name it with
 * account_id); a template (is_template) belongs to a domain and has no account.
 */
export const academicSessionCreateSchema = z
  .object({
    ...sessionFields,
    account_id: idSchema.optional(),
    domain_id: idSchema.optional(),
    is_template: z.boolean({ error: 'validation.select' }).optional(),
  })
  .superRefine(checkDates);
export type AcademicSessionCreateInput = z.infer<typeof academicSessionCreateSchema>;

/** PATCH update: any of the fields; the dates are checked again against the stored ones by the API. */
export const academicSessionUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    type: academicSessionTypeSchema.optional(),
    start_date: dateSchema.optional(),
    end_date: dateSchema.optional(),
    school_year: schoolYearSchema.optional(),
  })
  .superRefine(checkDates);
export type AcademicSessionUpdateInput = z.infer<typeof academicSessionUpdateSchema>;

/** The dates of a session after an update, checked as a whole. */
export function academicSessionDateProblem(v: {
  startDate: string;
  endDate: string;
  schoolYear: number;
}): 'end_date' | 'school_year' | null {
  if (v.endDate < v.startDate) return 'end_date';
  if (schoolYearOf(v.startDate) !== v.schoolYear) return 'school_year';
  return null;
}

/** A session as the dashboard shows it: the title and the school-year label, '2025-2026 (2025-2026)'. */
export function academicSessionLabel(s: { title: string; school_year: number }): string {
  return `${s.title} ${schoolYearLabel(s.school_year)}`;
}
