import { describe, expect, it } from 'vitest';
import {
  fullNameOf,
  initialsOf,
  namePartsOf,
  sortableNameOf,
  studentActivityStatus,
  studentListSchema,
  studentPasswordSchema,
  studentSettingSchema,
} from './people.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('name parts from either naming style (000 section 3)', () => {
  it('reads camelCase', () => {
    expect(namePartsOf({ firstName: 'Ava', middleName: 'Marie', lastName: 'Nguyen', division: '7B' })).toEqual({
      firstName: 'Ava',
      middleName: 'Marie',
      lastName: 'Nguyen',
      division: '7B',
    });
  });
  it('reads snake_case', () => {
    expect(namePartsOf({ first_name: 'Liam', middle_name: null, last_name: 'Garcia' })).toEqual({
      firstName: 'Liam',
      middleName: '',
      lastName: 'Garcia',
      division: '',
    });
  });
  it('prefers a non-empty camelCase part and falls back to snake_case for empty ones', () => {
    expect(namePartsOf({ firstName: ' ', first_name: 'Mia', lastName: 'Kowalenko', last_name: 'Other' })).toMatchObject(
      {
        firstName: 'Mia',
        lastName: 'Kowalenko',
      },
    );
  });
  it('gives empty parts for a missing user', () => {
    expect(namePartsOf(null)).toEqual({ firstName: '', middleName: '', lastName: '', division: '' });
    expect(fullNameOf(undefined)).toBe('');
  });
});

describe('the full-name rule', () => {
  it('joins first, middle and last with single spaces, leaving out empty parts', () => {
    expect(fullNameOf({ first_name: 'Ava', middle_name: 'Marie', last_name: 'Nguyen' })).toBe('Ava Marie Nguyen');
    expect(fullNameOf({ firstName: 'Noah', lastName: 'Smith' })).toBe('Noah Smith');
    expect(fullNameOf({ firstName: '  Noah ', middleName: '', lastName: ' Smith' })).toBe('Noah Smith');
  });
  it('adds the division in parentheses', () => {
    expect(fullNameOf({ firstName: 'Ava', lastName: 'Nguyen', division: '7B' })).toBe('Ava Nguyen (7B)');
    expect(fullNameOf({ division: '7B' })).toBe('7B');
  });
  it('sorts by last name and gives initials', () => {
    expect(sortableNameOf({ first_name: 'Ava', middle_name: 'Marie', last_name: 'Nguyen' })).toBe('Nguyen, Ava Marie');
    expect(sortableNameOf({ firstName: 'Cher' })).toBe('Cher');
    expect(initialsOf({ first_name: 'ava', last_name: 'nguyen' })).toBe('AN');
  });
});

describe('student contracts', () => {
  it('a list body defaults to the first page and takes withRelations and a scope', () => {
    expect(studentListSchema.parse(undefined)).toEqual({ page: 1, per_page: 10 });
    expect(studentListSchema.parse({ withRelations: true, scope: { class_id: 3 } })).toMatchObject({
      withRelations: true,
      scope: { class_id: 3 },
    });
    expect(messages(studentListSchema.safeParse({ scope: { school: 1 } }))).toHaveLength(1);
  });
  it('a password needs 8 characters with numbers, letters and special characters, twice', () => {
    expect(studentPasswordSchema.safeParse({ password: 'Secret#12', password_confirmation: 'Secret#12' }).success).toBe(
      true,
    );
    expect(messages(studentPasswordSchema.safeParse({ password: 'Ab#1', password_confirmation: 'Ab#1' }))).toEqual([
      'password: validation.minLength',
    ]);
    expect(
      messages(studentPasswordSchema.safeParse({ password: 'Secret#12', password_confirmation: 'Secret#13' })),
    ).toEqual(['password_confirmation: validation.passwordsMismatch']);
    expect(
      messages(studentPasswordSchema.safeParse({ password: 'abcdefgh1', password_confirmation: 'abcdefgh1' })),
    ).toEqual(['password: validation.passwordComplexity']);
  });
  it('a setting is one of the known names with a value of its type', () => {
    expect(studentSettingSchema.safeParse({ setting: 'immersive_reader', value: true }).success).toBe(true);
    expect(studentSettingSchema.safeParse({ setting: 'auto_logout', value: 30 }).success).toBe(true);
    expect(studentSettingSchema.safeParse({ setting: 'language', value: 'uk' }).success).toBe(true);
    expect(studentSettingSchema.safeParse({ setting: 'auto_logout', value: -1 }).success).toBe(false);
    expect(studentSettingSchema.safeParse({ setting: 'language', value: 'fr' }).success).toBe(false);
    expect(studentSettingSchema.safeParse({ setting: 'theme', value: 'dark' }).success).toBe(false);
  });
  it('an assigned activity is not started, in progress or submitted after the attempt', () => {
    expect(studentActivityStatus(null)).toBe('not_started');
    expect(studentActivityStatus({ status: 'in_progress' })).toBe('in_progress');
    expect(studentActivityStatus({ status: 'submitted' })).toBe('submitted');
  });
});
