import { Button, Input, theme } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '@aula/domain/activity-content';
import { CORRECTNESS, correctnessOf, needsReview, type Correctness } from '@aula/domain/answers';
import type { QuestionReview } from '../types';

const CORRECTNESS_KEYS: Record<Correctness, string> = {
  [CORRECTNESS.correct]: 'activity.review.correct',
  [CORRECTNESS.incorrect]: 'activity.review.incorrect',
  [CORRECTNESS.partial]: 'activity.review.partial',
};
const CORRECTNESS_MARKS: Record<Correctness, string> = {
  [CORRECTNESS.correct]: '✓',
  [CORRECTNESS.incorrect]: '✗',
  [CORRECTNESS.partial]: '◐',
};

/** What the result line says: the score out of the maximum and its correctness, pending review, or nothing. */
export function resultOf(
  question: Question,
  review: QuestionReview,
): { kind: 'pending' } | { kind: 'score'; score: number; max: number; correctness: Correctness | null } | null {
  if (review.max === null) return null; // textarea: neither scored nor reviewed
  if (needsReview(question.type)) {
    if (review.review_score === null) return { kind: 'pending' };
    return {
      kind: 'score',
      score: review.review_score,
      max: review.max,
      correctness: correctnessOf(review.review_score, review.max),
    };
  }
  if (review.score === null) return null;
  return { kind: 'score', score: review.score, max: review.max, correctness: review.is_correct };
}

/**
 * A question's result in the review modes, in words (not colour alone): 'Correct · Score: 3 / 3', 'Pending teacher
 * review' for an essay or drawing the teacher has not scored, 'Not answered' when there is no answer.
 */
export function QuestionResult({ question, review }: { question: Question; review: QuestionReview | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = { marginTop: 8, fontWeight: 600 } as const;
  if (!review) {
    return (
      <div data-result="not-answered" style={{ ...box, color: token.colorTextSecondary }}>
        {t('activity.review.notAnswered')}
      </div>
    );
  }
  const result = resultOf(question, review);
  if (!result) return null;
  if (result.kind === 'pending') {
    return (
      <div data-result="pending" style={{ ...box, color: token.colorWarningText }}>
        {t('activity.review.pending')}
      </div>
    );
  }
  const colour =
    result.correctness === CORRECTNESS.correct
      ? token.colorSuccessText
      : result.correctness === CORRECTNESS.incorrect
        ? token.colorErrorText
        : token.colorWarningText;
  return (
    <div data-result="score" style={{ ...box, color: colour }}>
      {result.correctness !== null && (
        <>
          <span aria-hidden="true">{CORRECTNESS_MARKS[result.correctness]} </span>
          {t(CORRECTNESS_KEYS[result.correctness])}
          {' · '}
        </>
      )}
      {t('activity.review.score', { score: result.score, max: result.max })}
    </div>
  );
}

/** The message of a refusal the app passes on (an Error, or an API error body with a message), if any. */
function messageOf(e: unknown): string | null {
  if (e instanceof Error) return e.message || null;
  if (!e || typeof e !== 'object') return null;
  const m =
    (e as { message?: unknown; data?: { message?: unknown } }).message ??
    (e as { data?: { message?: unknown } }).data?.message;
  return typeof m === 'string' && m.length > 0 ? m : null;
}

/**
 * teacher_review: the score of an essay or drawing, a whole number from 0 to the maximum, saved with Save through
 * RenderContext.onGrade (with the drawing's annotation). Saving disables the form; a refusal shows its message.
 */
export function GradeForm({
  question,
  max,
  initial,
  onSave,
}: {
  question: Question;
  max: number;
  initial: number | null;
  onSave: (score: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const [draft, setDraft] = useState(initial === null ? '' : String(initial));
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // a stored score that changes (the page refetched, another teacher scored) shows, unless a save is under way
  const [draftFrom, setDraftFrom] = useState(initial);
  if (draftFrom !== initial && state.kind !== 'saving') {
    setDraftFrom(initial);
    setDraft(initial === null ? '' : String(initial));
  }

  const save = async () => {
    const score = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(score) || score < 0 || score > max) {
      setState({ kind: 'error', message: t('activity.review.grade.invalid', { max }) });
      return;
    }
    setState({ kind: 'saving' });
    try {
      await onSave(score);
      if (mounted.current) setState({ kind: 'saved' });
    } catch (e) {
      const message = messageOf(e) ?? t('activity.review.grade.failed');
      if (mounted.current) setState({ kind: 'error', message });
    }
  };

  const saving = state.kind === 'saving';
  return (
    <form
      data-grade-form={question.id}
      // our message, in the page's language, instead of the browser's own for out-of-range numbers
      noValidate
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginTop: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`${id}-score`} style={{ fontWeight: 600 }}>
        {t('activity.review.grade.label')}
      </label>
      <Input
        id={`${id}-score`}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={draft}
        disabled={saving}
        style={{ width: 96 }}
        aria-describedby={state.kind === 'error' ? `${id}-max ${id}-error` : `${id}-max ${id}-state`}
        aria-invalid={state.kind === 'error' || undefined}
        status={state.kind === 'error' ? 'error' : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          if (state.kind !== 'saving') setState({ kind: 'idle' });
        }}
      />
      <span id={`${id}-max`}>{t('activity.review.grade.outOf', { max })}</span>
      <Button htmlType="submit" type="primary" loading={saving}>
        {t('activity.review.grade.save')}
      </Button>
      <span id={`${id}-state`} role="status">
        {state.kind === 'saved' && t('activity.review.grade.saved')}
      </span>
      {state.kind === 'error' && (
        <span id={`${id}-error`} role="alert" style={{ color: token.colorErrorText }}>
          {state.message}
        </span>
      )}
    </form>
  );
}
