import { describe, expect, it } from 'vitest';
import { gradeAnswersHref, queryId, studentViewHref, studentWorkHref } from './review-paths';

describe('review paths', () => {
  it('build the review pages under the assignment view, with the activity and screen as query', () => {
    expect(studentWorkHref(7, 3)).toBe('/assignment/view/7/students/3');
    expect(studentWorkHref(7, 3, 10, 50)).toBe('/assignment/view/7/students/3?activity=10&screen=50');
    expect(studentViewHref(7, 3, 10)).toBe('/assignment/view/7/students/3/student-view?activity=10');
    expect(gradeAnswersHref(7, 10)).toBe('/assignment/view/7/grade-answers?activity=10');
  });

  it('reads only positive ids of up to 9 digits from the query', () => {
    expect(queryId('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1e3', '1234567890', 'x']) expect(queryId(bad)).toBeNull();
  });
});
