import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { context, option, question } from '../test/fixtures';
import { focusQuestion } from './focus-question';
import { QuestionView } from './questions/question-view';

describe('focusQuestion', () => {
  it('moves focus to the first control of the question validation stopped at', () => {
    const ctx = context('student_work', { errors: new Map([[2, 'answers.validation.chooseAnswer']]) });
    const { container } = render(
      <>
        <QuestionView question={question(1, 'essay')} context={ctx} answers={{}} onAnswer={() => undefined} />
        <QuestionView
          question={question(2, 'radio', { options: [option(21, 'Solid'), option(22, 'Liquid')] })}
          context={ctx}
          answers={{}}
          onAnswer={() => undefined}
        />
      </>,
    );
    expect(focusQuestion(container, 2)).toBe(true);
    const focused = document.activeElement as HTMLInputElement;
    expect(focused.type).toBe('radio');
    expect(focused.closest('fieldset')!.dataset.questionId).toBe('2');
    expect(focusQuestion(container, 99)).toBe(false);
  });

  it('prefers the invalid answer input over other controls of the question (an essay banner’s buttons)', async () => {
    const ctx = context('student_work', {
      errors: new Map([[1, 'answers.validation.tooShort']]),
      previousSubmission: async () => 'Earlier text',
    });
    const { container, findByRole } = render(
      <QuestionView question={question(1, 'essay')} context={ctx} answers={{}} onAnswer={() => undefined} />,
    );
    await findByRole('button', { name: 'View' });
    expect(focusQuestion(container, 1)).toBe(true);
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
  });
});
