import { describe, expect, it } from 'vitest';
import type { Question, QuestionType } from './activity-content';
import {
  answerFromWire,
  answerToWire,
  answerWireValueSchema,
  maxScore,
  reviewBanner,
  reviewBannerState,
  scoreAnswer,
  summarizeAnswers,
  validateAnswer,
  validateAnswers,
  isValidReviewScore,
  type AnswerValue,
  type SummaryAnswer,
} from './answers';

const slotText = (...slots: string[]): Question['text'] => ({
  root: {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: slots.flatMap((slot) => [
          { type: 'text', text: 'fill ' },
          { type: 'question-dnd', slot },
        ]),
      },
    ],
  },
});

function q(type: QuestionType, over: Partial<Question> = {}): Question {
  return { id: 1, type, text: null, label: null, options: [], media: [], random_order: 0, ...over };
}
const opts = (...correct: boolean[]) => correct.map((is_correct, i) => ({ id: 10 + i, option: `o${i}`, is_correct }));

const work = { mode: 'student_work' } as const;

describe('validateAnswer (000 section 5)', () => {
  it('essay and textarea: trimmed text of at least 5 characters, else the spec messages', () => {
    for (const type of ['essay', 'textarea'] as const) {
      expect(validateAnswer(q(type), undefined, work)).toBe('answers.validation.empty');
      expect(validateAnswer(q(type), { text: '    ' }, work)).toBe('answers.validation.empty');
      expect(validateAnswer(q(type), { text: '  abcd  ' }, work)).toBe('answers.validation.tooShort');
      expect(validateAnswer(q(type), { text: ' abcde ' }, work)).toBeNull();
    }
  });

  it('checkbox and radio need a choice', () => {
    expect(validateAnswer(q('checkbox', { options: opts(true, false) }), { options: [] }, work)).toBe(
      'answers.validation.chooseAnswer',
    );
    expect(validateAnswer(q('radio', { options: opts(true, false) }), undefined, work)).toBe(
      'answers.validation.chooseAnswer',
    );
    expect(validateAnswer(q('radio', { options: opts(true, false) }), { options: [11] }, work)).toBeNull();
  });

  it('drop-down and drag-and-drop need every slot filled', () => {
    for (const type of ['drop-down-list', 'drag-and-drop'] as const) {
      const question = q(type, { text: slotText('a', 'b') });
      expect(validateAnswer(question, { slots: { a: 10 } }, work)).toBe('answers.validation.chooseAnswer');
      expect(validateAnswer(question, { slots: { a: 10, b: 11 } }, work)).toBeNull();
    }
  });

  it('a drawing on a Tuva simulation waits for Tuva; other drawings are optional', () => {
    const media = new Map([
      [5, { type: 'tuva' as const }],
      [6, { type: 'phet' as const }],
    ]);
    const onTuva = q('tldraw', { media: [5] });
    expect(validateAnswer(onTuva, undefined, { ...work, media })).toBe('answers.validation.tuvaLoading');
    expect(validateAnswer(onTuva, undefined, { ...work, media, tuvaReady: true })).toBeNull();
    expect(validateAnswer(q('tldraw', { media: [6] }), undefined, { ...work, media })).toBeNull();
  });

  it('validates only in student_work', () => {
    for (const mode of ['builder_preview', 'teacher_review', 'student_review'] as const) {
      expect(validateAnswer(q('essay'), undefined, { mode })).toBeNull();
    }
  });

  it('collects the messages of a section by question id', () => {
    const list = [q('essay', { id: 1 }), q('radio', { id: 2, options: opts(true) }), q('textarea', { id: 3 })];
    expect(validateAnswers(list, { 1: { text: 'enough text' }, 3: { text: 'no' } }, work)).toEqual({
      2: 'answers.validation.chooseAnswer',
      3: 'answers.validation.tooShort',
    });
  });
});

