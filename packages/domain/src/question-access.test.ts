import { describe, expect, it } from 'vitest';
import { isQuestionReadOnly, shouldShowCorrectOptions } from './question-access';

const base = { hasStudentAnswer: false, hasCorrectOption: false };

describe('isQuestionReadOnly (000 section 4)', () => {
  it('is read-only in student_review whatever else holds', () => {
    expect(isQuestionReadOnly({ ...base, mode: 'student_review' })).toBe(true);
  });

  it('is read-only in student_work when the progress section is later than the screen section', () => {
    expect(isQuestionReadOnly({ ...base, mode: 'student_work', screenSection: 1, progressSection: 2 })).toBe(true);
    expect(isQuestionReadOnly({ ...base, mode: 'student_work', screenSection: 2, progressSection: 2 })).toBe(false);
    expect(isQuestionReadOnly({ ...base, mode: 'student_work', screenSection: 3, progressSection: 2 })).toBe(false);
    expect(isQuestionReadOnly({ ...base, mode: 'student_work' })).toBe(false);
  });

  it('is otherwise read-only when a student answer exists or an option is marked correct', () => {
    expect(isQuestionReadOnly({ ...base, mode: 'student_work', hasStudentAnswer: true })).toBe(true);
    // a student answers questions that mark a correct option (issue 6)
    expect(isQuestionReadOnly({ ...base, mode: 'student_work', hasCorrectOption: true })).toBe(false);
    expect(
      isQuestionReadOnly({
        ...base,
        mode: 'student_work',
        hasCorrectOption: true,
        screenSection: 1,
        progressSection: 2,
      }),
    ).toBe(true);
    expect(isQuestionReadOnly({ ...base, mode: 'builder_preview', hasCorrectOption: true })).toBe(true);
    expect(isQuestionReadOnly({ ...base, mode: 'teacher_review', hasStudentAnswer: true })).toBe(true);
    expect(isQuestionReadOnly({ ...base, mode: 'builder_preview' })).toBe(false);
    expect(isQuestionReadOnly({ ...base, mode: 'teacher_review' })).toBe(false);
  });
});

describe('shouldShowCorrectOptions', () => {
  const marked = { hasCorrectOption: true };
  it('shows them in builder_preview and teacher_review without student answers only', () => {
    expect(shouldShowCorrectOptions({ ...marked, mode: 'builder_preview', hasStudentAnswer: false })).toBe(true);
    expect(shouldShowCorrectOptions({ ...marked, mode: 'teacher_review', hasStudentAnswer: false })).toBe(true);
    expect(shouldShowCorrectOptions({ ...marked, mode: 'teacher_review', hasStudentAnswer: true })).toBe(false);
    expect(shouldShowCorrectOptions({ ...marked, mode: 'student_review', hasStudentAnswer: false })).toBe(false);
    expect(shouldShowCorrectOptions({ ...marked, mode: 'student_work', hasStudentAnswer: false })).toBe(false);
  });
  it('has nothing to show when no option is marked correct', () => {
    expect(
      shouldShowCorrectOptions({ mode: 'builder_preview', hasStudentAnswer: false, hasCorrectOption: false }),
    ).toBe(false);
  });
});
