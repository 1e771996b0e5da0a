import type { Question } from '@aula/domain/activity-content';
import { answerToWire, summarizeAnswers } from '@aula/domain/answers';
import type { AttemptAnswer, AttemptView } from '@aula/domain/attempts';
import { describe, expect, it } from 'vitest';
import { applyGradeToView, buildReviewData, pendingOnScreen, reviewedQuestions } from './review-data';

const q = (id: number, type: Question['type'], extra: Partial<Question> = {}): Question => ({
  id,
  type,
  text: null,
  label: null,
  options: [],
  media: [],
  random_order: 0,
  ...extra,
});

const essay = q(1, 'essay', { label: 'Why is the sky blue?' });
const checkbox = q(2, 'checkbox', {
  options: [
    { id: 21, option: 'Oxygen', is_correct: true },
    { id: 22, option: 'Gold', is_correct: false },
    { id: 23, option: 'Nitrogen', is_correct: true },
  ],
});
const drawing = q(3, 'tldraw');

const answer = (over: Partial<AttemptAnswer> & Pick<AttemptAnswer, 'question_id' | 'screen_id'>): AttemptAnswer => ({
  section_id: 1,
  value: answerToWire({}),
  revision: 1,
  saved_at: '2026-03-02T10:00:00.000Z',
  score: null,
  is_correct: null,
  correct_values: null,
  review: null,
  ...over,
});

function view(): AttemptView {
  const answers = [
    answer({ question_id: 1, screen_id: 50, value: answerToWire({ text: 'Light scatters off air.' }) }),
    answer({
      question_id: 2,
      screen_id: 51,
      value: answerToWire({ options: [21, 23] }),
      score: 2,
      is_correct: 1,
      correct_values: [21, 23],
    }),
  ];
  const questions = [essay, checkbox, drawing];
  return {
    attempt: {
      id: 9,
      assignment_id: 7,
      activity_id: 10,
      student_id: 1,
      status: 'submitted',
      progress_section: 2,
      sections: 2,
      started_at: '2026-03-02T09:00:00.000Z',
      submitted_at: '2026-03-02T10:10:00.000Z',
    },
    activity: { id: 10, title: 'Air' },
    assignment: { id: 7, name: 'Week 1', due_at: null },
    student: { id: 1, name: 'Ana Alvarez' },
    screens: [
      { screen_id: 50, version_id: 1, section: 1, content: [], questions: [essay], media: [], sensors: [] },
      { screen_id: 51, version_id: 1, section: 2, content: [], questions: [checkbox, drawing], media: [], sensors: [] },
    ],
    media: [],
    answers,
    states: [{ id: 'tuva-1', value: { plot: 1 } }],
    summary: summarizeAnswers(questions, answers),
    lab_group: null,
  };
}

describe('buildReviewData', () => {
  it("turns the stored answers into the renderer's values, results and read-only set", () => {
    const data = buildReviewData(view());
    expect(data.answers[1]).toEqual({ text: 'Light scatters off air.' });
    expect(data.answers[2]).toEqual({ options: [21, 23] });
    expect(data.review.get(2)).toEqual({
      score: 2,
      max: 2,
      is_correct: 1,
      correct_values: [21, 23],
      review_score: null,
    });
    expect(data.review.get(1)).toMatchObject({ max: 4, review_score: null });
    expect([...data.answered]).toEqual([1, 2]);
    expect(data.questions.size).toBe(3);
    expect(data.states.get('tuva-1')).toEqual({ plot: 1 });
  });
});

describe('reviewedQuestions and pendingOnScreen', () => {
  it('lists only answered essays and drawings, with their screen number and maximum', () => {
    const rows = reviewedQuestions(view());
    expect(rows.map((r) => [r.question.id, r.screenNumber, r.max])).toEqual([[1, 1, 4]]);
    const v = view();
    expect(pendingOnScreen(v.screens[0]!, v.answers)).toBe(1);
    expect(pendingOnScreen(v.screens[1]!, v.answers)).toBe(0);
  });
});

describe('applyGradeToView', () => {
  it("puts the scored answer and the server's summary into the cached view", () => {
    const v = view();
    expect(v.summary?.correct_answers).toBe(1);
    const scored = { ...v.answers[0]!, review: { score: 4, reviewed_at: '2026-03-02T11:00:00.000Z' } };
    const summary = summarizeAnswers([essay, checkbox, drawing], [scored, v.answers[1]!]);
    applyGradeToView(v, { answer: scored, summary });
    expect(v.answers[0]!.review?.score).toBe(4);
    expect(v.summary?.correct_answers).toBe(2);
    expect(pendingOnScreen(v.screens[0]!, v.answers)).toBe(0);
  });

  it('puts every answer of a several-score result (grade screens) into the view', () => {
    const v = view();
    const scored = { ...v.answers[0]!, review: { score: 2, reviewed_at: '2026-03-02T11:00:00.000Z' } };
    const drawn = answer({
      question_id: 3,
      screen_id: 51,
      review: { score: 4, reviewed_at: '2026-03-02T11:00:00.000Z' },
    });
    const summary = summarizeAnswers([essay, checkbox, drawing], [scored, v.answers[1]!, drawn]);
    applyGradeToView(v, { answer: scored, answers: [scored, drawn], summary });
    expect(v.answers.map((a) => [a.question_id, a.review?.score ?? null])).toEqual([
      [1, 2],
      [2, null],
      [3, 4],
    ]);
    expect(v.summary).toEqual(summary);
  });

  it('leaves a view without a summary without one (a student sees no scores before submitting)', () => {
    const v = { ...view(), summary: null };
    applyGradeToView(v, { answer: v.answers[0]!, summary: view().summary });
    expect(v.summary).toBeNull();
  });
});
