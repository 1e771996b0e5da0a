import { useEffect, useLayoutEffect, useState } from 'react';

// What the first page does not need (the change-password prompt, the real-time connection, the toast host) loads
// once that page has shown its content, not while it is still loading its own: on a slow link every request started
// before the page's main content shares the bandwidth with it, and Lighthouse counts them all into its largest
// contentful paint (docs/performance-front-end.md). Whatever shows a loading state holds the wait
// (`useHoldPageShown`; PageLoader does, so the user info of RequireUser, the work page's attempt and its saved
// answers all do); a page is shown once nothing holds after a render. A hold never delays these loads for more than
// MAX_HOLD_MS.

export const MAX_HOLD_MS = 10_000;
/** How long after the page's paint these loads start, at the earliest. */
export const SETTLE_MS = 250;

let holds = 0;
let shown = false;
let scheduled = false;
const waiting = new Set<() => void>();
const waitingForContent = new Set<() => void>();
let contentCheck = false;

// Once the current commit is done (a microtask: a commit that swaps one loading state for another releases the old
// hold before the new one takes it), runs what waits for the page's content if nothing holds.
function checkContent(): void {
  if (contentCheck || waitingForContent.size === 0) return;
  contentCheck = true;
  queueMicrotask(() => {
    contentCheck = false;
    if (holds > 0 && !shown) return;
    const next = [...waitingForContent];
    waitingForContent.clear();
    for (const run of next) run();
  });
}

function settle(): void {
  if (shown || scheduled || holds > 0) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    if (shown || holds > 0) return;
    shown = true;
    for (const next of [...waiting]) next();
    waiting.clear();
  };
  // SETTLE_MS after the frame that paints the page (a task posted from the frame's callbacks runs after its paint),
  // when the browser is next idle: the paint reaches the screen (and is reported) a little after the frame, and the
  // page's own work comes first
  const afterPaint = () =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
      else run();
    }, SETTLE_MS);
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
    requestAnimationFrame(afterPaint);
  } else afterPaint();
}

/** Runs `run` once the first page has shown its content (at once if it has); returns a cancel. */
export function afterPageShown(run: () => void): () => void {
  if (shown) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  settle();
  return () => void waiting.delete(run);
}

/**
 * Runs `run` as soon as the page has its content: after the commit in which nothing holds, without waiting for its
 * paint (what index.html drew in its place goes, app/static-page-head.tsx). Call it from a layout effect. Returns a
 * cancel.
 */
export function afterPageContent(run: () => void): () => void {
  waitingForContent.add(run);
  checkContent();
  return () => void waitingForContent.delete(run);
}

/** Holds what waits for the page (see above) until the returned release is called, or MAX_HOLD_MS have passed. */
export function holdPageShown(): () => void {
  if (shown) return () => undefined;
  holds++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds--;
    checkContent();
    settle();
  };
  const timer = setTimeout(release, MAX_HOLD_MS);
  return release;
}

/** A page's content is not there yet while `loading`: holds the loads that wait for the page (taken before paint). */
export function useHoldPageShown(loading: boolean): void {
  useLayoutEffect(() => (loading ? holdPageShown() : undefined), [loading]);
}

/** False until the first page has shown its content. */
export function usePageShown(): boolean {
  const [isShown, setShown] = useState(shown);
  useEffect(() => (isShown ? undefined : afterPageShown(() => setShown(true))), [isShown]);
  return isShown;
}
