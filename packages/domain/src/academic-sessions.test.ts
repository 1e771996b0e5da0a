import { describe, expect, it } from 'vitest';
import {
  academicSessionCreateSchema,
  academicSessionDateProblem,
  academicSessionLabel,
  academicSessionUpdateSchema,
  ACADEMIC_SESSION_TYPE_NAMES,
  ACADEMIC_SESSION_TYPES,
  DEFAULT_ACADEMIC_YEAR,
  isIsoDate,
  pickCurrentSession,
  schoolYearBounds,
  schoolYearLabel,
  schoolYearOf,
} from './academic-sessions.ts';

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('types and the default academic year (001 section 9)', () => {
  it('has Full Year, Semester and Custom Session stored as full_year, semester, custom', () => {
    expect(ACADEMIC_SESSION_TYPES).toEqual(['full_year', 'semester', 'custom']);
    expect(ACADEMIC_SESSION_TYPE_NAMES).toEqual({
      full_year: 'Full Year',
      semester: 'Semester',
      custom: 'Custom Session',
    });
  });
  it('is 08/01/2025 to 05/31/2026, labelled (2025-2026)', () => {
    expect(DEFAULT_ACADEMIC_YEAR).toEqual({
      startDate: '2025-08-01',
      endDate: '2026-05-31',
      schoolYear: 2026,
      label: '(2025-2026)',
    });
    expect(schoolYearOf(DEFAULT_ACADEMIC_YEAR.startDate)).toBe(DEFAULT_ACADEMIC_YEAR.schoolYear);
    expect(schoolYearOf(DEFAULT_ACADEMIC_YEAR.endDate)).toBe(DEFAULT_ACADEMIC_YEAR.schoolYear);
    expect(schoolYearLabel(DEFAULT_ACADEMIC_YEAR.schoolYear)).toBe(DEFAULT_ACADEMIC_YEAR.label);
  });
});

describe('the school-year rule', () => {
  it('puts August to December in the school year ending next year, January to July in this one', () => {
    expect(schoolYearOf('2025-07-31')).toBe(2025);
    expect(schoolYearOf('2025-08-01')).toBe(2026);
    expect(schoolYearOf('2025-12-31')).toBe(2026);
    expect(schoolYearOf('2026-01-05')).toBe(2026);
    expect(schoolYearLabel(2027)).toBe('(2026-2027)');
    expect(schoolYearBounds(2026)).toEqual({ startDate: '2025-08-01', endDate: '2026-07-31' });
    expect(academicSessionLabel({ title: 'Fall Semester', school_year: 2026 })).toBe('Fall Semester (2025-2026)');
  });
  it('reads only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('02/28/2026')).toBe(false);
    expect(() => schoolYearOf('soon')).toThrow();
  });
});

describe('create and update contracts', () => {
  const base = { title: 'Fall Semester', type: 'semester', start_date: '2025-08-01', end_date: '2025-12-19' };
  it('accepts a session and checks the dates', () => {
    expect(academicSessionCreateSchema.safeParse(base).success).toBe(true);
    expect(messages(academicSessionCreateSchema.safeParse({ ...base, end_date: '2025-07-01' }))).toEqual([
      'end_date: errors.academicSessionEndBeforeStart',
    ]);
    expect(messages(academicSessionCreateSchema.safeParse({ ...base, start_date: '2025-02-30' }))).toEqual([
      'start_date: validation.valid',
    ]);
    expect(messages(academicSessionCreateSchema.safeParse({ ...base, school_year: 2025 }))).toEqual([
      'school_year: errors.academicSessionSchoolYear',
    ]);
    expect(messages(academicSessionCreateSchema.safeParse({ ...base, type: 'quarter', title: ' ' }))).toEqual([
      'title: validation.enter',
      'type: validation.select',
    ]);
  });
  it('checks an update on its own and as a whole with the stored dates', () => {
    expect(academicSessionUpdateSchema.safeParse({ end_date: '2026-01-10' }).success).toBe(true);
    expect(academicSessionDateProblem({ startDate: '2026-01-12', endDate: '2026-01-10', schoolYear: 2026 })).toBe(
      'end_date',
    );
    expect(academicSessionDateProblem({ startDate: '2026-08-12', endDate: '2026-12-10', schoolYear: 2026 })).toBe(
      'school_year',
    );
    expect(academicSessionDateProblem({ startDate: '2026-01-12', endDate: '2026-05-10', schoolYear: 2026 })).toBeNull();
  });
});

describe('the current session', () => {
  const s = (id: number, type: string, startDate: string, endDate: string) => ({ id, type, startDate, endDate });
  const year = s(1, 'full_year', '2025-08-01', '2026-05-31');
  const fall = s(2, 'semester', '2025-08-01', '2025-12-19');
  const next = s(3, 'full_year', '2026-08-01', '2027-05-31');
  it('is one that contains today, a Full Year first', () => {
    expect(pickCurrentSession([fall, year, next], '2025-10-01')).toBe(year);
    expect(pickCurrentSession([fall], '2025-10-01')).toBe(fall);
  });
  it('is the last finished one between school years, else the next to start, else none', () => {
    expect(pickCurrentSession([fall, year, next], '2026-07-01')).toBe(year);
    expect(pickCurrentSession([next], '2026-07-01')).toBe(next);
    expect(pickCurrentSession([], '2026-07-01')).toBeNull();
  });
});
