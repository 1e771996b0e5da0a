import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Question } from '@aula/domain/activity-content';
import { ANSWER_MESSAGES, validateAnswers } from '@aula/domain/answers';
import { context, option, paragraph, question } from '../../test/fixtures';
import type { AnswerValue, Answers, QuestionReview, RenderContext } from '../types';
import { QuestionView } from './question-view';
import { loadDragAndDrop } from '../../test/load-drag-and-drop';

// the drag-and-drop question's code loads on demand
beforeAll(loadDragAndDrop);

function renderQuestion(q: Question, ctx: RenderContext, answers: Answers = {}) {
  const onAnswer = vi.fn<(id: number, value: AnswerValue) => void>();
  return { ...render(<QuestionView question={q} context={ctx} answers={answers} onAnswer={onAnswer} />), onAnswer };
}
const errors = (entries: [number, string][]) => new Map(entries);
const describedBy = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const resultLines = () => [...document.querySelectorAll('[data-result]')].map((el) => el.textContent);
const resultLine = () => resultLines().join(' | ');

const slotText = (kind: 'question-dropdown' | 'question-dnd'): Question['text'] =>
  paragraph(
    { type: 'text', text: 'Water boils at ' },
    { type: kind, slot: 'a' },
    { type: 'text', text: ' and freezes at ' },
    { type: kind, slot: 'b' },
  ) as Question['text'];
const radio = question(2, 'radio', {
  label: 'State of ice',
  options: [option(21, 'Solid', true), option(22, 'Liquid'), option(23, 'Gas')],
});
const checkbox = question(3, 'checkbox', {
  label: 'Metals',
  options: [option(31, 'Iron', true), option(32, 'Wood'), option(33, 'Nickel', true)],
});
const essay = question(5, 'essay', { label: 'Explain' });
const dropdown = question(7, 'drop-down-list', {
  text: slotText('question-dropdown'),
  options: [
    option(71, '100 °C', true, 'a'),
    option(72, '50 °C', false, 'a'),
    option(73, '0 °C', true, 'b'),
    option(74, '10 °C', false, 'b'),
  ],
});
const dnd = question(8, 'drag-and-drop', {
  text: slotText('question-dnd'),
  options: [option(81, '100 °C', true, 'a'), option(82, '0 °C', true, 'b'), option(83, '50 °C')],
});

