// 000 section 4, "Read-only versus editable questions": written once for the renderer and the apps.

/** The activity view modes of 000 section 2 (the renderer's ViewMode is the same list). */
export type QuestionViewMode = 'builder_preview' | 'teacher_review' | 'student_review' | 'student_work';

export interface QuestionAccessInput {
  mode: QuestionViewMode;
  /** the section of the screen the question is on */
  screenSection?: number | undefined;
  /** student_work: the section the student has progressed to */
  progressSection?: number | undefined;
  /** the student has a stored (submitted) answer to this question */
  hasStudentAnswer: boolean;
  /** one of the question's options is marked correct */
  hasCorrectOption: boolean;
}

/**
 * Questions are read-only in student_review; in student_work when the progress section is later than the screen's
 * section; otherwise when student answers exist or an option is marked correct.
 *
 * Issue 6: in student_work an option marked correct does not lock the question: nearly every choice, drop-down and
 * drag-and-drop question marks one, and the student must be able to answer it. There the 'otherwise' rule reads
 * only the stored (submitted) answer; the correct-option half applies to the other modes (builder_preview,
 * teacher_review), where it goes with showing the correct options.
 */
export function isQuestionReadOnly(input: QuestionAccessInput): boolean {
  if (input.mode === 'student_review') return true;
  if (input.mode === 'student_work') {
    const later =
      input.progressSection !== undefined &&
      input.screenSection !== undefined &&
      input.progressSection > input.screenSection;
    return later || input.hasStudentAnswer;
  }
  return input.hasStudentAnswer || input.hasCorrectOption;
}

/**
 * builder_preview and teacher_review without student answers show the correct options (when the question marks any:
 * otherwise there is nothing to show, and the author may try the question in the preview).
 */
export function shouldShowCorrectOptions(
  input: Pick<QuestionAccessInput, 'mode' | 'hasStudentAnswer' | 'hasCorrectOption'>,
): boolean {
  return (
    (input.mode === 'builder_preview' || input.mode === 'teacher_review') &&
    !input.hasStudentAnswer &&
    input.hasCorrectOption
  );
}
