import { z } from 'zod';
import {
  findSlots,
  TEXT_ANSWER_MIN_CHARS,
  type MediaItem,
  type Question,
  type QuestionType,
} from './activity-content.ts';

// 000 sections 3, 4 and 5: a student's answer, its validation, its score and the review banner over an activity's
// answers. Written once: the API scores and validates with these, the student app validates with them before it
// moves on, and the renderer's banner reads the same state.

/** 000 section 3: answer correctness codes. */
export const CORRECTNESS = { incorrect: 0, correct: 1, partial: 2 } as const;
export type Correctness = (typeof CORRECTNESS)[keyof typeof CORRECTNESS];

/** 000 section 5: a radio answer counts as correct when its score is 3. */
export const RADIO_CORRECT_SCORE = 3;
/** 000 section 5: a drawing is worth at most 4 points. */
export const DRAWING_MAX_SCORE = 4;
/** Decision (docs/attempts.md): essays are marked on the same 0-4 scale as drawings, the other reviewed kind. */
export const ESSAY_MAX_SCORE = 4;
/** Question kinds a teacher marks (000 section 4: "Teachers in review mark essay and drawing answers with scores"). */
export const REVIEWED_QUESTION_TYPES: readonly QuestionType[] = ['essay', 'tldraw'];
/** Free text that is neither scored nor reviewed: it counts as answered, never in 'X out of Y' (docs/attempts.md). */
export const UNSCORED_QUESTION_TYPES: readonly QuestionType[] = ['textarea'];

/** Limits on what one answer may hold (decisions: an essay is a few pages; a drawing document stays under 1 MB). */
export const ANSWER_TEXT_MAX = 20_000;
export const DRAWING_DOCUMENT_MAX_BYTES = 1_000_000;

export function needsReview(type: QuestionType): boolean {
  return REVIEWED_QUESTION_TYPES.includes(type);
}

// ---------------------------------------------------------------------------------------------------------------
// The answer's value

