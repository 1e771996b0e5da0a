import { describe, expect, it } from 'vitest';
import {
  canDeleteGroup,
  canRestoreGroup,
  groupCreateSchema,
  groupListSchema,
  groupUpdateSchema,
  isGroupEmpty,
} from './groups.ts';

describe('group rules', () => {
  it('a group without students is empty, whatever its teachers (002 section 5)', () => {
    expect(isGroupEmpty({ students_count: 0 })).toBe(true);
    expect(isGroupEmpty({ students_count: 1 })).toBe(false);
  });
  it('a deleted group cannot be deleted again; only a deleted group is restored (001 section 4)', () => {
    expect(canDeleteGroup({ deleted: false })).toBe(true);
    expect(canDeleteGroup({ deleted: true })).toBe(false);
    expect(canRestoreGroup({ deleted: true })).toBe(true);
    expect(canRestoreGroup({ deleted: false })).toBe(false);
  });
});

describe('group payloads', () => {
  it('create: a name is required; lists default to empty and lose duplicates; learner type defaults to student', () => {
    expect(groupCreateSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(groupCreateSchema.parse({ name: ' Team A ', student_ids: [3, 3, 4] })).toEqual({
      name: 'Team A',
      learner_type: 'student',
      student_ids: [3, 4],
      teacher_ids: [],
      class_ids: [],
    });
    expect(groupCreateSchema.safeParse({ name: 'A', learner_type: 'parent' }).success).toBe(false);
    expect(groupCreateSchema.safeParse({ name: 'A', student_ids: [0] }).success).toBe(false);
  });
  it('update: every field optional, a name cannot be blanked', () => {
    expect(groupUpdateSchema.parse({})).toEqual({});
    expect(groupUpdateSchema.safeParse({ name: '' }).success).toBe(false);
  });
  it("list: 'All Classes' (0) is a valid class filter; status defaults to active", () => {
    expect(groupListSchema.parse(undefined)).toEqual({ page: 1, per_page: 10, status: 'active' });
    expect(groupListSchema.parse({ class_id: 0 }).class_id).toBe(0);
    expect(groupListSchema.safeParse({ class_id: -1 }).success).toBe(false);
    expect(groupListSchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
});
