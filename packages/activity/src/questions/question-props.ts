import type { Question } from '@aula/domain/activity-content';
import type { LexicalRenderers } from '../lexical-view';
import type { AnswerValue, QuestionReview, RenderContext } from '../types';

/** What every question kind gets from QuestionView. */
export interface QuestionKindProps {
  question: Question;
  /** the answer shown: the student's, or the correct one when showCorrect */
  value: AnswerValue | undefined;
  readOnly: boolean;
  showCorrect: boolean;
  onChange: (value: AnswerValue) => void;
  /** random_order seed */
  seed: number;
  /** id of the element naming the question (the fieldset legend) and of its text */
  labelId: string;
  textId: string;
  /** ids describing the inputs: the question text, and the validation message when there is one */
  describedBy: string;
  /** student_work: the answer failed validation (aria-invalid on the inputs); the message's element id */
  invalid: boolean;
  errorId: string | undefined;
  /** review modes: the stored result, whose correct_values are shown in green beside the student's answer */
  review: QuestionReview | undefined;
  context: RenderContext;
  /** {media:N} placeholders in the question text (the screen renders them) */
  placeholder?: LexicalRenderers['placeholder'];
}

/** The options to mark correct beside the student's answer (review modes), or none. */
export function correctIdsOf(review: QuestionReview | undefined): ReadonlySet<number> {
  return new Set(review?.correct_values ?? []);
}
