import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentRow } from '@aula/domain/activity-content';
import { context, item, media, option, paragraph, question, text } from '../test/fixtures';
import { SCREEN_PAINTED_MARK, SCREEN_RENDER_MEASURE, ScreenView } from './screen-view';
import type { MediaBlockProps } from './types';

// The media widgets are engineer C's; here we check what the grid hands them.
const mediaCalls: MediaBlockProps[] = [];
vi.mock('./media/media-block', () => ({
  MediaBlock: (props: MediaBlockProps) => {
    mediaCalls.push(props);
    return (
      <div data-testid="media-block" data-type={props.item.type} data-span={props.span} data-media={props.media?.id} />
    );
  },
}));

const row = (...columns: ContentRow['columns']): ContentRow => ({
  id: `row-${columns.map((c) => c.id).join('-')}`,
  columns,
});
const spans = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-span]:not([data-testid])')].map((el) => {
    // the span the grid lays the item out with is the one it reports
    expect(el.style.gridColumn).toBe(`span ${el.getAttribute('data-span')}`);
    return Number(el.getAttribute('data-span'));
  });

describe('ScreenView grid', () => {
  const content = [row(item('heading', 8, { text: text('A') }), item('text', 16, { text: text('B') }))];
  const empty = { content, questions: [], media: [] };

  it('keeps the authored spans on a desktop', () => {
    const { container } = render(
      <ScreenView screen={empty} context={context('builder_preview', { device: 'desktop' })} />,
    );
    expect(spans(container)).toEqual([8, 16]);
    const row = container.querySelector<HTMLElement>('[data-span]')!.parentElement!;
    expect(row.style.display).toBe('grid');
    expect(row.style.gridTemplateColumns).toBe('repeat(24, minmax(0, 1fr))');
  });

  it('widens spans under 12 to 12 on a tablet and makes every item full width on a phone', () => {
    const tablet = render(<ScreenView screen={empty} context={context('builder_preview', { device: 'tablet' })} />);
    expect(spans(tablet.container)).toEqual([12, 16]);
    tablet.unmount();
    const phone = render(<ScreenView screen={empty} context={context('builder_preview', { device: 'phone' })} />);
    expect(spans(phone.container)).toEqual([24, 24]);
  });

  it('uses the window width outside the preview (jsdom is 1024 px wide: desktop)', () => {
    const { container } = render(<ScreenView screen={empty} context={context('student_work')} />);
    expect(container.firstElementChild?.getAttribute('data-device')).toBe('desktop');
    expect(spans(container)).toEqual([8, 16]);
  });

  it('gives media blocks their span in screen columns, nested blocks included', () => {
    mediaCalls.length = 0;
    const screenData = {
      content: [
        row(
          item('media-image', 18, { media_id: 1 }),
          item('block', 12, {
            children: [item('media-phet', 12, { media_id: 2 }), item('generic-iframe', 12, { url: 'https://x.org' })],
          }),
        ),
      ],
      questions: [],
      media: [media(1), media(2, 'phet')],
    };
    render(<ScreenView screen={screenData} context={context('builder_preview', { device: 'desktop' })} />);
    expect(mediaCalls.map((c) => [c.item.type, c.span, c.media?.id])).toEqual([
      ['media-image', 18, 1],
      ['media-phet', 6, 2],
      ['generic-iframe', 6, undefined],
    ]);
  });
});

