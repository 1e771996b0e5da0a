import { describe, expect, it } from 'vitest';
import type { Question, QuestionType } from './activity-content';
import { answerFitProblem, ANSWER_FIT_MESSAGES as M } from './answer-fit';
import { answerToWire, DRAWING_DOCUMENT_MAX_BYTES, type AnswerValue } from './answers';

const slotText = (kind: string, ...slots: string[]): Question['text'] => ({
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: slots.map((slot) => ({ type: kind, slot })) }],
  },
});

function q(type: QuestionType, over: Partial<Question> = {}): Question {
  return { id: 1, type, text: null, label: null, options: [], media: [], random_order: 0, ...over };
}
const opt = (id: number, is_correct = false, slot?: string) => ({ id, option: `o${id}`, is_correct, slot });
const fit = (question: Question, value: AnswerValue) => answerFitProblem(question, answerToWire(value));

describe('answerFitProblem', () => {
  const checkbox = q('checkbox', { options: [opt(11, true), opt(12)] });
  const radio = q('radio', { options: [opt(21, true), opt(22)] });
  const dropdown = q('drop-down-list', {
    text: slotText('question-dropdown', 'a', 'b'),
    options: [opt(31, true, 'a'), opt(32, false, 'a'), opt(33, true, 'b')],
  });
  const dnd = q('drag-and-drop', { text: slotText('question-dnd', 'a', 'b'), options: [opt(41), opt(42), opt(43)] });

  it('accepts what the renderer sends, complete or not', () => {
    expect(fit(checkbox, { options: [11, 12] })).toBeNull();
    expect(fit(checkbox, { options: [] })).toBeNull();
    expect(fit(radio, { options: [22] })).toBeNull();
    expect(fit(q('essay'), { text: '' })).toBeNull();
    expect(fit(q('textarea'), { text: 'notes' })).toBeNull();
    expect(fit(dropdown, { slots: { a: 32 } })).toBeNull();
    expect(fit(dnd, { slots: { a: 43, b: 41 } })).toBeNull();
    expect(fit(q('tldraw'), { drawing: { shapes: [] }, assets: [] })).toBeNull();
  });

  it('refuses options of another question, two radio options, unknown slots and another slot’s drop-down option', () => {
    expect(fit(checkbox, { options: [21] })).toBe(M.option);
    expect(fit(radio, { options: [21, 22] })).toBe(M.oneOption);
    expect(fit(dropdown, { slots: { c: 31 } })).toBe(M.slot);
    expect(fit(dropdown, { slots: { a: 33 } })).toBe(M.option);
    expect(fit(dnd, { slots: { a: 99 } })).toBe(M.option);
  });

  it('refuses a drag-and-drop option in two slots and values of another kind', () => {
    expect(fit(dnd, { slots: { a: 41, b: 41 } })).toBe(M.kind);
    expect(fit(checkbox, { options: [11], text: 'x' })).toBe(M.kind);
    expect(fit(q('essay', { options: [opt(11)] }), { text: 'x', options: [11] })).toBe(M.kind);
    expect(fit(q('tldraw'), { text: 'x' })).toBe(M.kind);
    expect(fit(dnd, { drawing: {} })).toBe(M.kind);
  });

  it('refuses a drawing document over the limit', () => {
    const big = { data: 'x'.repeat(DRAWING_DOCUMENT_MAX_BYTES) };
    expect(fit(q('tldraw'), { drawing: big })).toBe(M.drawing);
  });
});
