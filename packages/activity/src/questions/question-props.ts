import type { Question } from '@aula/domain/activity-content';
import type { LexicalRenderers } from '../lexical-view';
import type { AnswerValue } from '../types';

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
  /** {media:N} placeholders in the question text (the screen renders them) */
  placeholder?: LexicalRenderers['placeholder'];
}
