import { describe, expect, it } from 'vitest';
import {
  assignActivityHref,
  assignmentViewHref,
  editAssignmentHref,
  idParam,
  scopeFromParams,
} from './assignment-paths';

describe('assignment paths', () => {
  it('reads the scope a page was opened under', () => {
    expect(scopeFromParams({ classId: '12' })).toEqual({ scope: 'classes', id: 12 });
    expect(scopeFromParams({ accountId: '1', classId: '12' })).toEqual({ scope: 'classes', id: 12 });
    expect(scopeFromParams({ accountId: '1' })).toEqual({ scope: 'accounts', id: 1 });
    expect(scopeFromParams({ assignmentId: '5' })).toBeNull();
    expect(scopeFromParams({ classId: 'x' })).toBeNull();
  });

  it('keeps links in their scope', () => {
    expect(assignmentViewHref(5, { scope: 'students', id: 3 })).toBe('/students/3/assignment/view/5');
    expect(editAssignmentHref(5)).toBe('/assign/5');
    // the library's Assign opens a new assignment with the activity chosen
    expect(assignActivityHref(12)).toBe('/assign?activity=12');
  });

  it('accepts ids of 1 to 9 digits only', () => {
    expect(idParam('123456789')).toBe(123456789);
    expect(idParam('1234567890')).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
});
