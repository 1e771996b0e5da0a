import { describe, expect, it } from 'vitest';
import {
  ALL_CLASSES_ID,
  classFilterOf,
  classOptionsWithAll,
  classroomName,
  classSettingValue,
  classSummarySchema,
  classUpdateSchema,
  effectiveClassSetting,
  labGroupInputSchema,
  labGroupOwner,
} from './classes.ts';

describe('classroomName (000 section 3)', () => {
  it('is the custom title when there is one', () => {
    expect(classroomName({ title: 'Grade 8 Science', custom_title: 'Earth & Space', periods: '4' })).toBe(
      'Earth & Space',
    );
  });
  it("is the title, ' - ' and the periods otherwise", () => {
    expect(classroomName({ title: 'Grade 7 Science', custom_title: null, periods: '2' })).toBe('Grade 7 Science - 2');
    expect(classroomName({ title: 'Biology', periods: '1-3' })).toBe('Biology - 1-3');
  });
  it('treats a blank custom title as none and leaves out missing periods', () => {
    expect(classroomName({ title: 'Biology', custom_title: '   ', periods: '3' })).toBe('Biology - 3');
    expect(classroomName({ title: 'Biology', custom_title: '', periods: null })).toBe('Biology');
    expect(classroomName({ title: 'Biology', periods: ' ' })).toBe('Biology');
  });
});

describe("'All Classes' (002 section 9)", () => {
  it('starts the options with id 0, then each class by its display name', () => {
    expect(
      classOptionsWithAll(
        [
          { id: 5, title: 'Chemistry', periods: '2' },
          { id: 9, title: 'Physics', custom_title: 'My physics' },
        ],
        'All Classes',
      ),
    ).toEqual([
      { id: 0, name: 'All Classes' },
      { id: 5, name: 'Chemistry - 2' },
      { id: 9, name: 'My physics' },
    ]);
  });
  it('id 0 and no value both mean no class filter', () => {
    expect(ALL_CLASSES_ID).toBe(0);
    expect(classFilterOf(0)).toBeUndefined();
    expect(classFilterOf(undefined)).toBeUndefined();
    expect(classFilterOf(null)).toBeUndefined();
    expect(classFilterOf(12)).toBe(12);
  });
});

describe('class settings', () => {
  it('a class inherits the district value until it has its own', () => {
    expect(effectiveClassSetting('lab_groups', { enabled: true }, null)).toEqual({
      setting: 'lab_groups',
      value: { enabled: true },
      class_value: null,
      account_value: { enabled: true },
      available: true,
    });
    expect(effectiveClassSetting('lab_groups', { enabled: true }, { enabled: false }).value).toEqual({
      enabled: false,
    });
  });
  it('a class cannot have on what the district has off', () => {
    const s = effectiveClassSetting('immersive_reader', { enabled: false }, { enabled: true });
    expect(s.value).toEqual({ enabled: false });
    expect(s.available).toBe(false);
  });
  it('reads a class value from the jsonb, ignoring malformed ones', () => {
    expect(classSettingValue({ lab_groups: { enabled: true } }, 'lab_groups')).toEqual({ enabled: true });
    expect(classSettingValue({ lab_groups: 'yes' }, 'lab_groups')).toBeNull();
    expect(classSettingValue({}, 'immersive_reader')).toBeNull();
  });
});

describe('payloads', () => {
  it('class update: a blank title is refused, a null custom title clears it', () => {
    expect(classUpdateSchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(classUpdateSchema.parse({ custom_title: null })).toEqual({ custom_title: null });
    expect(classUpdateSchema.safeParse({ custom_title: 'x'.repeat(256) }).success).toBe(false);
  });
  it('summary: dates are ISO dates and the end is not before the start', () => {
    expect(classSummarySchema.parse(undefined)).toEqual({});
    expect(classSummarySchema.safeParse({ start_date: '2026-01-02', end_date: '2026-01-01' }).success).toBe(false);
    expect(classSummarySchema.safeParse({ start_date: '01/02/2026' }).success).toBe(false);
    expect(classSummarySchema.safeParse({ start_date: '2026-01-01', end_date: '2026-01-01' }).success).toBe(true);
  });
  it('lab group: a name, at least one student, an owner among them', () => {
    expect(labGroupInputSchema.safeParse({ name: 'A', student_ids: [] }).success).toBe(false);
    expect(labGroupInputSchema.safeParse({ name: '', student_ids: [1] }).success).toBe(false);
    const wrongOwner = labGroupInputSchema.safeParse({ name: 'A', student_ids: [1, 2], owner_id: 3 });
    expect(wrongOwner.success).toBe(false);
    expect(wrongOwner.error?.issues[0]?.path).toEqual(['owner_id']);
    expect(labGroupOwner({ student_ids: [4, 7] })).toBe(4);
    expect(labGroupOwner({ student_ids: [4, 7], owner_id: 7 })).toBe(7);
    // an edit keeps the owner while they stay, else the first member owns it
    expect(labGroupOwner({ student_ids: [4, 7] }, 7)).toBe(7);
    expect(labGroupOwner({ student_ids: [4, 9] }, 7)).toBe(4);
    expect(labGroupOwner({ student_ids: [4, 7], owner_id: 4 }, 7)).toBe(4);
  });
});
