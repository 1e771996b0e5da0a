import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Question } from '@aula/domain/activity-content';
import { context, option, question } from '../../test/fixtures';
import type { AnswerValue, Answers, RenderContext } from '../types';
import { QuestionView } from './question-view';
import { loadDragAndDrop } from '../../test/load-drag-and-drop';

// the drag-and-drop question's code loads on demand
beforeAll(loadDragAndDrop);

function renderQuestion(q: Question, ctx: RenderContext = context('student_work'), answers: Answers = {}) {
  const onAnswer = vi.fn<(id: number, value: AnswerValue) => void>();
  const utils = render(<QuestionView question={q} context={ctx} answers={answers} onAnswer={onAnswer} />);
  return { ...utils, onAnswer };
}

const slotText = (kind: 'question-dropdown' | 'question-dnd'): Question['text'] => ({
  root: {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Water boils at ' },
          { type: kind, slot: 'a' },
          { type: 'text', text: ' and freezes at ' },
          { type: kind, slot: 'b' },
          { type: 'text', text: '.' },
        ],
      },
    ],
  },
});

describe('checkbox and radio', () => {
  const checkbox = question(1, 'checkbox', { options: [option(11, 'Iron'), option(12, 'Wood'), option(13, 'Nickel')] });

  it('answers a checkbox question by keyboard', async () => {
    const user = userEvent.setup();
    const { onAnswer, rerender } = renderQuestion(checkbox);
    expect(screen.getByRole('group', { name: 'Question 1' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Iron' }));
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(1, { options: [11] });
    rerender(
      <QuestionView
        question={checkbox}
        context={context('student_work')}
        answers={{ 1: { options: [11] } }}
        onAnswer={onAnswer}
      />,
    );
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(1, { options: [11, 13] });
  });

  it('answers a radio question with the arrow keys', async () => {
    const user = userEvent.setup();
    const radio = question(2, 'radio', { options: [option(21, 'Solid'), option(22, 'Liquid'), option(23, 'Gas')] });
    const { onAnswer } = renderQuestion(radio);
    expect(screen.getByRole('radiogroup', { name: 'Question 2' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Solid' }));
    expect(onAnswer).toHaveBeenLastCalledWith(2, { options: [21] });
    await user.keyboard('{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith(2, { options: [22] });
  });

  it('shows the correct options, read-only, in builder_preview and teacher_review without answers', () => {
    const q = question(3, 'checkbox', { options: [option(31, 'Iron', true), option(32, 'Wood')] });
    for (const mode of ['builder_preview', 'teacher_review'] as const) {
      const { unmount } = renderQuestion(q, context(mode));
      const iron = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Iron (correct answer)' });
      expect(iron.checked).toBe(true);
      expect(iron.disabled).toBe(true);
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Wood' }).checked).toBe(false);
      unmount();
    }
  });

  it("shows the student's answer in teacher_review and student_review, read-only", () => {
    const q = question(3, 'radio', { options: [option(31, 'Iron', true), option(32, 'Wood')] });
    for (const mode of ['teacher_review', 'student_review'] as const) {
      const { unmount } = renderQuestion(q, context(mode), { 3: { options: [32] } });
      const wood = screen.getByRole<HTMLInputElement>('radio', { name: 'Wood' });
      expect(wood.checked).toBe(true);
      expect(wood.disabled).toBe(true);
      expect(screen.queryByText('(correct answer)')).toBeNull();
      unmount();
    }
  });

  it('locks student_work when the student has moved to a later section', () => {
    const q = question(4, 'radio', { options: [option(41, 'A'), option(42, 'B')] });
    renderQuestion(q, context('student_work', { screenSection: 1, progressSection: 2 }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'A' }).disabled).toBe(true);
  });

  it('shuffles options with random_order, the same way on every render', () => {
    const options = Array.from({ length: 6 }, (_, i) => option(60 + i, `Option ${i + 1}`));
    const q = question(6, 'checkbox', { options, random_order: 1 });
    const labels = () => screen.getAllByRole('checkbox').map((el) => el.closest('label')!.textContent);
    const first = renderQuestion(q, context('student_work', { shuffleSeed: 7 }));
    const order = labels();
    expect(order).not.toEqual(options.map((o) => o.option));
    first.unmount();
    renderQuestion(q, context('student_work', { shuffleSeed: 7 }));
    expect(labels()).toEqual(order);
  });
});

describe('essay and textarea', () => {
  it('types an answer into a text area of 5 rows', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(question(5, 'essay', { label: 'Explain' }));
    const box = screen.getByRole('textbox', { name: 'Explain' });
    expect(box.getAttribute('rows')).toBe('5');
    await user.click(box);
    await user.keyboard('F');
    expect(onAnswer).toHaveBeenLastCalledWith(5, { text: 'F' });
  });

  it('is read-only once the student has submitted it', () => {
    renderQuestion(question(5, 'textarea'), context('student_work', { submittedQuestionIds: new Set([5]) }), {
      5: { text: 'Done' },
    });
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Question 5' });
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe('Done');
  });
});

describe('drop-down-list', () => {
  const q = question(7, 'drop-down-list', {
    text: slotText('question-dropdown'),
    options: [option(71, '100 °C', false, 'a'), option(72, '50 °C', false, 'a'), option(73, '0 °C', false, 'b')],
  });

  it('puts a select in each slot of the text with that slot options, answered by keyboard', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(q);
    const first = screen.getByRole('combobox', { name: 'Blank 1' });
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an answer', '100 °C', '50 °C']);
    expect(screen.getByText(/Water boils at/)).toBeTruthy();
    await user.selectOptions(first, '100 °C');
    expect(onAnswer).toHaveBeenLastCalledWith(7, { slots: { a: 71 } });
  });

  it('shows the correct option of each slot in builder_preview', () => {
    const correct = {
      ...q,
      options: [option(71, '100 °C', true, 'a'), option(72, '50 °C', false, 'a'), option(73, '0 °C', true, 'b')],
    };
    renderQuestion(correct, context('builder_preview'));
    const [a, b] = screen.getAllByRole<HTMLSelectElement>('combobox');
    expect([a!.value, b!.value, a!.disabled]).toEqual(['71', '73', true]);
  });
});

describe('drag-and-drop', () => {
  const q = question(8, 'drag-and-drop', {
    text: slotText('question-dnd'),
    options: [option(81, '100 °C', false, 'a'), option(82, '0 °C', false, 'b'), option(83, '50 °C')],
  });
  const pool = () => screen.getByRole('group', { name: 'Answer choices' });

  it('fills the first empty slot in text order when an option is chosen with enter or a click', async () => {
    const user = userEvent.setup();
    const { onAnswer, rerender } = renderQuestion(q);
    const chip = within(pool()).getByRole('button', { name: '0 °C' });
    expect(chip.getAttribute('aria-roledescription')).toBe('draggable');
    chip.focus();
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenLastCalledWith(8, { slots: { a: 82 } });

    rerender(
      <QuestionView
        question={q}
        context={context('student_work')}
        answers={{ 8: { slots: { a: 82 } } }}
        onAnswer={onAnswer}
      />,
    );
    // the placed option is in its slot and no longer in the pool
    expect(within(screen.getByRole('group', { name: 'Blank 1' })).getByRole('button', { name: '0 °C' })).toBeTruthy();
    expect(within(pool()).queryByRole('button', { name: '0 °C' })).toBeNull();
    await user.click(within(pool()).getByRole('button', { name: '100 °C' }));
    expect(onAnswer).toHaveBeenLastCalledWith(8, { slots: { a: 82, b: 81 } });
  });

  it('clears a slot with its remove button, returning the option to the pool', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(q, context('student_work'), { 8: { slots: { a: 82, b: 81 } } });
    await user.click(screen.getByRole('button', { name: 'Remove 0 °C from blank 1' }));
    expect(onAnswer).toHaveBeenLastCalledWith(8, { slots: { b: 81 } });
  });

  it('keeps the pool at most half the viewport high, scrolling', () => {
    renderQuestion(q);
    expect(pool().style.maxHeight).toBe('50vh');
    expect(pool().style.overflowY).toBe('auto');
  });

  it('is read-only in student_review: no remove buttons, options not draggable', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(q, context('student_review'), { 8: { slots: { a: 82 } } });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    const chip = within(pool()).getByRole('button', { name: '100 °C' });
    expect(chip.getAttribute('aria-disabled')).toBe('true');
    await user.click(chip);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('shows the correct option in each slot in builder_preview', () => {
    const correct = {
      ...q,
      options: [option(81, '100 °C', true, 'a'), option(82, '0 °C', true, 'b'), option(83, '50 °C')],
    };
    renderQuestion(correct, context('builder_preview'));
    expect(within(screen.getByRole('group', { name: 'Blank 1' })).getByText('100 °C')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Blank 2' })).getByText('0 °C')).toBeTruthy();
    expect(
      within(pool())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['50 °C']);
  });
});

describe('drag-and-drop by keyboard sensor', () => {
  // jsdom has no layout: give the slots, the pool and the options their places on a page
  const places: Record<string, [number, number, number, number]> = {
    'Blank 1': [0, 0, 100, 30],
    'Blank 2': [200, 0, 100, 30],
    'Answer choices': [0, 300, 400, 100],
  };
  const layOut = () =>
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const own = places[this.getAttribute('aria-label') ?? ''];
      const group = this.closest('[aria-label]');
      const [x, y, w, h] = own ?? (group ? places[group.getAttribute('aria-label')!] : undefined) ?? [0, 0, 0, 0];
      const [width, height] = own ? [w, h] : [40, 20];
      return {
        x,
        y,
        left: x,
        top: y,
        width,
        height,
        right: x + width,
        bottom: y + height,
        toJSON: () => ({}),
      };
    });
  const q = question(8, 'drag-and-drop', {
    text: slotText('question-dnd'),
    options: [option(81, '100 °C'), option(82, '0 °C'), option(83, '50 °C')],
  });

  it('picks an option up with space, moves it between the blanks with the arrows and drops it with space', async () => {
    const spy = layOut();
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(q);
    within(screen.getByRole('group', { name: 'Answer choices' }))
      .getByRole('button', { name: '0 °C' })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(8, { slots: { b: 82 } });
    spy.mockRestore();
  });

  it('drops an option from a blank back on the pool, and escape cancels a move', async () => {
    const spy = layOut();
    const user = userEvent.setup();
    const { onAnswer } = renderQuestion(q, context('student_work'), { 8: { slots: { a: 82 } } });
    within(screen.getByRole('group', { name: 'Blank 1' }))
      .getByRole('button', { name: '0 °C' })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(onAnswer).not.toHaveBeenCalled();
    within(screen.getByRole('group', { name: 'Blank 1' }))
      .getByRole('button', { name: '0 °C' })
      .focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(8, { slots: {} });
    spy.mockRestore();
  });
});

describe('tldraw', () => {
  it('loads the drawing tool on demand', async () => {
    renderQuestion(question(9, 'tldraw', { label: 'Draw the circuit' }));
    expect(screen.getByRole('group', { name: 'Draw the circuit' })).toBeTruthy();
    expect(screen.getByText('Loading the drawing tool…').getAttribute('role')).toBe('status');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  });
});
