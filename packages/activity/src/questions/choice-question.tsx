import { Checkbox, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CORRECT_COLOR, srOnly } from '../a11y';
import { orderQuestionOptions } from '../option-order';
import { correctIdsOf, type QuestionKindProps } from './question-props';

/**
 * checkbox (any number of options) and radio (one option). The correct options are green with a check mark and
 * '(correct answer)' for screen readers: instead of the student's answer in builder_preview and teacher_review
 * without answers, beside it in the review modes (the stored result's correct_values).
 */
export function ChoiceQuestion({
  question,
  value,
  readOnly,
  showCorrect,
  onChange,
  seed,
  labelId,
  describedBy,
  invalid,
  review,
}: QuestionKindProps) {
  const { t } = useTranslation();
  const options = orderQuestionOptions(question, seed);
  const chosen = showCorrect ? question.options.filter((o) => o.is_correct).map((o) => o.id) : (value?.options ?? []);
  const reviewCorrect = correctIdsOf(review);
  const isCorrect = (o: (typeof options)[number]) => (showCorrect ? o.is_correct : reviewCorrect.has(o.id));
  const label = (o: (typeof options)[number]) => {
    const correct = isCorrect(o);
    // review: a chosen option that is not correct says so in words too (colour is not the only signal)
    const wrong = !!review && !correct && chosen.includes(o.id);
    return (
      <span style={correct ? { color: CORRECT_COLOR, fontWeight: 600 } : undefined}>
        {o.option}
        {correct ? (
          <>
            <span aria-hidden="true"> ✓</span> <span style={srOnly}>({t('activity.question.correct')})</span>
          </>
        ) : null}
        {wrong ? (
          <>
            {' '}
            <span style={srOnly}>({t('activity.review.incorrectChoice')})</span>
          </>
        ) : null}
      </span>
    );
  };
  const vertical = { display: 'flex', flexDirection: 'column' as const, gap: 8 };
  if (question.type === 'radio') {
    return (
      <Radio.Group
        name={`question-${question.id}`}
        value={chosen[0]}
        disabled={readOnly}
        onChange={(e) => onChange({ options: [e.target.value as number] })}
        style={vertical}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      >
        {options.map((o) => (
          <Radio key={o.id} value={o.id}>
            {label(o)}
          </Radio>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Checkbox.Group
      value={chosen}
      disabled={readOnly}
      onChange={(ids) => onChange({ options: options.map((o) => o.id).filter((id) => ids.includes(id)) })}
      style={vertical}
      aria-describedby={describedBy}
    >
      {options.map((o) => (
        <Checkbox key={o.id} value={o.id} aria-invalid={invalid || undefined}>
          {label(o)}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