describe('validation messages (student_work)', () => {
  it('shows the spec message under a text answer, announced and tied to the text area', () => {
    renderQuestion(essay, context('student_work', { errors: errors([[5, ANSWER_MESSAGES.tooShort]]) }), {
      5: { text: 'abc' },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please type in at least 5 characters');
    const box = screen.getByRole('textbox', { name: 'Explain' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(box)).toContain('Please type in at least 5 characters');
    expect(describedBy(screen.getByRole('group', { name: 'Explain' }))).toBe('Please type in at least 5 characters');
  });

  it('shows what the domain validation says for every kind the student left unanswered', () => {
    const questions = [radio, checkbox, essay, dropdown, dnd];
    const messages = validateAnswers(questions, {}, { mode: 'student_work' });
    const ctx = context('student_work', { errors: new Map(Object.entries(messages).map(([k, v]) => [Number(k), v])) });
    render(
      <>
        {questions.map((q) => (
          <QuestionView key={q.id} question={q} context={ctx} answers={{}} onAnswer={() => undefined} />
        ))}
      </>,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please choose an answer',
      'Please choose an answer',
      'Please type in your answers into the text area',
      'Please choose an answer',
      'Please choose an answer',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'State of ice' }).getAttribute('aria-invalid')).toBe('true');
    for (const select of screen.getAllByRole('combobox')) {
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(select)).toContain('Please choose an answer');
    }
  });

  it('marks only the empty blanks of a drop-down question', () => {
    renderQuestion(dropdown, context('student_work', { errors: errors([[7, ANSWER_MESSAGES.chooseAnswer]]) }), {
      7: { slots: { a: 71 } },
    });
    const [a, b] = screen.getAllByRole('combobox');
    expect(a!.getAttribute('aria-invalid')).toBeNull();
    expect(b!.getAttribute('aria-invalid')).toBe('true');
  });

  it('says to wait for Tuva on a drawing, and never validates outside student_work', () => {
    const drawing = question(9, 'tldraw', { label: 'Plot' });
    const { unmount } = renderQuestion(
      drawing,
      context('student_work', { errors: errors([[9, ANSWER_MESSAGES.tuvaLoading]]) }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Please wait for Tuva to load');
    unmount();
    for (const mode of ['student_review', 'teacher_review', 'builder_preview'] as const) {
      const { unmount: done } = renderQuestion(essay, context(mode, { errors: errors([[5, ANSWER_MESSAGES.empty]]) }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBeNull();
      done();
    }
  });
});

const result = (over: Partial<QuestionReview>): QuestionReview => ({
  score: null,
  max: null,
  is_correct: null,
  correct_values: [],
  review_score: null,
  ...over,
});

describe('student_review and teacher_review results', () => {
  it("shows the correct choice in green beside the student's wrong one, in words too", () => {
    renderQuestion(
      radio,
      context('student_review', {
        review: new Map([[2, result({ score: 0, max: 3, is_correct: 0, correct_values: [21] })]]),
      }),
      { 2: { options: [22] } },
    );
    const solid = screen.getByRole<HTMLInputElement>('radio', { name: 'Solid (correct answer)' });
    const liquid = screen.getByRole<HTMLInputElement>('radio', { name: 'Liquid (incorrect answer)' });
    expect([solid.checked, liquid.checked, liquid.disabled]).toEqual([false, true, true]);
    expect(solid.closest('label')!.querySelector('span[style]')!.getAttribute('style')).toContain(
      'color: rgb(35, 120, 4)',
    );
    expect(resultLine()).toBe('✗ Incorrect · Score: 0 / 3');
  });

  it('shows partial credit for a checkbox question', () => {
    renderQuestion(
      checkbox,
      context('student_review', {
        review: new Map([[3, result({ score: 1, max: 2, is_correct: 2, correct_values: [31, 33] })]]),
      }),
      { 3: { options: [31, 32] } },
    );
    expect(screen.getByRole('checkbox', { name: 'Iron (correct answer)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Wood (incorrect answer)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nickel (correct answer)' })).toBeTruthy();
    expect(resultLine()).toBe('◐ Partially correct · Score: 1 / 2');
  });

  it('marks each blank of slot questions right or wrong', () => {
    const review = new Map([
      [7, result({ score: 1, max: 2, is_correct: 2, correct_values: [71, 73] })],
      [8, result({ score: 2, max: 2, is_correct: 1, correct_values: [81, 82] })],
    ]);
    render(
      <>
        <QuestionView
          question={dropdown}
          context={context('student_review', { review })}
          answers={{ 7: { slots: { a: 71, b: 74 } } }}
        />
        <QuestionView
          question={dnd}
          context={context('student_review', { review })}
          answers={{ 8: { slots: { a: 81, b: 82 } } }}
        />
      </>,
    );
    const [a, b] = screen.getAllByRole('combobox');
    expect(a!.parentElement!.textContent).toContain('(correct answer)');
    expect(b!.parentElement!.textContent).toContain('(incorrect answer)');
    expect(within(screen.getByRole('group', { name: 'Blank 1' })).getByRole('button').textContent).toBe(
      '100 °C ✓ (correct answer)',
    );
    expect(resultLines()).toEqual(['◐ Partially correct · Score: 1 / 2', '✓ Correct · Score: 2 / 2']);
  });

  it('says pending teacher review for an unscored essay, the score once given, and not answered without an answer', () => {
    const review = new Map([[5, result({ max: 4 })]]);
    const { rerender } = render(
      <QuestionView
        question={essay}
        context={context('student_review', { review })}
        answers={{ 5: { text: 'Because light.' } }}
      />,
    );
    expect(screen.getByText('Pending teacher review')).toBeTruthy();
    rerender(
      <QuestionView
        question={essay}
        context={context('student_review', { review: new Map([[5, result({ max: 4, review_score: 4 })]]) })}
        answers={{ 5: { text: 'Because light.' } }}
      />,
    );
    expect(resultLine()).toBe('✓ Correct · Score: 4 / 4');
    rerender(<QuestionView question={radio} context={context('student_review', { review })} answers={{}} />);
    expect(screen.getByText('Not answered')).toBeTruthy();
  });

  it('shows no result for a textarea (never scored) nor without review data', () => {
    const textarea = question(6, 'textarea');
    const { rerender } = render(
      <QuestionView
        question={textarea}
        context={context('student_review', { review: new Map([[6, result({})]]) })}
        answers={{ 6: { text: 'Notes' } }}
      />,
    );
    expect(screen.queryByText(/Score|Pending|Not answered/)).toBeNull();
    rerender(<QuestionView question={radio} context={context('teacher_review')} answers={{}} />);
    expect(screen.queryByText(/Score|Pending|Not answered/)).toBeNull();
  });
});

describe("the teacher's score (teacher_review)", () => {
  const pending = new Map([[5, result({ max: 4 })]]);
  const answers = { 5: { text: 'Because light.' } };
  const scoreBox = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Score' });
  const save = () => screen.getByRole('button', { name: /Save score/ });

  it('accepts only a whole number from 0 to the maximum', async () => {
    const user = userEvent.setup();
    const onGrade = vi.fn(() => Promise.resolve());
    renderQuestion(essay, context('teacher_review', { review: pending, onGrade }), answers);
    expect(screen.getByText('out of 4')).toBeTruthy();
    for (const typed of ['', '7', '2.5', '-1']) {
      await user.clear(scoreBox());
      if (typed) await user.type(scoreBox(), typed);
      await user.click(save());
      expect([typed, screen.queryByRole('alert')?.textContent]).toEqual([typed, 'Enter a whole number from 0 to 4.']);
      expect(scoreBox().getAttribute('aria-invalid')).toBe('true');
    }
    expect(onGrade).not.toHaveBeenCalled();
  });

  it('saves a score, disabled while saving, then says it is saved', async () => {
    const user = userEvent.setup();
    let done: () => void = () => undefined;
    const onGrade = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    renderQuestion(essay, context('teacher_review', { review: pending, onGrade }), answers);
    await user.type(scoreBox(), '3');
    await user.keyboard('{Enter}');
    expect(onGrade).toHaveBeenCalledWith(5, 3, undefined);
    expect(scoreBox().disabled).toBe(true);
    expect(save().className).toContain('ant-btn-loading');
    await act(async () => done());
    expect(screen.getByRole('status').textContent).toBe('Score saved');
    expect(scoreBox().disabled).toBe(false);
  });

  it("shows why a save failed: the API's message, else a general one", async () => {
    const user = userEvent.setup();
    const onGrade = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce({ status: 403, data: { message: 'You cannot grade this student.' } })
      .mockRejectedValueOnce(new TypeError(''));
    renderQuestion(
      essay,
      context('teacher_review', { review: new Map([[5, result({ max: 4, review_score: 2 })]]), onGrade }),
      answers,
    );
    expect(scoreBox().value).toBe('2');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot grade this student.');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('The score could not be saved. Please try again.');
  });

  it('is there only for a teacher reviewing an answered essay or drawing', () => {
    const { rerender } = renderQuestion(
      essay,
      context('student_review', { review: pending, onGrade: vi.fn() }),
      answers,
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();
    rerender(
      <QuestionView question={essay} context={context('teacher_review', { review: pending })} answers={answers} />,
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();
    rerender(
      <QuestionView
        question={radio}
        context={context('teacher_review', {
          review: new Map([[2, result({ score: 3, max: 3, is_correct: 1, correct_values: [21] })]]),
          onGrade: vi.fn(),
        })}
        answers={{ 2: { options: [21] } }}
      />,
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();
    rerender(
      <QuestionView
        question={essay}
        context={context('teacher_review', { review: new Map(), onGrade: vi.fn() })}
        answers={{}}
      />,
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

describe('random order across reloads', () => {
  const options = Array.from({ length: 6 }, (_, i) => option(60 + i, `Option ${i + 1}`));
  const shuffled = question(6, 'radio', { options, random_order: 1 });
  const labels = () => screen.getAllByRole('radio').map((el) => el.closest('label')!.textContent);

  it('shows the same order after a reload of the page, and in the review of the same attempt', async () => {
    const { unmount } = renderQuestion(shuffled, context('student_work', { shuffleSeed: 1234 }));
    const order = labels();
    expect(order).not.toEqual(options.map((o) => o.option));
    unmount();
    // a reload: the renderer's modules evaluated afresh, the same attempt id
    vi.resetModules();
    const fresh = await import('./question-view');
    const { unmount: again } = render(
      <fresh.QuestionView
        question={shuffled}
        context={context('student_work', { shuffleSeed: 1234 })}
        answers={{}}
        onAnswer={() => undefined}
      />,
    );
    expect(labels()).toEqual(order);
    again();
    render(
      <QuestionView
        question={shuffled}
        context={context('student_review', { shuffleSeed: 1234 })}
        answers={{ 6: { options: [61] } }}
      />,
    );
    expect(labels()).toEqual(order);
  });

  it('gives another attempt its own order', () => {
    const { unmount } = renderQuestion(shuffled, context('student_work', { shuffleSeed: 1234 }));
    const order = labels();
    unmount();
    renderQuestion(shuffled, context('student_work', { shuffleSeed: 98765 }));
    expect(labels()).not.toEqual(order);
  });
});
