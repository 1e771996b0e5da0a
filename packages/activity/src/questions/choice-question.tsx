import { Checkbox, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CORRECT_COLOR, srOnly } from '../a11y';
import { orderOptions } from '../option-order';
import type { QuestionKindProps } from './question-props';

/** checkbox (any number of options) and radio (one option). */
export function ChoiceQuestion({
  question,
  value,
  readOnly,
  showCorrect,
  onChange,
  seed,
  labelId,
  textId,
}: QuestionKindProps) {
  const { t } = useTranslation();
  const options = orderOptions(question.options, question.random_order, question.id, seed);
  const chosen = showCorrect ? question.options.filter((o) => o.is_correct).map((o) => o.id) : (value?.options ?? []);
  const label = (o: (typeof options)[number]) => (
    <span style={showCorrect && o.is_correct ? { color: CORRECT_COLOR, fontWeight: 600 } : undefined}>
      {o.option}
      {showCorrect && o.is_correct ? (
        <>
          {' '}
          <span style={srOnly}>({t('activity.question.correct')})</span>
        </>
      ) : null}
    </span>
  );
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
        aria-describedby={textId}
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
      aria-describedby={textId}
    >
      {options.map((o) => (
        <Checkbox key={o.id} value={o.id}>
          {label(o)}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
