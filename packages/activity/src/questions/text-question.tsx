import { Input } from 'antd';
import { TEXT_ANSWER_ROWS } from '@aula/domain/activity-content';
import { PreviousSubmissionBanner } from './previous-submission';
import type { QuestionKindProps } from './question-props';

/**
 * essay and textarea: a text area of 5 rows (000 section 9). An editable essay in student_work shows the 'previous
 * submission' banner when the app can fetch one (RenderContext.previousSubmission).
 */
export function TextQuestion({
  question,
  value,
  readOnly,
  onChange,
  labelId,
  describedBy,
  invalid,
  context,
}: QuestionKindProps) {
  const text = value?.text ?? '';
  const fetchPrevious = context.previousSubmission;
  const banner = question.type === 'essay' && context.mode === 'student_work' && !readOnly && fetchPrevious;
  return (
    <>
      {banner && (
        <PreviousSubmissionBanner
          questionId={question.id}
          text={text}
          fetchPrevious={fetchPrevious}
          onLoad={(loaded) => onChange({ text: loaded })}
        />
      )}
      <Input.TextArea
        rows={TEXT_ANSWER_ROWS}
        value={text}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        status={invalid ? 'error' : undefined}
        onChange={(e) => onChange({ text: e.target.value })}
      />
    </>
  );
}
