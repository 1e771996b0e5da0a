import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { item, option, question, text } from '../test/fixtures';
import { ActivityPreview, DEVICE_FRAME_WIDTH, type PreviewScreen } from './activity-preview';
import { loadDragAndDrop } from '../test/load-drag-and-drop';

// the drag-and-drop question's code loads on demand
beforeAll(loadDragAndDrop);

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
const spans = () =>
  [...frame().querySelectorAll<HTMLElement>('[data-span]')].map((el) => {
    expect(el.style.gridColumn).toBe(`span ${el.getAttribute('data-span')}`);
    return Number(el.getAttribute('data-span'));
  });

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
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous screen' }).disabled).toBe(true);
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
    expect(within(frame()).getByRole<HTMLTextAreaElement>('textbox', { name: 'Why?' }).value).toBe('Because');
  });

  it('lets the author try a drag-and-drop question without correct options', async () => {
    const user = userEvent.setup();
    const slots = {
      root: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'question-dnd', slot: 'a' },
              { type: 'question-dnd', slot: 'b' },
            ],
          },
        ],
      },
    };
    const dnd = question(6, 'drag-and-drop', { text: slots, options: [option(61, 'X'), option(62, 'Y')] });
    render(
      <ActivityPreview
        screens={[
          {
            content: [{ id: 'r', columns: [item('question-drag-and-drop', 24, { question_id: 6 })] }],
            questions: [dnd],
            media: [],
          },
        ]}
      />,
    );
    await user.click(within(screen.getByRole('group', { name: 'Answer choices' })).getByRole('button', { name: 'Y' }));
    expect(within(screen.getByRole('group', { name: 'Blank 1' })).getByRole('button', { name: 'Y' })).toBeTruthy();
  });

  it('lists every screen of a long activity, the one it opens on marked current', async () => {
    const many: PreviewScreen[] = Array.from({ length: 40 }, (_v, i) => ({
      screen_id: 100 + i,
      section: 1 + Math.floor(i / 10),
      content: [{ id: `r${i}`, columns: [item('heading', 24, { text: text(`Screen text ${i + 1}`) })] }],
      questions: [],
      media: [],
    }));
    render(<ActivityPreview screens={many} initialIndex={30} />);
    const list = screen.getByRole('navigation', { name: 'Screens' });
    expect(within(list).getByRole('button', { name: 'Screen 31' }).getAttribute('aria-current')).toBe('step');
    expect(within(frame()).getByRole('heading', { name: 'Screen text 31' })).toBeTruthy();
    // the entries after the first ones come in a deferred render
    expect(await within(list).findByRole('button', { name: 'Screen 40' })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(many.map((_s, i) => `Screen ${i + 1}`));
  });

  it('says when there are no screens', () => {
    render(<ActivityPreview screens={[]} />);
    expect(within(frame()).getByText('This activity has no screens yet.')).toBeTruthy();
  });
});
