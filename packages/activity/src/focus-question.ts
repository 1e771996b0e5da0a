/** What a student can act on inside a question, in page order. */
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus to a question (e.g. the first one validation stopped at): its first control, else the question
 * itself. The question's validation message is tied to its controls, so a screen reader reads it on arrival.
 * Returns false when the question is not on the page.
 */
export function focusQuestion(root: ParentNode, questionId: number): boolean {
  const fieldset = root.querySelector<HTMLElement>(`fieldset[data-question-id="${questionId}"]`);
  if (!fieldset) return false;
  // the answer's own input (tied to the message) before anything else in the question, e.g. an essay's
  // previous-submission banner above its text area
  const control =
    fieldset.querySelector<HTMLElement>(`:is(${FOCUSABLE})[aria-invalid="true"]`) ??
    fieldset.querySelector<HTMLElement>(FOCUSABLE);
  if (control) {
    control.focus();
    control.scrollIntoView?.({ block: 'center' });
    return true;
  }
  fieldset.tabIndex = -1;
  fieldset.focus();
  fieldset.scrollIntoView?.({ block: 'center' });
  return true;
}