describe('scoreAnswer (000 sections 3 and 5)', () => {
  it('checkbox: maximum is the option count minus 1, with partial credit', () => {
    const question = q('checkbox', { options: opts(true, true, false, false) });
    expect(maxScore(question)).toBe(3);
    expect(scoreAnswer(question, { options: [10, 11] })).toMatchObject({ score: 3, is_correct: 1 });
    expect(scoreAnswer(question, { options: [10] })).toMatchObject({ score: 2, is_correct: 2 });
    expect(scoreAnswer(question, { options: [10, 12] })).toMatchObject({ score: 1, is_correct: 2 });
    expect(scoreAnswer(question, { options: [12, 13] })).toMatchObject({ score: 0, is_correct: 0 });
    expect(scoreAnswer(question, { options: [10] }).correct_values).toEqual([10, 11]);
  });

  it('radio: correct when its score is 3', () => {
    const question = q('radio', { options: opts(false, true) });
    expect(scoreAnswer(question, { options: [11] })).toMatchObject({ score: 3, is_correct: 1 });
    expect(scoreAnswer(question, { options: [10] })).toMatchObject({ score: 0, is_correct: 0 });
  });

  it('slots: a point for each slot holding one of its correct options', () => {
    const question = q('drag-and-drop', {
      text: slotText('a', 'b'),
      options: [
        { id: 1, option: 'x', is_correct: true, slot: 'a' },
        { id: 2, option: 'y', is_correct: true, slot: 'b' },
        { id: 3, option: 'z', is_correct: false, slot: null },
      ],
    });
    expect(maxScore(question)).toBe(2);
    expect(scoreAnswer(question, { slots: { a: 1, b: 2 } })).toMatchObject({ score: 2, is_correct: 1 });
    expect(scoreAnswer(question, { slots: { a: 2, b: 1 } })).toMatchObject({ score: 0, is_correct: 0 });
    expect(scoreAnswer(question, { slots: { a: 1, b: 3 } })).toMatchObject({ score: 1, is_correct: 2 });
  });

  it('essays and drawings wait for a teacher; textarea is never scored', () => {
    expect(scoreAnswer(q('essay'), { text: 'an essay' })).toMatchObject({ score: null, is_correct: null });
    expect(scoreAnswer(q('tldraw'), { drawing: {} })).toMatchObject({ score: null, is_correct: null });
    expect(maxScore(q('tldraw'))).toBe(4);
    expect(maxScore(q('textarea'))).toBeNull();
    expect(isValidReviewScore(q('tldraw'), 4)).toBe(true);
    expect(isValidReviewScore(q('tldraw'), 5)).toBe(false);
    expect(isValidReviewScore(q('essay'), 2.5)).toBe(false);
    expect(isValidReviewScore(q('textarea'), 0)).toBe(false);
  });
});

describe('answer values on the wire (000 section 3)', () => {
  it('round-trips every kind through { options, additional: [{ type: json }] }', () => {
    const cases: [QuestionType, AnswerValue][] = [
      ['checkbox', { options: [1, 2] }],
      ['essay', { text: 'hello' }],
      ['drag-and-drop', { slots: { a: 4 } }],
      [
        'tldraw',
        {
          drawing: { store: {} },
          assets: [
            { tldraw_id: 'asset:1', src: '/m/a.png', url: '/m/a.png', fileName: 'a.png', width: 10, height: 20 },
          ],
        },
      ],
    ];
    for (const [type, value] of cases) {
      const wire = answerToWire(value);
      expect(answerWireValueSchema.parse(wire)).toEqual(wire);
      expect(answerFromWire(wire, type)).toEqual(value);
    }
    expect(answerToWire({ slots: { a: 4, b: 5 } }).options).toEqual([4, 5]);
  });
});

describe('summary and the review banner (000 sections 2, 3 and 4)', () => {
  const questions = [
    q('radio', { id: 1, options: opts(true, false) }),
    q('checkbox', { id: 2, options: opts(true, false) }),
    q('essay', { id: 3 }),
  ];
  const a = (question_id: number, is_correct: 0 | 1 | 2 | null, review: number | null = null): SummaryAnswer => ({
    question_id,
    is_correct,
    review: { score: review },
  });

  it('NOT_ANSWERED when nothing was answered', () => {
    const s = summarizeAnswers(questions, []);
    expect(s).toMatchObject({ notAnswered: true, correct_answers: 0, questions_number: 3 });
    expect(reviewBanner(s)).toMatchObject({
      state: 'NOT_ANSWERED',
      colour: 'text',
      message: { key: 'answers.banner.notAnswered' },
    });
  });

  it('counts correct answers out of the scored questions and notes pending review', () => {
    const s = summarizeAnswers(questions, [a(1, 1), a(2, 0), a(3, null)]);
    expect(s.questions).toEqual([
      { id: 1, type: 'radio', needReview: false },
      { id: 2, type: 'checkbox', needReview: false },
      { id: 3, type: 'essay', needReview: true },
    ]);
    const b = reviewBanner(s);
    expect(b).toMatchObject({
      state: 'CORRECT',
      colour: 'success',
      message: { key: 'answers.banner.score', values: { x: 1, y: 3 } },
      choiceNote: true,
      somePending: true,
    });
  });

  it("a teacher's full score counts the essay as correct", () => {
    const s = summarizeAnswers(questions, [a(1, 1), a(2, 0), a(3, null, 4)]);
    expect(s.correct_answers).toBe(2);
    expect(reviewBanner(s).somePending).toBe(false);
    expect(summarizeAnswers(questions, [a(1, 1), a(2, 0), a(3, null, 2)]).correct_answers).toBe(1);
  });

  it('NEED_REVIEW when every question needs review; INCORRECT when none is correct', () => {
    const essays = [q('essay', { id: 1 }), q('tldraw', { id: 2 })];
    expect(reviewBannerState(summarizeAnswers(essays, [a(1, null), a(2, null)]))).toBe('NEED_REVIEW');
    expect(reviewBanner(summarizeAnswers(essays, [a(1, null), a(2, null)])).colour).toBe('warning');
    const s = summarizeAnswers(questions.slice(0, 1), [a(1, 0)]);
    expect(reviewBanner(s)).toMatchObject({ state: 'INCORRECT', colour: 'error', choiceNote: false });
  });
});
