import { findSlots, type Question } from './activity-content.ts';
import { answerFromWire, drawingBytes, DRAWING_DOCUMENT_MAX_BYTES, type AnswerWireValue } from './answers.ts';

// Whether a saved answer's value fits its question (issue 6): the API refuses one that does not with 422 before it
// scores or stores it. This is not 000 section 5's validation (an incomplete answer fits; it only cannot be moved on
// from): it keeps out values the renderer never sends, e.g. an option of another question.

/** i18n keys (the `attempts` section of the catalogues). */
export const ANSWER_FIT_MESSAGES = {
  option: 'attempts.optionNotInQuestion',
  oneOption: 'attempts.oneOption',
  slot: 'attempts.slotNotInQuestion',
  kind: 'attempts.answerNotForQuestion',
  drawing: 'attempts.drawingTooLarge',
} as const;
export type AnswerFitMessage = (typeof ANSWER_FIT_MESSAGES)[keyof typeof ANSWER_FIT_MESSAGES];

/** The reason this value does not fit the question, or null when it does. */
export function answerFitProblem(question: Question, wire: AnswerWireValue): AnswerFitMessage | null {
  const json = wire.additional[0]?.value ?? {};
  const optionIds = new Set(question.options.map((o) => o.id));
  if (wire.options.some((id) => !optionIds.has(id))) return ANSWER_FIT_MESSAGES.option;
  const has = {
    options: wire.options.length > 0,
    text: json.text !== undefined,
    slots: json.slots !== undefined,
    drawing: json.drawing !== undefined || json.assets !== undefined,
  };
  switch (question.type) {
    case 'checkbox':
    case 'radio':
      if (has.text || has.slots || has.drawing) return ANSWER_FIT_MESSAGES.kind;
      return question.type === 'radio' && new Set(wire.options).size > 1 ? ANSWER_FIT_MESSAGES.oneOption : null;
    case 'essay':
    case 'textarea':
      return has.options || has.slots || has.drawing ? ANSWER_FIT_MESSAGES.kind : null;
    case 'drop-down-list':
    case 'drag-and-drop': {
      if (has.text || has.drawing) return ANSWER_FIT_MESSAGES.kind;
      const slots = new Set(findSlots(question.text));
      const byId = new Map(question.options.map((o) => [o.id, o]));
      const filled = Object.entries(json.slots ?? {});
      if (filled.some(([slot]) => !slots.has(slot))) return ANSWER_FIT_MESSAGES.slot;
      for (const [slot, optionId] of filled) {
        const option = byId.get(optionId);
        if (!option) return ANSWER_FIT_MESSAGES.option;
        // a drop-down offers each slot its own options; a drag-and-drop pool's option may go in any slot
        if (question.type === 'drop-down-list' && option.slot != null && option.slot !== slot)
          return ANSWER_FIT_MESSAGES.option;
      }
      // 000 section 4: an option dropped in a slot leaves the pool, so it fills one slot at most
      if (question.type === 'drag-and-drop' && new Set(filled.map(([, id]) => id)).size < filled.length)
        return ANSWER_FIT_MESSAGES.kind;
      return null;
    }
    case 'tldraw':
      if (has.options || has.text || has.slots) return ANSWER_FIT_MESSAGES.kind;
      return drawingBytes(answerFromWire(wire, 'tldraw')) > DRAWING_DOCUMENT_MAX_BYTES
        ? ANSWER_FIT_MESSAGES.drawing
        : null;
  }
}