/** 000 section 3: drawing assets (an image inside a drawing). */
export const drawingAssetSchema = z.object({
  tldraw_id: z.string().max(200),
  src: z.string().max(2000),
  url: z.string().max(2000),
  fileName: z.string().max(500),
  penda_id: z.number().int().nullable().optional(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type DrawingAsset = z.infer<typeof drawingAssetSchema>;

/**
 * A question's answer as the renderer reads and reports it: chosen option ids (checkbox, radio), text (essay,
 * textarea), slot fills (drop-down-list, drag-and-drop: slot id -> option id) or a drawing (the tldraw document and
 * its image assets).
 */
export interface AnswerValue {
  options?: number[] | undefined;
  text?: string | undefined;
  slots?: Readonly<Record<string, number>> | undefined;
  drawing?: unknown;
  assets?: DrawingAsset[] | undefined;
}

/**
 * 000 section 3: the answer's value on the wire, `{ options, additional: [{ type: 'json', value }] }`. `options`
 * holds the chosen option ids (slot questions: the filled options in slot order); the one `json` entry holds what
 * options cannot say: `text`, `slots` or `drawing` with its `assets`.
 */
export const answerAdditionalSchema = z.object({
  text: z.string().max(ANSWER_TEXT_MAX, { error: 'answers.validation.tooLong' }).optional(),
  slots: z.record(z.string().max(64), z.number().int().positive()).optional(),
  drawing: z.unknown().optional(),
  assets: z.array(drawingAssetSchema).max(100).optional(),
});
export const answerWireValueSchema = z.object({
  options: z.array(z.number().int().positive()).max(100),
  additional: z.array(z.object({ type: z.literal('json'), value: answerAdditionalSchema })).max(1),
});
export type AnswerWireValue = z.infer<typeof answerWireValueSchema>;

export function answerToWire(value: AnswerValue): AnswerWireValue {
  const json: z.infer<typeof answerAdditionalSchema> = {};
  if (value.text !== undefined) json.text = value.text;
  if (value.slots !== undefined) json.slots = { ...value.slots };
  if (value.drawing !== undefined) json.drawing = value.drawing;
  if (value.assets !== undefined) json.assets = value.assets;
  const options = value.options ?? (value.slots ? Object.values(value.slots) : []);
  return { options: [...options], additional: Object.keys(json).length ? [{ type: 'json', value: json }] : [] };
}

export function answerFromWire(wire: AnswerWireValue, type: QuestionType): AnswerValue {
  const json = wire.additional[0]?.value ?? {};
  const value: AnswerValue = {};
  if (type === 'checkbox' || type === 'radio') value.options = [...wire.options];
  if (json.text !== undefined) value.text = json.text;
  if (json.slots !== undefined) value.slots = json.slots;
  if (json.drawing !== undefined) value.drawing = json.drawing;
  if (json.assets !== undefined) value.assets = json.assets;
  return value;
}

/** The size a drawing document takes on the wire, for the 1 MB limit. */
export function drawingBytes(value: AnswerValue): number {
  return value.drawing === undefined ? 0 : JSON.stringify(value.drawing).length;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation (000 section 5: only in student_work)

/** i18n keys of the validation messages (000 section 8; en text is the spec's, exactly). */
export const ANSWER_MESSAGES = {
  chooseAnswer: 'answers.validation.chooseAnswer', // 'Please choose an answer'
  tooShort: 'answers.validation.tooShort', // 'Please type in at least 5 characters'
  empty: 'answers.validation.empty', // 'Please type in your answers into the text area'
  tuvaLoading: 'answers.validation.tuvaLoading', // 'Please wait for Tuva to load'
} as const;
export type AnswerMessage = (typeof ANSWER_MESSAGES)[keyof typeof ANSWER_MESSAGES];

export interface ValidationContext {
  mode: 'builder_preview' | 'teacher_review' | 'student_review' | 'student_work';
  /** the screen's media by id, to know whether a drawing question belongs to a Tuva simulation */
  media?: ReadonlyMap<number, Pick<MediaItem, 'type'>> | undefined;
  /** the Tuva simulation of this question has loaded and handed over its state */
  tuvaReady?: boolean | undefined;
}

/** A drawing question that draws on a Tuva simulation's plot needs the simulation loaded. */
export function isTuvaDrawing(question: Question, media: ValidationContext['media']): boolean {
  return question.type === 'tldraw' && question.media.some((id) => media?.get(id)?.type === 'tuva');
}

/**
 * 000 section 5: the message for a question's answer, or null when it passes. Only student_work validates.
 * Essay and textarea: trimmed text of at least 5 characters. Checkbox and radio: at least one option; drop-down
 * and drag-and-drop: every slot filled. A drawing on a Tuva simulation waits for Tuva.
 */
export function validateAnswer(
  question: Question,
  value: AnswerValue | undefined,
  context: ValidationContext,
): AnswerMessage | null {
  if (context.mode !== 'student_work') return null;
  switch (question.type) {
    case 'essay':
    case 'textarea': {
      const text = (value?.text ?? '').trim();
      if (text.length === 0) return ANSWER_MESSAGES.empty;
      return text.length < TEXT_ANSWER_MIN_CHARS ? ANSWER_MESSAGES.tooShort : null;
    }
    case 'checkbox':
    case 'radio':
      return (value?.options?.length ?? 0) > 0 ? null : ANSWER_MESSAGES.chooseAnswer;
    case 'drop-down-list':
    case 'drag-and-drop': {
      const slots = findSlots(question.text);
      const filled = value?.slots ?? {};
      return slots.length > 0 && slots.every((s) => filled[s] !== undefined) ? null : ANSWER_MESSAGES.chooseAnswer;
    }
    case 'tldraw':
      return isTuvaDrawing(question, context.media) && !context.tuvaReady ? ANSWER_MESSAGES.tuvaLoading : null;
  }
}

/** Messages for every question of a list (e.g. a section) that fails, by question id. */
export function validateAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<number, AnswerValue | undefined>>,
  context: ValidationContext,
): Record<number, AnswerMessage> {
  const out: Record<number, AnswerMessage> = {};
  for (const q of questions) {
    const message = validateAnswer(q, answers[q.id], context);
    if (message) out[q.id] = message;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring (000 section 5)

/** A question's maximum score, or null when it is not scored (textarea). */
export function maxScore(question: Question): number | null {
  switch (question.type) {
    case 'checkbox':
      // 000 section 5: the option count minus 1
      return Math.max(0, question.options.length - 1);
    case 'radio':
      return RADIO_CORRECT_SCORE;
    case 'drop-down-list':
    case 'drag-and-drop':
      return findSlots(question.text).length;
    case 'essay':
      return ESSAY_MAX_SCORE;
    case 'tldraw':
      return DRAWING_MAX_SCORE;
    case 'textarea':
      return null;
  }
}

export interface AnswerScore {
  /** null: not scored (textarea), or waiting for the teacher (essay, drawing) */
  score: number | null;
  is_correct: Correctness | null;
  /** ids of the options marked correct (slot questions: each option carries its slot) */
  correct_values: number[];
}

/** A score out of a maximum as a correctness code: all of it correct, none incorrect, else partial. */
export function correctnessOf(score: number, max: number): Correctness {
  if (score >= max) return CORRECTNESS.correct;
  return score <= 0 ? CORRECTNESS.incorrect : CORRECTNESS.partial;
}

/**
 * The automatic score of an answer.
 * - checkbox: one point for each option chosen or left as it should be, minus one, so that all right is the
 *   maximum (option count - 1) and partial credit falls between (docs/attempts.md).
 * - radio: 3 when the chosen option is correct, else 0.
 * - drop-down-list, drag-and-drop: one point for each slot holding a correct option of that slot.
 * - essay, drawing: no score until a teacher gives one; textarea: never scored.
 */
export function scoreAnswer(question: Question, value: AnswerValue | undefined): AnswerScore {
  const correct_values = question.options.filter((o) => o.is_correct).map((o) => o.id);
  const max = maxScore(question);
  const none = { score: null, is_correct: null, correct_values };
  if (max === null || needsReview(question.type)) return none;
  let score = 0;
  if (question.type === 'checkbox') {
    const chosen = new Set(value?.options ?? []);
    const matches = question.options.filter((o) => chosen.has(o.id) === o.is_correct).length;
    score = Math.max(0, matches - 1);
  } else if (question.type === 'radio') {
    const chosen = value?.options?.[0];
    score = question.options.some((o) => o.id === chosen && o.is_correct) ? RADIO_CORRECT_SCORE : 0;
  } else {
    const byId = new Map(question.options.map((o) => [o.id, o]));
    const filled = value?.slots ?? {};
    for (const slot of findSlots(question.text)) {
      const o = byId.get(filled[slot] ?? -1);
      if (o && o.is_correct && (o.slot ?? null) === slot) score += 1;
    }
  }
  return { score, is_correct: correctnessOf(score, max), correct_values };
}

/** A teacher's score must be a whole number from 0 to the question's maximum. */
export function isValidReviewScore(question: Question, score: number): boolean {
  const max = maxScore(question);
  return max !== null && Number.isInteger(score) && score >= 0 && score <= max;
}

// ---------------------------------------------------------------------------------------------------------------
// Answer summary and the footer review banner (000 sections 2, 3, 4)

/** What the summary needs of a stored answer. */
export interface SummaryAnswer {
  question_id: number;
  is_correct: Correctness | null;
  review: { score: number | null } | null;
}

/** 000 section 3: answer summary. */
export interface AnswerSummary {
  questions: { id: number; type: QuestionType; needReview: boolean }[];
  correct_answers: number;
  questions_number: number;
  notAnswered: boolean;
}

/**
 * The summary over an activity's questions and the student's stored answers. A reviewed kind needs review while it
 * is answered and has no teacher score; once scored, its correctness is the teacher's score out of its maximum.
 * `questions_number` counts the scored questions (every kind but textarea).
 */
export function summarizeAnswers(questions: readonly Question[], answers: readonly SummaryAnswer[]): AnswerSummary {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  let correct = 0;
  const out: AnswerSummary['questions'] = [];
  for (const q of questions) {
    const a = byQuestion.get(q.id);
    const reviewScore = a?.review?.score ?? null;
    const pending = a !== undefined && needsReview(q.type) && reviewScore === null;
    out.push({ id: q.id, type: q.type, needReview: pending });
    if (!a) continue;
    const max = maxScore(q);
    const code = needsReview(q.type)
      ? reviewScore !== null && max !== null
        ? correctnessOf(reviewScore, max)
        : null
      : a.is_correct;
    if (code === CORRECTNESS.correct) correct += 1;
  }
  return {
    questions: out,
    correct_answers: correct,
    questions_number: questions.filter((q) => maxScore(q) !== null).length,
    notAnswered: answers.length === 0,
  };
}

/** 000 section 4: review banner states and their colours. */
export const REVIEW_BANNER_STATES = ['NOT_ANSWERED', 'NEED_REVIEW', 'CORRECT', 'INCORRECT'] as const;
export type ReviewBannerState = (typeof REVIEW_BANNER_STATES)[number];
export const REVIEW_BANNER_COLOURS: Record<ReviewBannerState, 'text' | 'warning' | 'success' | 'error'> = {
  NOT_ANSWERED: 'text',
  NEED_REVIEW: 'warning',
  CORRECT: 'success',
  INCORRECT: 'error',
};
export const REVIEW_BANNER_HEIGHT = 80;

/** i18n keys of the banner (000 section 2). */
export const REVIEW_BANNER_MESSAGES = {
  NOT_ANSWERED: 'answers.banner.notAnswered', // 'Not Answered'
  NEED_REVIEW: 'answers.banner.needReview', // 'Pending Teacher Review'
  score: 'answers.banner.score', // 'Correct Answers: {{x}} out of {{y}}'
  choiceNote: 'answers.banner.choiceNote', // 'NOTE: Green indicates a correct choice'
  somePending: 'answers.banner.somePending', // 'Some answers are pending teacher review'
} as const;

export function reviewBannerState(summary: AnswerSummary): ReviewBannerState {
  if (summary.notAnswered) return 'NOT_ANSWERED';
  if (summary.questions.length > 0 && summary.questions.every((q) => q.needReview)) return 'NEED_REVIEW';
  return summary.correct_answers > 0 ? 'CORRECT' : 'INCORRECT';
}

export interface ReviewBanner {
  state: ReviewBannerState;
  colour: (typeof REVIEW_BANNER_COLOURS)[ReviewBannerState];
  /** the main line: an i18n key and its values */
  message: { key: string; values?: { x: number; y: number } };
  /** 'NOTE: Green indicates a correct choice' when any question is a checkbox */
  choiceNote: boolean;
  /** 'Some answers are pending teacher review' when some but not all questions need review */
  somePending: boolean;
}

export function reviewBanner(summary: AnswerSummary): ReviewBanner {
  const state = reviewBannerState(summary);
  const pending = summary.questions.filter((q) => q.needReview).length;
  return {
    state,
    colour: REVIEW_BANNER_COLOURS[state],
    message:
      state === 'NOT_ANSWERED' || state === 'NEED_REVIEW'
        ? { key: REVIEW_BANNER_MESSAGES[state] }
        : { key: REVIEW_BANNER_MESSAGES.score, values: { x: summary.correct_answers, y: summary.questions_number } },
    choiceNote: summary.questions.some((q) => q.type === 'checkbox'),
    somePending: pending > 0 && pending < summary.questions.length,
  };
}

/**
 * A question as a student sees it while working: no option marked correct, and drag-and-drop options without the
 * slot they belong in (a drop-down keeps its slots: they say which list an option is in, not whether it is right).
 * The answer key reaches a student's browser only once the work is submitted.
 */
export function withoutAnswerKey(question: Question): Question {
  return {
    ...question,
    options: question.options.map((o) => ({
      ...o,
      is_correct: false,
      ...(question.type === 'drag-and-drop' ? { slot: null } : {}),
    })),
  };
}
