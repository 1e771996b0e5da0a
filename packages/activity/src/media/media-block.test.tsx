import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem, MediaItem } from '@aula/domain/activity-content';
import type { RenderContext, ViewMode } from '../types';
import { MediaBlock } from './media-block';
import { PdfPager } from './pdf-pager';
import { VernierFrame } from './vernier-frame';

// antd's tooltip measures itself; jsdom has no ResizeObserver
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Plyr asks for media queries; jsdom has no matchMedia
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// nor TextTrack, which Plyr's captions control checks against
globalThis.TextTrack ??= class {} as unknown as typeof TextTrack;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const media = (over: Partial<MediaItem>): MediaItem => ({
  id: 7,
  title: 'Moon phases',
  type: 'image',
  location: null,
  images: null,
  stored: [],
  sensors: [],
  access: true,
  ...over,
});
const item = (type: string, over: Partial<ContentItem['content']> = {}): ContentItem => ({
  id: 'item-1',
  type,
  sizes: { large: 24 },
  content: { media_id: 7, ...over },
});
const ctx = (mode: ViewMode = 'student_work', over: Partial<RenderContext> = {}): RenderContext => ({
  mode,
  media: new Map(),
  questions: new Map(),
  ...over,
});

/** A message posted by the given frame's window (the only source the widgets listen to). */
function postFrom(frame: HTMLIFrameElement, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MediaBlock', () => {
  it('shows the image size that fits the column span', () => {
    const m = media({ images: { small: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' }, location: '/l.jpg' });
    const { rerender } = render(<MediaBlock item={item('media-image')} media={m} span={18} context={ctx()} />);
    expect(screen.getByRole('img', { name: 'Moon phases' }).getAttribute('src')).toBe('/l.jpg');
    rerender(<MediaBlock item={item('media-image')} media={m} span={12} context={ctx()} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/m.jpg');
    rerender(<MediaBlock item={item('media-image')} media={m} span={11} context={ctx()} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/s.jpg');
  });

  it('shows the access message for media the viewer may not see, and says when media is missing', () => {
    const { rerender } = render(
      <MediaBlock item={item('media-image')} media={media({ access: false })} span={24} context={ctx()} />,
    );
    expect(
      screen.getByText(
        "You don't have access to this media. If you have any questions, feel free to reach out to your teacher.",
      ),
    ).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    rerender(<MediaBlock item={item('media-image')} media={undefined} span={24} context={ctx()} />);
    expect(screen.getByText('This media is not available.')).toBeTruthy();
  });

  it('embeds simulations at least 600 px high and refuses non-http URLs', () => {
    const { rerender, container } = render(
      <MediaBlock
        item={item('media-phet')}
        media={media({ type: 'phet', location: 'https://phet.colorado.edu/sims/a.html' })}
        span={24}
        context={ctx()}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Moon phases');
    expect(frame.src).toBe('https://phet.colorado.edu/sims/a.html');
    expect(frame.style.minHeight).toBe('600px');
    rerender(
      <MediaBlock
        item={item('generic-iframe', { height: 300 })}
        media={media({ type: 'iframe', location: 'javascript:alert(1)' })}
        span={24}
        context={ctx()}
      />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('This media is not available.')).toBeTruthy();
  });

  it('removes a YouTube player that reports an error and shows the error state', () => {
    render(
      <MediaBlock
        item={item('media-video-yt')}
        media={media({ type: 'video-yt', location: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })}
        span={24}
        context={ctx()}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Moon phases');
    expect(frame.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/);
    // a message from elsewhere changes nothing
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: '{"event":"onError"}' }));
    });
    expect(screen.getByTitle('Moon phases')).toBeTruthy();
    postFrom(frame, '{"event":"onError","info":150}');
    expect(screen.queryByTitle('Moon phases')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('This video can not be played.');
  });

  it('plays hosted MP4 video at the default volume when there is no HLS or DASH source', async () => {
    const { container } = render(
      <MediaBlock
        item={item('media-video')}
        media={media({
          type: 'video',
          stored: [
            { type: 'poster', src: 'https://cdn.example.org/p.jpg' },
            { type: 'mp4', src: 'https://cdn.example.org/v.mp4' },
          ],
        })}
        span={24}
        context={ctx()}
      />,
    );
    const video = container.querySelector('video')!;
    expect(video.getAttribute('poster')).toBe('https://cdn.example.org/p.jpg');
    expect(video.volume).toBe(0.1);
    await waitFor(() => expect(video.getAttribute('src')).toBe('https://cdn.example.org/v.mp4'));
    // Plyr wraps the video with the spec's controls
    await waitFor(() => expect(container.querySelector('.plyr')).toBeTruthy());
    expect(container.querySelector('[data-plyr="play"]')).toBeTruthy();
    expect(container.querySelector('[data-plyr="fullscreen"]')).toBeTruthy();
    expect(container.querySelector('[data-plyr="settings"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that Vernier is only supported in Chrome in other browsers', () => {
    render(
      <MediaBlock
        item={item('media-vernier')}
        media={media({ type: 'vernier', location: 'https://labs.example.org/lab/1' })}
        span={24}
        context={ctx()}
      />,
    );
    // jsdom's user agent is not a Chromium one
    expect(screen.getByRole('alert').textContent).toBe('Vernier is only supported in Chrome');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('sensor indicator', () => {
  const lab = media({
    type: 'vernier',
    location: 'https://labs.example.org/lab/1',
    sensors: [
      { id: 1, name: 'Temperature Probe' },
      { id: 2, name: 'Force Sensor' },
    ],
  });

  it('lists the required sensors in a tooltip, with a red or green dot in student_work', async () => {
    const { rerender } = render(<MediaBlock item={item('media-vernier')} media={lab} span={24} context={ctx()} />);
    expect(screen.getByTestId('sensor-dot').dataset.connected).toBe('false');
    // the tooltip's code loads with the indicator (React.lazy): let it arrive before hovering
    await act(async () => {
      await import('antd/es/tooltip');
    });
    await userEvent.hover(screen.getByText('Sensors Required:'));
    await waitFor(() => expect(screen.getByText('Force Sensor')).toBeTruthy());
    expect(screen.getByText('Temperature Probe')).toBeTruthy();
    rerender(
      <MediaBlock
        item={item('media-vernier')}
        media={lab}
        span={24}
        context={ctx('student_work', { connectedSensorIds: new Set([2]) })}
      />,
    );
    expect(screen.getByTestId('sensor-dot').dataset.connected).toBe('true');
  });

  it('shows the dot only in student_work and builder_preview', () => {
    const { rerender } = render(
      <MediaBlock item={item('media-vernier')} media={lab} span={24} context={ctx('builder_preview')} />,
    );
    expect(screen.queryByTestId('sensor-dot')).toBeTruthy();
    for (const mode of ['teacher_review', 'student_review'] as const) {
      rerender(<MediaBlock item={item('media-vernier')} media={lab} span={24} context={ctx(mode)} />);
      expect(screen.getByText('Sensors Required:')).toBeTruthy();
      expect(screen.queryByTestId('sensor-dot')).toBeNull();
    }
  });
});

describe('VernierFrame in Chrome', () => {
  it('loads the rewritten lab URL and shows the lab-sensor event messages', async () => {
    const onReload = vi.fn();
    render(
      <VernierFrame
        location="https://labs.example.org/lab/1"
        title="Cooling"
        blockId="item-9"
        userAgent={CHROME}
        onReload={onReload}
        context={ctx('builder_preview')}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Cooling');
    const src = new URL(frame.src);
    expect(src.searchParams.get('demo-mode')).toBe('1');
    expect(src.searchParams.get('blockid')).toBe('item-9');

    postFrom(frame, { type: 'persistent_host_not_ready' });
    expect(screen.queryByRole('alert')).toBeNull();
    postFrom(frame, { type: 'waiting_for_lab_group_host', name: 'Ana Ruiz' });
    expect(screen.getByText('Waiting for Ana Ruiz to start data collection.')).toBeTruthy();
    postFrom(frame, 'need_reload');
    expect(
      screen.getByText('Your lab group has been updated. Please reload the page to see the actual data.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('VernierFrame in student_work', () => {
  const lab: RenderContext['lab'] = {
    lessonId: 12,
    experimentId: '34-2',
    userId: 56,
    classAssignmentId: 78,
    groupId: 9,
    groupOwnerId: 57,
    groupComplete: false,
    host: 'https://lab-host.example.org',
  };

  it("loads the student's lab with the lab group's parameters, neither demo nor read-only", () => {
    render(
      <VernierFrame
        location="https://labs.example.org/lab/1?x=1"
        title="Cooling"
        blockId="item-9"
        userAgent={CHROME}
        context={ctx('student_work', { lab })}
      />,
    );
    const src = new URL(screen.getByTitle<HTMLIFrameElement>('Cooling').src);
    expect(src.origin).toBe('https://lab-host.example.org');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      x: '1',
      host: window.location.origin,
      lessonid: 'A12',
      experimentid: 'E34-2',
      userid: 'U56',
      blockid: 'item-9',
      classAssignmentId: 'CA78',
      groupid: 'G9',
      groupOwnerId: 'U57',
      groupComplete: '0',
    });
  });

  it("shows the student's own lab read-only in student_review", () => {
    render(
      <VernierFrame
        location="https://labs.example.org/lab/1"
        title="Cooling"
        blockId="item-9"
        userAgent={CHROME}
        context={ctx('student_review', { lab })}
      />,
    );
    const src = new URL(screen.getByTitle<HTMLIFrameElement>('Cooling').src);
    expect(src.searchParams.get('read-only')).toBe('1');
    expect(src.searchParams.get('demo-mode')).toBeNull();
    expect(src.searchParams.get('userid')).toBe('U56');
  });

  it('replaces the waiting message when the lab group host starts (another event)', () => {
    render(
      <VernierFrame
        location="https://labs.example.org/lab/1"
        title="Cooling"
        blockId="item-9"
        userAgent={CHROME}
        context={ctx('student_work', { lab })}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Cooling');
    postFrom(frame, JSON.stringify({ type: 'waiting_for_lab_group_host', hostName: 'Ana Ruiz' }));
    expect(screen.getByRole('status').textContent).toBe('Waiting for Ana Ruiz to start data collection.');
    postFrom(frame, { type: 'persistent_host_not_ready' });
    expect(screen.queryByText(/Waiting for/)).toBeNull();
  });
});

describe('Tuva', () => {
  it('sends the saved plot state on load, asks 400 ms later and then every 1000 ms, and reports new states', () => {
    vi.useFakeTimers();
    const onMediaState = vi.fn();
    const saved = { x: 'mass', y: 'volume' };
    render(
      <MediaBlock
        item={item('media-tuva')}
        media={media({ type: 'tuva', location: 'https://my.tuvalabs.com/embed/1' })}
        span={24}
        context={ctx('student_work', { mediaState: new Map([['item-1', saved]]), onMediaState })}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Moon phases');
    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    expect(post.mock.calls).toEqual([[{ action: 'setPlotState', state: saved }, 'https://my.tuvalabs.com']]);
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(post).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(post).toHaveBeenLastCalledWith({ action: 'getPlotState' }, 'https://my.tuvalabs.com');
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(post).toHaveBeenCalledTimes(3);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(post).toHaveBeenCalledTimes(4);

    postFrom(frame, { action: 'plotState', state: saved });
    expect(onMediaState).not.toHaveBeenCalled();
    postFrom(frame, { action: 'plotState', state: { x: 'mass', y: 'density' } });
    expect(onMediaState).toHaveBeenCalledWith('item-1', { x: 'mass', y: 'density' });
  });
});

describe('PdfPager', () => {
  function Harness() {
    const [page, setPage] = useState(1);
    return (
      <PdfPager
        numPages={3}
        page={page}
        onPage={setPage}
        renderPage={(p) => <div data-testid="page">page {p}</div>}
        renderThumbnail={(p) => <span>thumb {p}</span>}
      />
    );
  }

  it('starts at page 1 and moves by the buttons and the thumbnails', async () => {
    render(<Harness />);
    expect(screen.getByRole('status').textContent).toBe('Page 1 of 3');
    expect(screen.getByTestId('page').textContent).toBe('page 1');
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('status').textContent).toBe('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('page').textContent).toBe('page 3');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Tuva outside student_work', () => {
  it("restores the student's plot state in review but saves nothing", () => {
    const onMediaState = vi.fn();
    const saved = { x: 'mass', y: 'volume' };
    render(
      <MediaBlock
        item={item('media-tuva')}
        media={media({ type: 'tuva', location: 'https://my.tuvalabs.com/embed/1' })}
        span={24}
        context={ctx('student_review', { mediaState: new Map([['item-1', saved]]), onMediaState })}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Moon phases');
    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    fireEvent.load(frame);
    expect(post).toHaveBeenCalledWith({ action: 'setPlotState', state: saved }, 'https://my.tuvalabs.com');
    postFrom(frame, { action: 'plotState', state: { x: 'mass', y: 'density' } });
    expect(onMediaState).not.toHaveBeenCalled();
  });
});
