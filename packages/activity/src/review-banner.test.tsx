import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import type { AnswerSummary } from '@aula/domain/answers';
import { ReviewBanner } from './review-banner';

const token = theme.getDesignToken();
/** jsdom keeps inline colours as rgb(); compare the theme's hex the same way */
const rgb = (hex: string) => {
  const el = document.createElement('div');
  el.style.color = hex;
  return el.style.color;
};

const summary = (over: Partial<AnswerSummary>): AnswerSummary => ({
  questions: [
    { id: 1, type: 'radio', needReview: false },
    { id: 2, type: 'essay', needReview: false },
  ],
  correct_answers: 0,
  questions_number: 2,
  notAnswered: false,
  ...over,
});

const banner = () => screen.getByRole('status');
const mainLine = () => banner().firstElementChild as HTMLElement;

describe('ReviewBanner', () => {
  it('says Not Answered in the dark text colour when nothing was answered, 80 px high', () => {
    render(<ReviewBanner summary={summary({ notAnswered: true })} />);
    expect(mainLine().textContent).toBe('Not Answered');
    expect(mainLine().style.color).toBe(rgb(token.colorText));
    expect(banner().style.height).toBe('80px');
    expect(banner().dataset.state).toBe('NOT_ANSWERED');
  });

  it('says Pending Teacher Review in the warning colour when every question needs review', () => {
    render(
      <ReviewBanner
        summary={summary({
          questions: [
            { id: 2, type: 'essay', needReview: true },
            { id: 3, type: 'tldraw', needReview: true },
          ],
        })}
      />,
    );
    expect(mainLine().textContent).toBe('Pending Teacher Review');
    expect(mainLine().style.color).toBe(rgb(token.colorWarningText));
    // all of them pending: not 'some'
    expect(screen.queryByText('Some answers are pending teacher review')).toBeNull();
  });

  it('counts correct answers in the success colour, notes green choices and some pending answers', () => {
    render(
      <ReviewBanner
        summary={summary({
          questions: [
            { id: 1, type: 'checkbox', needReview: false },
            { id: 2, type: 'essay', needReview: true },
          ],
          correct_answers: 1,
        })}
      />,
    );
    expect(mainLine().textContent).toBe('Correct Answers: 1 out of 2');
    expect(mainLine().style.color).toBe(rgb(token.colorSuccessText));
    expect(screen.getByText('NOTE: Green indicates a correct choice')).toBeTruthy();
    expect(screen.getByText('Some answers are pending teacher review')).toBeTruthy();
  });

  it('shows no correct answers in the error colour, without the checkbox note when there is no checkbox', () => {
    render(<ReviewBanner summary={summary({ correct_answers: 0 })} />);
    expect(mainLine().textContent).toBe('Correct Answers: 0 out of 2');
    expect(mainLine().style.color).toBe(rgb(token.colorErrorText));
    expect(screen.queryByText('NOTE: Green indicates a correct choice')).toBeNull();
  });

  it('is a polite live region whose text changes when a teacher scores an answer', () => {
    const pending = summary({
      questions: [
        { id: 1, type: 'radio', needReview: false },
        { id: 2, type: 'essay', needReview: true },
      ],
      correct_answers: 1,
    });
    const { rerender } = render(<ReviewBanner summary={pending} />);
    const region = banner();
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Some answers are pending teacher review');
    rerender(
      <ReviewBanner
        summary={{
          ...pending,
          questions: pending.questions.map((q) => ({ ...q, needReview: false })),
          correct_answers: 2,
        }}
      />,
    );
    // the same region (not a new one), so the change is announced
    expect(banner()).toBe(region);
    expect(region.textContent).toBe('Correct Answers: 2 out of 2');
  });
});
