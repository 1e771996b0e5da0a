import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SLIDE_ANIMATION_MS } from '@aula/domain/activity-content';
import { Carousel, wrapIndex } from './carousel';

const slides = ['Alpha', 'Beta', 'Gamma'].map((s) => <p key={s}>{s}</p>);
const current = () =>
  screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-hidden') !== 'true');

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('Carousel', () => {
  it('shows one slide at a time with a live n / total counter and labelled buttons', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} titles={['First']} />);
    const region = screen.getByRole('region', { name: 'Slides' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(current()).toHaveLength(1);
    expect(current()[0]!.getAttribute('aria-label')).toBe('First');
    const counter = within(region).getByText('1 / 3');
    expect(counter.getAttribute('aria-live')).toBe('polite');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(within(region).getByText('2 / 3')).toBeTruthy();
    expect(current()[0]!.textContent).toBe('Beta');
    expect(current()[0]!.getAttribute('aria-label')).toBe('2 of 3');
  });

  it('wraps from the first slide to the last and back', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} />);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(current()[0]!.textContent).toBe('Gamma');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it('slides in 500 ms', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} />);
    const track = screen.getByTestId('carousel-track');
    expect(track.style.transition).toBe(`transform ${SLIDE_ANIMATION_MS}ms ease`);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(track.style.transform).toBe('translateX(-100%)');
  });

  it('moves with the left and right arrow keys when focused, keyboard only', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Slides' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('2 / 3')).toBeTruthy();
    // the buttons work from the keyboard too
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous slide' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });

  it('leaves the arrow keys to an answer field inside a slide', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={[<input key="i" aria-label="Answer" />, <p key="p">Two</p>]} />);
    await user.click(screen.getByRole('textbox', { name: 'Answer' }));
    await user.keyboard('ab{ArrowLeft}');
    expect(screen.getByText('1 / 2')).toBeTruthy();
  });
});
