import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { item, question, text } from '../test/fixtures';
import { ActivityPreview, DEVICE_FRAME_WIDTH, type PreviewScreen } from './activity-preview';

const screens: PreviewScreen[] = [
  {
    screen_id: 1,
    section: 1,
    content: [
      {
        id: 'r1',
        columns: [item('text', 8, { text: text('First screen') }), item('question-essay', 16, { question_id: 4 })],
      },
    ],
    questions: [question(4, 'essay', { label: 'Why?' })],
    media: [],
  },
  {
    screen_id: 2,
    section: 1,
    content: [{ id: 'r2', columns: [item('heading', 24, { text: text('Second screen') })] }],
    questions: [],
    media: [],
  },
];
const frame = () => screen.getByRole('region', { name: /preview$/ });
const spans = () => [...frame().querySelectorAll('.ant-col')].map((el) => Number(el.getAttribute('data-span')));

describe('ActivityPreview', () => {
  it('frames the screen as a desktop, tablet or phone and lays it out for that device', async () => {
    const user = userEvent.setup();
    render(<ActivityPreview screens={screens} />);
    expect(frame().getAttribute('aria-label')).toBe('Desktop preview');
    expect(frame().style.width).toBe(`${DEVICE_FRAME_WIDTH.desktop}px`);
    expect(spans()).toEqual([8, 16]);
    await user.click(screen.getByText('Tablet'));
    expect(frame().getAttribute('aria-label')).toBe('Tablet preview');
    expect(spans()).toEqual([12, 16]);
    await user.click(screen.getByText('Phone'));
    expect(frame().style.width).toBe('375px');
    expect(spans()).toEqual([24, 24]);
  });

  it('moves between screens with next, previous and the screen list', async () => {
    const user = userEvent.setup();
    render(<ActivityPreview screens={screens} />);
    expect(screen.getByText('Screen 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous screen' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next screen' }));
    expect(within(frame()).getByRole('heading', { name: 'Second screen' })).toBeTruthy();
    expect(screen.getByText('Screen 2 of 2')).toBeTruthy();
    const list = screen.getByRole('navigation', { name: 'Screens' });
    await user.click(within(list).getByRole('button', { name: 'Screen 1' }));
    expect(within(frame()).getByText('First screen')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Screen 1' }).getAttribute('aria-current')).toBe('step');
  });

  it('lets the author try a question; the answer stays in the preview', async () => {
    const user = userEvent.setup();
    render(<ActivityPreview screens={screens} />);
    await user.type(within(frame()).getByRole('textbox', { name: 'Why?' }), 'Because');
    expect((within(frame()).getByRole('textbox', { name: 'Why?' }) as HTMLTextAreaElement).value).toBe('Because');
  });

  it('says when there are no screens', () => {
    render(<ActivityPreview screens={[]} />);
    expect(within(frame()).getByText('This activity has no screens yet.')).toBeTruthy();
  });
});
