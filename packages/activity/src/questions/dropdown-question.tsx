import { useTranslation } from 'react-i18next';
import { CORRECT_COLOR, srOnly } from '../a11y';
import { LexicalView } from '../lexical-view';
import { orderQuestionOptions } from '../option-order';
import { findSlots } from '@aula/domain/activity-content';
import { fillSlot, clearSlot } from '../slot-answers';
import { correctIdsOf, type QuestionKindProps } from './question-props';
import { slotPosition } from './slot-position';

/**
 * drop-down-list: a select in each slot of the text, listing the options tied to that slot. A native select: it is
 * inline in running text, and every screen reader, keyboard and phone handles it.
 */
export function DropdownQuestion({
  question,
  value,
  readOnly,
  showCorrect,
  onChange,
  seed,
  labelId,
  textId,
  invalid,
  errorId,
  review,
  placeholder,
}: QuestionKindProps) {
  const { t } = useTranslation();
  const reviewCorrect = correctIdsOf(review);
  const byId = new Map(question.options.map((o) => [o.id, o]));
  /** review: whether the option chosen for a slot is that slot's correct one (shown in words and a mark, not colour alone) */
  const markOf = (slot: string, chosen: number | undefined) => {
    if (!review || chosen === undefined) return undefined;
    const o = byId.get(chosen);
    return o && reviewCorrect.has(o.id) && (o.slot ?? null) === slot ? 'correct' : 'incorrect';
  };
  const slots = findSlots(question.text);
  const options = orderQuestionOptions(question, seed);
  const fill: Record<string, number> = showCorrect
    ? Object.fromEntries(question.options.filter((o) => o.is_correct && o.slot).map((o) => [o.slot!, o.id]))
    : { ...(value?.slots ?? {}) };

  return (
    <div id={textId} style={{ position: 'relative' }}>
      <LexicalView
        state={question.text}
        renderers={{
          placeholder,
          slot: (node) => {
            const n = slots.indexOf(node.slot) + 1;
            const chosen = fill[node.slot];
            const mark = markOf(node.slot, chosen);
            const correct = showCorrect || mark === 'correct';
            const select = (
              <select
                aria-label={t('activity.question.blank', { n })}
                aria-describedby={errorId ? `${labelId} ${errorId}` : labelId}
                aria-invalid={(invalid && chosen === undefined) || undefined}
                disabled={readOnly}
                value={chosen === undefined ? '' : String(chosen)}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  const slotsNow = value?.slots ?? {};
                  onChange({
                    slots: e.target.value ? fillSlot(slotsNow, node.slot, id) : clearSlot(slotsNow, node.slot),
                  });
                }}
                style={{
                  ...(mark ? undefined : slotPosition(node)),
                  margin: '0 4px',
                  maxWidth: '100%',
                  color: correct ? CORRECT_COLOR : undefined,
                }}
              >
                <option value="">{t('activity.question.chooseOption')}</option>
                {options
                  .filter((o) => o.slot === node.slot)
                  .map((o) => (
                    <option key={o.id} value={String(o.id)}>
                      {o.option}
                    </option>
                  ))}
              </select>
            );
            if (!mark) return select;
            return (
              <span style={{ whiteSpace: 'nowrap', ...slotPosition(node) }}>
                {select}
                <span aria-hidden="true" style={{ color: correct ? CORRECT_COLOR : undefined }}>
                  {correct ? '✓' : '✗'}
                </span>
                <span style={srOnly}>
                  ({t(correct ? 'activity.question.correct' : 'activity.review.incorrectChoice')})
                </span>
              </span>
            );
          },
        }}
      />
    </div>
  );
}
