import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PageShown from './page-shown';

// lib/page-shown.ts keeps its state for the life of the page: each test takes a fresh copy of the module
let pageShown: typeof PageShown;
beforeEach(async () => {
  vi.resetModules();
  pageShown = await import('./page-shown');
});
afterEach(() => {
  vi.useRealTimers();
});

// a frame, SETTLE_MS and the idle time after it
const frame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, pageShown.SETTLE_MS + 60)));

describe('what waits for the first page', () => {
  it('runs after the frame that paints the page, not at once, and at once afterwards', async () => {
    const ran: string[] = [];
    pageShown.afterPageShown(() => ran.push('first'));
    expect(ran).toEqual([]);
    await frame();
    await frame();
    expect(ran).toEqual(['first']);
    pageShown.afterPageShown(() => ran.push('later'));
    expect(ran).toEqual(['first', 'later']);
  });

  it('waits while a page holds it, and a cancelled wait never runs', async () => {
    const ran: string[] = [];
    const release = pageShown.holdPageShown();
    pageShown.afterPageShown(() => ran.push('prompt'));
    const cancel = pageShown.afterPageShown(() => ran.push('cancelled'));
    cancel();
    await frame();
    await frame();
    expect(ran).toEqual([]);
    release();
    release(); // twice is once
    await frame();
    await frame();
    expect(ran).toEqual(['prompt']);
  });

  it('a hold never lasts longer than MAX_HOLD_MS', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    pageShown.holdPageShown();
    pageShown.afterPageShown(() => ran.push('prompt'));
    vi.advanceTimersByTime(pageShown.MAX_HOLD_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(pageShown.SETTLE_MS + 100);
    expect(ran).toEqual(['prompt']);
  });

  it('a page that loads its content holds what waits until the content is shown', async () => {
    const { useHoldPageShown, usePageShown } = pageShown;
    let finish: () => void = () => undefined;
    function Page() {
      const [loading, setLoading] = useState(true);
      finish = () => setLoading(false);
      useHoldPageShown(loading);
      return <p>{loading ? 'loading' : 'content'}</p>;
    }
    function Shell() {
      const shown = usePageShown();
      return (
        <>
          <Page />
          {shown && <p>prompt</p>}
        </>
      );
    }
    render(<Shell />);
    await act(frame);
    await act(frame);
    expect(screen.queryByText('prompt')).toBeNull();
    act(() => finish());
    expect(screen.getByText('content')).toBeTruthy();
    expect(await screen.findByText('prompt')).toBeTruthy();
  });
});

describe("what waits for the page's content (the head index.html drew goes)", () => {
  it('runs after the commit that swaps the last loading state for content, not when one loading state replaces another', async () => {
    const { afterPageContent, useHoldPageShown } = pageShown;
    const ran: string[] = [];
    let next: () => void = () => undefined;
    function Loading({ name }: { name: string }) {
      useHoldPageShown(true);
      return <p>{name}</p>;
    }
    function Page() {
      const [step, setStep] = useState(0);
      next = () => setStep((s) => s + 1);
      // the user info's loader, then the page's own, then the content
      return step === 0 ? <Loading name="user" /> : step === 1 ? <Loading name="page" /> : <p>content</p>;
    }
    render(<Page />);
    afterPageContent(() => ran.push('drop'));
    await act(async () => undefined);
    expect(ran).toEqual([]);
    act(() => next());
    await act(async () => undefined);
    expect(screen.getByText('page')).toBeTruthy();
    expect(ran).toEqual([]);
    act(() => next());
    await act(async () => undefined);
    expect(screen.getByText('content')).toBeTruthy();
    expect(ran).toEqual(['drop']);
  });

  it('runs at once (after the current task) when nothing holds, and never once cancelled', async () => {
    const ran: string[] = [];
    pageShown.afterPageContent(() => ran.push('now'));
    const cancel = pageShown.afterPageContent(() => ran.push('cancelled'));
    cancel();
    expect(ran).toEqual([]);
    await Promise.resolve();
    expect(ran).toEqual(['now']);
  });
});
