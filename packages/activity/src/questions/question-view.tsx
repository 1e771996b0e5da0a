import { theme } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '@aula/domain/activity-content';
import { maxScore, needsReview } from '@aula/domain/answers';
import { isQuestionReadOnly, shouldShowCorrectOptions } from '@aula/domain/question-access';
import { LexicalView, type LexicalRenderers } from '../lexical-view';
import type { Answers, OnAnswer, RenderContext } from '../types';
import { ChoiceQuestion } from './choice-question';
import { DrawingQuestion } from './drawing-question';
import { DropdownQuestion } from './dropdown-question';
import { LoadBoundary } from './load-boundary';
import type { QuestionKindProps } from './question-props';
import { GradeForm, QuestionResult } from './question-result';
import { TextQuestion } from './text-question';

// @dnd-kit (some 15 KB gzip) loads only for a screen with a drag-and-drop question, like the drawing tool
const DndQuestion = lazy(() => import('./dnd-question').then((m) => ({ default: m.DndQuestion })));

/** Has the student a stored answer to this question? (builder_preview never has one) */
function hasStudentAnswer(question: Question, context: RenderContext, answers: Answers | undefined): boolean {
  if (context.mode === 'builder_preview') return false;
  if (context.submittedQuestionIds?.has(question.id)) return true;
  // in review, the answers passed in are the student's stored ones; in student_work they are the live draft
  return context.mode !== 'student_work' && answers?.[question.id] !== undefined;
}

/** One question in a fieldset: its label, text and the input of its kind; answers go out through onAnswer. */
export function QuestionView({
  question,
  context,
  answers,
  onAnswer,
  placeholder,
}: {
  question: Question;
  context: RenderContext;
  answers?: Answers | undefined;
  onAnswer?: OnAnswer | undefined;
  placeholder?: LexicalRenderers['placeholder'];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const answered = hasStudentAnswer(question, context, answers);
  const hasCorrectOption = question.options.some((o) => o.is_correct);
  const readOnly =
    !onAnswer ||
    isQuestionReadOnly({
      mode: context.mode,
      screenSection: context.screenSection,
      progressSection: context.progressSection,
      hasStudentAnswer: answered,
      hasCorrectOption,
    });
  // 000 section 5: validation only in student_work
  const error = context.mode === 'student_work' ? context.errors?.get(question.id) : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const reviewing = context.mode === 'student_review' || context.mode === 'teacher_review';
  const review = reviewing ? context.review?.get(question.id) : undefined;

  // teacher_review: the teacher's annotation of a drawing, saved with the score. A newer stored annotation (the page
  // refetched after a save) replaces the one in hand unless the teacher has drawn since the last save; another
  // student's drawing always brings its own.
  const storedAnnotation = review?.annotation;
  const studentDrawing = answers?.[question.id]?.drawing;
  const [notes, setNotes] = useState({ value: storedAnnotation, dirty: false });
  const [notesFrom, setNotesFrom] = useState({ stored: storedAnnotation, drawing: studentDrawing });
  if (notesFrom.stored !== storedAnnotation || notesFrom.drawing !== studentDrawing) {
    setNotesFrom({ stored: storedAnnotation, drawing: studentDrawing });
    if (!notes.dirty || notesFrom.drawing !== studentDrawing) setNotes({ value: storedAnnotation, dirty: false });
  }
  const saveGrade = async (score: number) => {
    const sent = notes.value;
    await context.onGrade!(question.id, score, question.type === 'tldraw' ? sent : undefined);
    setNotes((now) => (now.value === sent ? { value: sent, dirty: false } : now));
  };
  const max = review?.max ?? maxScore(question);
  const grading =
    context.mode === 'teacher_review' && !!review && !!context.onGrade && needsReview(question.type) && max !== null;

  const props: QuestionKindProps = {
    question,
    value: answers?.[question.id],
    readOnly,
    showCorrect: shouldShowCorrectOptions({ mode: context.mode, hasStudentAnswer: answered, hasCorrectOption }),
    onChange: (value) => {
      if (!readOnly) onAnswer?.(question.id, value);
    },
    seed: context.shuffleSeed ?? 0,
    labelId: `${id}-label`,
    textId: `${id}-text`,
    describedBy: errorId ? `${id}-text ${errorId}` : `${id}-text`,
    invalid: !!error,
    errorId,
    review,
    context,
    placeholder,
  };
  const slotted = question.type === 'drop-down-list' || question.type === 'drag-and-drop';
  return (
    <fieldset
      data-question-id={question.id}
      data-readonly={readOnly || undefined}
      aria-describedby={errorId}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <legend id={props.labelId} style={{ fontWeight: 600, fontSize: 'inherit', marginBottom: 8 }}>
        {question.label || t('activity.question.legend')}
      </legend>
      {!slotted && (
        <div id={props.textId}>
          <LexicalView state={question.text} renderers={{ placeholder }} />
        </div>
      )}
      {question.type === 'checkbox' || question.type === 'radio' ? <ChoiceQuestion {...props} /> : null}
      {question.type === 'essay' || question.type === 'textarea' ? <TextQuestion {...props} /> : null}
      {question.type === 'drop-down-list' ? <DropdownQuestion {...props} /> : null}
      {question.type === 'drag-and-drop' ? (
        <LoadBoundary fallback={<div role="alert">{t('activity.question.dndFailed')}</div>}>
          <Suspense fallback={<div role="status">{t('activity.question.dndLoading')}</div>}>
            <DndQuestion {...props} />
          </Suspense>
        </LoadBoundary>
      ) : null}
      {question.type === 'tldraw' ? (
        <DrawingQuestion
          {...props}
          annotation={grading ? notes.value : storedAnnotation}
          onAnnotate={grading ? (value) => setNotes({ value, dirty: true }) : undefined}
        />
      ) : null}
      {error && (
        <div id={errorId} role="alert" style={{ color: token.colorErrorText, marginTop: 4 }}>
          {t(error)}
        </div>
      )}
      {reviewing && context.review && <QuestionResult question={question} review={review} />}
      {grading && <GradeForm question={question} max={max} initial={review.review_score} onSave={saveGrade} />}
    </fieldset>
  );
}