describe('ScreenView content items', () => {
  it('renders every item type of 000 section 2', () => {
    mediaCalls.length = 0;
    const kinds = ['textarea', 'essay', 'checkbox', 'radio', 'drop-down-list', 'drag-and-drop', 'tldraw'] as const;
    const questions = kinds.map((k, i) =>
      question(i + 1, k, { label: `Q ${k}`, options: [option(100 + i, `opt ${k}`)] }),
    );
    const mediaTypes = [
      'media-image',
      'media-codap',
      'media-tuva',
      'media-phet',
      'media-vernier',
      'generic-iframe',
      'media-video-yt',
      'media-video-vimeo',
    ];
    const content: ContentRow[] = [
      row(item('heading', 24, { text: text('Forces'), level: 2 })),
      row(item('text', 24, { text: text('Push and pull') })),
      row(...kinds.map((k, i) => item(`question-${k}`, 3, { question_id: i + 1 }))),
      row(...mediaTypes.map((type, i) => item(type, 3, { media_id: 50 + i }))),
      row(
        item('block-carousel', 24, {
          children: [
            item('text', 24, { text: text('Slide one') }, 's1'),
            item('text', 24, { text: text('Slide two') }, 's2'),
          ],
        }),
      ),
    ];
    render(
      <ScreenView screen={{ content, questions, media: [] }} context={context('student_work')} onAnswer={() => {}} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Forces' })).toBeTruthy();
    expect(screen.getByText('Push and pull').closest('p')).not.toBeNull();
    for (const k of kinds) expect(screen.getByRole('group', { name: `Q ${k}` })).toBeTruthy();
    expect(mediaCalls.map((c) => c.item.type)).toEqual(mediaTypes);
    const carousel = screen.getByRole('region', { name: 'Slides' });
    expect(within(carousel).getByText('1 / 2')).toBeTruthy();
  });

  it("shows 'we do not support: {type}' for an unknown type", () => {
    render(
      <ScreenView
        screen={{ content: [row(item('marquee', 24))], questions: [], media: [] }}
        context={context('student_work')}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe('we do not support: marquee');
  });

  it('says a question item points at a question the screen lacks, to the author only', () => {
    const content = [row(item('question-radio', 24, { question_id: 9 }))];
    const preview = render(
      <ScreenView screen={{ content, questions: [], media: [] }} context={context('builder_preview')} />,
    );
    expect(screen.getByRole('note').textContent).toBe('Question 9 is not on this screen.');
    preview.unmount();
    render(<ScreenView screen={{ content, questions: [], media: [] }} context={context('student_work')} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('ScreenView placeholders', () => {
  const screenWith = (
    t: string,
    layout: Partial<
      Record<
        'questions_layout' | 'media_layout',
        { id: number; position: 'absolute' | 'flow'; coordinates: [number, number] }[]
      >
    > = {},
  ) => ({
    content: [row(item('text', 12, { text: text(t), ...layout }))],
    questions: [question(7, 'essay', { label: 'Explain' })],
    media: [media(5, 'video-yt')],
  });

  it('resolves {media:N} and {question:N} in text to the media block and the question', () => {
    mediaCalls.length = 0;
    const { container } = render(
      <ScreenView
        screen={screenWith('Watch {media:5} then answer {question:7} now.')}
        context={context('student_work')}
      />,
    );
    expect(container.textContent).toContain('Watch ');
    expect(container.textContent).not.toContain('{media:5}');
    expect(container.textContent).not.toContain('{question:7}');
    expect(mediaCalls.map((c) => [c.item.type, c.media?.id, c.span])).toEqual([['media-video-yt', 5, 12]]);
    expect(screen.getByRole('group', { name: 'Explain' })).toBeTruthy();
    // a block inside the text cannot sit in a <p>
    expect(container.querySelector('p [data-placeholder]')).toBeNull();
  });

  it('leaves a 10-digit placeholder as text', () => {
    const { container } = render(
      <ScreenView screen={screenWith('Look at {media:1234567890} here')} context={context('student_work')} />,
    );
    expect(container.textContent).toContain('Look at {media:1234567890} here');
    expect(screen.queryByTestId('media-block')).toBeNull();
  });

  it('shows an unknown id as written to the author and leaves it out for students', () => {
    const preview = render(
      <ScreenView screen={screenWith('See {question:99}.')} context={context('builder_preview')} />,
    );
    expect(preview.container.textContent).toContain('See {question:99}.');
    preview.unmount();
    const work = render(<ScreenView screen={screenWith('See {question:99}.')} context={context('student_work')} />);
    expect(work.container.textContent).toContain('See .');
  });

  it('places absolute layout entries at their coordinates, at most 440 px wide (400 px on a phone)', () => {
    const layout = {
      questions_layout: [{ id: 7, position: 'absolute' as const, coordinates: [30, 60] as [number, number] }],
    };
    const desktop = render(
      <ScreenView
        screen={screenWith('Answer {question:7}', layout)}
        context={context('builder_preview', { device: 'desktop' })}
      />,
    );
    const box = desktop.container.querySelector<HTMLElement>('[data-layout="absolute"]')!;
    expect(box.style.position).toBe('absolute');
    expect([box.style.left, box.style.top, box.style.maxWidth]).toEqual(['30px', '60px', '440px']);
    expect(within(box).getByRole('group', { name: 'Explain' })).toBeTruthy();
    // rendered once, at its coordinates, not also in the text flow
    expect(desktop.container.querySelectorAll('[data-question-id="7"]')).toHaveLength(1);
    desktop.unmount();
    const phone = render(
      <ScreenView
        screen={screenWith('Answer {question:7}', layout)}
        context={context('builder_preview', { device: 'phone' })}
      />,
    );
    // (on a phone it also moves left to end inside the text: jsdom drops CSS min(), the e2e student-narrow-screen
    // journey checks it in Chromium)
    expect(phone.container.querySelector<HTMLElement>('[data-layout="absolute"]')!.style.maxWidth).toBe('400px');
  });

  it('keeps flow layout entries where the placeholder is', () => {
    const layout = { media_layout: [{ id: 5, position: 'flow' as const, coordinates: [0, 0] as [number, number] }] };
    const { container } = render(
      <ScreenView screen={screenWith('A {media:5} B', layout)} context={context('student_work')} />,
    );
    expect(container.querySelector('[data-layout="absolute"]')).toBeNull();
    expect(container.querySelector('[data-placeholder="media:5"] [data-testid="media-block"]')).not.toBeNull();
  });

  it('resolves {media:N} in a question text to the media block', () => {
    mediaCalls.length = 0;
    const q = question(7, 'radio', { label: 'Which?', text: { ...text('Look at {media:5} first') } });
    render(
      <ScreenView
        screen={{ content: [row(item('question-radio', 12, { question_id: 7 }))], questions: [q], media: [media(5)] }}
        context={context('student_work')}
      />,
    );
    expect(mediaCalls.map((c) => [c.item.type, c.media?.id, c.span])).toEqual([['media-image', 5, 12]]);
    expect(screen.getByRole('group', { name: 'Which?' }).textContent).not.toContain('{media:5}');
  });

  it('resolves placeholders inside formatted text too', () => {
    const state = paragraph({ type: 'text', text: 'Bold {question:7}', format: 1 });
    render(
      <ScreenView
        screen={{
          content: [row(item('text', 24, { text: state }))],
          questions: [question(7, 'essay', { label: 'Explain' })],
          media: [],
        }}
        context={context('student_work')}
      />,
    );
    expect(screen.getByRole('group', { name: 'Explain' })).toBeTruthy();
  });
});

describe('ScreenView paint timing', () => {
  const content = [row(item('heading', 24, { text: text('A') }))];
  const marks = () => performance.getEntriesByName(SCREEN_PAINTED_MARK, 'mark').length;
  const measures = () => performance.getEntriesByName(SCREEN_RENDER_MEASURE, 'measure');
  // the frame, then the message task the paint timing posts from it
  const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));

  it('marks each mounted screen once, after the frame that paints it, with a measure from its render', async () => {
    performance.clearMarks(SCREEN_PAINTED_MARK);
    performance.clearMeasures(SCREEN_RENDER_MEASURE);
    const ctx = context('builder_preview', { device: 'desktop' });
    const before = performance.now();
    const { rerender } = render(<ScreenView key={1} screen={{ content, questions: [], media: [] }} context={ctx} />);
    expect(marks()).toBe(0);
    await painted();
    expect(marks()).toBe(1);
    const [measure] = measures();
    expect(measure!.startTime).toBeGreaterThanOrEqual(before);
    expect(measure!.startTime + measure!.duration).toBe(
      performance.getEntriesByName(SCREEN_PAINTED_MARK)[0]!.startTime,
    );
    // a re-render of the same screen is not a new paint; another screen is
    rerender(<ScreenView key={1} screen={{ content, questions: [], media: [] }} context={ctx} />);
    await painted();
    expect(marks()).toBe(1);
    rerender(<ScreenView key={2} screen={{ content, questions: [], media: [] }} context={ctx} />);
    await painted();
    expect(marks()).toBe(2);
    expect(measures()).toHaveLength(2);
  });

  it('sets nothing for a screen unmounted before its paint', async () => {
    performance.clearMarks(SCREEN_PAINTED_MARK);
    const ctx = context('builder_preview', { device: 'desktop' });
    const { unmount } = render(<ScreenView screen={{ content, questions: [], media: [] }} context={ctx} />);
    unmount();
    await painted();
    expect(marks()).toBe(0);
  });
});
