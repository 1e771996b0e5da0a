import { Input } from 'antd';
import { TEXT_ANSWER_ROWS } from '@aula/domain/activity-content';
import type { QuestionKindProps } from './question-props';

/** essay and textarea: a text area of 5 rows (000 section 9). */
export function TextQuestion({ value, readOnly, onChange, labelId, textId }: QuestionKindProps) {
  return (
    <Input.TextArea
      rows={TEXT_ANSWER_ROWS}
      value={value?.text ?? ''}
      readOnly={readOnly}
      aria-readonly={readOnly || undefined}
      aria-labelledby={labelId}
      aria-describedby={textId}
      onChange={(e) => onChange({ text: e.target.value })}
    />
  );
}
