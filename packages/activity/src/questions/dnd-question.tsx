import { useMemo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { findSlots, type QuestionOption } from '@aula/domain/activity-content';
import { CORRECT_COLOR, srOnly } from '../a11y';
import { LexicalView } from '../lexical-view';
import { orderQuestionOptions } from '../option-order';
import { clearSlot, fillFirstEmptySlot, fillSlot, poolOptions, returnToPool, type SlotFill } from '../slot-answers';
import { correctIdsOf, type QuestionKindProps } from './question-props';
import { slotPosition } from './slot-position';

const POOL = 'pool';
const slotKey = (slot: string) => `slot:${slot}`;
const optionKey = (id: number) => `option:${id}`;
const optionIdOf = (key: UniqueIdentifier) => Number(String(key).slice(7));

/**
 * The arrow keys move a picked-up option to the next or previous drop target (the slots in text order, then the
 * pool) instead of nudging it pixel by pixel.
 */
function targetStepper(order: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { over, droppableRects, collisionRect } }) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
    if (!step || !collisionRect) return undefined;
    event.preventDefault();
    const at = over ? order.indexOf(String(over.id)) : -1;
    const next = order[(at + step + order.length) % order.length];
    const rect = next ? droppableRects.get(next) : undefined;
    if (!rect) return undefined;
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + rect.height / 2 - collisionRect.height / 2,
    };
  };
}

/**
 * The target under the pointer; for the keyboard (no pointer), the target the option overlaps most, so a picked-up
 * option starts over the pool or slot it sits in.
 */
const detectTarget: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/** How a placed option is marked: the correct one (preview, review) or, in review, a wrong one. */
type Mark = 'correct' | 'incorrect' | undefined;

function OptionChip({
  option,
  disabled,
  mark,
  onActivate,
}: {
  option: QuestionOption;
  disabled: boolean;
  mark?: Mark;
  onActivate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const correct = mark === 'correct';
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: optionKey(option.id),
    disabled,
  });
  const style: CSSProperties = {
    display: 'inline-block',
    padding: '2px 10px',
    border: `1px solid ${correct ? CORRECT_COLOR : '#8c8c8c'}`,
    borderRadius: 6,
    background: '#fff',
    color: correct ? CORRECT_COLOR : undefined,
    cursor: disabled ? 'default' : 'grab',
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    opacity: isDragging ? 0.6 : 1,
    position: isDragging ? 'relative' : undefined,
    zIndex: isDragging ? 10 : undefined,
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    // enter places the option (the click rule); space and the arrows belong to the keyboard drag
    if (e.key === 'Enter' && !disabled && onActivate) {
      e.preventDefault();
      onActivate();
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  return (
    <span
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={disabled ? undefined : onActivate}
      aria-disabled={disabled || undefined}
      style={style}
    >
      {option.option}
      {mark && (
        <>
          <span aria-hidden="true">{correct ? ' ✓' : ' ✗'}</span>{' '}
          <span style={srOnly}>({t(correct ? 'activity.question.correct' : 'activity.review.incorrectChoice')})</span>
        </>
      )}
    </span>
  );
}

function SlotTarget({
  slot,
  n,
  style,
  children,
}: {
  slot: string;
  n: number;
  style?: CSSProperties | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: slotKey(slot) });
  return (
    <span
      ref={setNodeRef}
      role="group"
      aria-label={t('activity.question.blank', { n })}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        minWidth: 96,
        minHeight: 30,
        margin: '0 4px',
        padding: '2px 4px',
        border: `1px dashed ${isOver ? '#1677ff' : '#8c8c8c'}`,
        borderRadius: 6,
        verticalAlign: 'middle',
        ...style,
      }}
    >
      {children}
    </span>
  );
}

function Pool({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: POOL });
  return (
    <div
      ref={setNodeRef}
      role="group"
      aria-label={t('activity.question.pool')}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 8,
        marginTop: 12,
        padding: 8,
        minHeight: 48,
        maxHeight: '50vh',
        overflowY: 'auto',
        border: `1px solid ${isOver ? '#1677ff' : '#d9d9d9'}`,
        borderRadius: 8,
      }}
    >
      {children}
    </div>
  );
}

/** drag-and-drop: options from a pool into the slots of the text (000 section 4), by pointer, touch or keyboard. */
export function DndQuestion({
  question,
  value,
  readOnly,
  showCorrect,
  onChange,
  seed,
  textId,
  review,
  placeholder,
}: QuestionKindProps) {
  const { t } = useTranslation();
  const slots = useMemo(() => findSlots(question.text), [question.text]);
  const reviewCorrect = correctIdsOf(review);
  const markOf = (placed: QuestionOption, slot: string): Mark => {
    if (showCorrect) return 'correct';
    if (!review) return undefined;
    return reviewCorrect.has(placed.id) && (placed.slot ?? null) === slot ? 'correct' : 'incorrect';
  };
  const options = orderQuestionOptions(question, seed);
  const byId = new Map(question.options.map((o) => [o.id, o]));
  const fill: SlotFill = showCorrect
    ? Object.fromEntries(
        slots.flatMap((s) => {
          const o = question.options.find((x) => x.is_correct && x.slot === s);
          return o ? [[s, o.id]] : [];
        }),
      )
    : (value?.slots ?? {});
  const order = useMemo(() => [...slots.map(slotKey), POOL], [slots]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: targetStepper(order),
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const change = (next: SlotFill) => onChange({ slots: next });

  const nameOf = (key: UniqueIdentifier | undefined) => {
    if (key === undefined) return '';
    const k = String(key);
    if (k === POOL) return t('activity.question.pool');
    if (k.startsWith('slot:')) return t('activity.question.blank', { n: slots.indexOf(k.slice(5)) + 1 });
    return byId.get(optionIdOf(k))?.option ?? '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('activity.dnd.pickedUp', { option: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('activity.dnd.over', { option: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('activity.dnd.dropped', { option: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('activity.dnd.cancelled', { option: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (readOnly || !over) return;
    const id = optionIdOf(active.id);
    const target = String(over.id);
    if (target === POOL) change(returnToPool(fill, id));
    else if (target.startsWith('slot:')) change(fillSlot(fill, target.slice(5), id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectTarget}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('activity.dnd.instructions') } }}
    >
      <div id={textId} style={{ position: 'relative' }}>
        <LexicalView
          state={question.text}
          renderers={{
            placeholder,
            slot: (node) => {
              const n = slots.indexOf(node.slot) + 1;
              const placed = fill[node.slot] === undefined ? undefined : byId.get(fill[node.slot]!);
              return (
                <SlotTarget slot={node.slot} n={n} style={slotPosition(node)}>
                  {placed ? (
                    <>
                      <OptionChip option={placed} disabled={readOnly} mark={markOf(placed, node.slot)} />
                      {!readOnly && (
                        <Button
                          size="small"
                          type="text"
                          aria-label={t('activity.question.remove', { option: placed.option, n })}
                          onClick={() => change(clearSlot(fill, node.slot))}
                        >
                          ×
                        </Button>
                      )}
                    </>
                  ) : (
                    <span style={{ color: '#595959' }}>{t('activity.question.emptyBlank')}</span>
                  )}
                </SlotTarget>
              );
            },
          }}
        />
      </div>
      <Pool>
        {poolOptions(options, fill).map((o) => (
          <OptionChip
            key={o.id}
            option={o}
            disabled={readOnly}
            onActivate={() => change(fillFirstEmptySlot(fill, slots, o.id))}
          />
        ))}
      </Pool>
    </DndContext>
  );
}
