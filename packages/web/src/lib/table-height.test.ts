import { describe, expect, it } from 'vitest';
import { MIN_TABLE_HEIGHT, TABLE_HEIGHT_OFFSETS, tableHeight } from './table-height';

describe('tableHeight', () => {
  it('has the spec’s offsets', () => {
    expect(TABLE_HEIGHT_OFFSETS).toEqual({
      student: 430,
      group: 380,
      account: 340,
      district: 340,
      school: 340,
      class: 340,
      teacher: 340,
      course: 340,
    });
  });

  it.each([
    ['student', 1000, 570],
    ['group', 1000, 620],
    ['class', 1000, 660],
    ['course', 641, 301],
  ] as const)('%s at %i px -> %i', (subject, height, expected) => {
    expect(tableHeight(height, subject)).toBe(expected);
  });

  it('keeps 300 until the window exceeds offset + 300, and never goes below it', () => {
    expect(tableHeight(730, 'student')).toBe(MIN_TABLE_HEIGHT);
    expect(tableHeight(731, 'student')).toBe(301);
    expect(tableHeight(640, 'account')).toBe(300);
    expect(tableHeight(200, 'teacher')).toBe(300);
    expect(tableHeight(0, 'group')).toBe(300);
    expect(tableHeight(Number.NaN, 'school')).toBe(300);
  });
});
