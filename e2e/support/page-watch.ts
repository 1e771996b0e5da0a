import type { BrowserContext, Page } from 'playwright-core';

/** A failed request a page asks for on purpose, and why (e.g. a probe whose 404 the page shows as "not found"). */
export interface ExpectedFailure {
  method: string;
  /** The request's path on the API (query left off). */
  path: RegExp;
  status: number;
  why: string;
}

// Text that only shows when a page renders an error or a value it did not have: a raw API answer, a server error
// page, or a missing value turned into text. Words only, so "undefined" inside another word does not count.
const RAW_ERROR_TEXT: readonly RegExp[] = [
  /\{\s*"(message|error|errors|statusCode)"/,
  /Internal Server Error/i,
  /\bundefined\b/,
  /\bNaN\b/,
  /\[object \w+\]/,
  /\bnull\b/,
];

/**
 * Watches every page of a context for what a user should never meet: a console error, an uncaught exception, a
 * request the server refused (4xx/5xx) or that never completed, other than those listed as expected. `take()`
 * returns what was seen since the last call, one readable line each.
 */
export function watchPageProblems(context: BrowserContext, expected: readonly ExpectedFailure[] = []) {
  const problems: string[] = [];
  const isExpected = (method: string, url: string, status: number) => {
    const { pathname } = new URL(url);
    return expected.some((e) => e.method === method && e.status === status && e.path.test(pathname));
  };
  // the browser logs every refused request on the console as well: those are reported (or expected) as requests
  const refusedUrls = new Set<string>();

  context.on('response', (response) => {
    const status = response.status();
    if (status < 400) return;
    const request = response.request();
    const url = response.url();
    refusedUrls.add(url);
    if (isExpected(request.method(), url, status)) return;
    problems.push(`request ${request.method()} ${new URL(url).pathname} answered ${status}`);
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // a request the page no longer needs (it moved on, or a socket closed) is aborted by the browser itself
    if (error === 'net::ERR_ABORTED') return;
    problems.push(`request ${request.method()} ${new URL(request.url()).pathname} failed: ${error}`);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    // reported above as a request, or expected
    if (url && refusedUrls.has(url) && /Failed to load resource/.test(message.text())) return;
    problems.push(`console error on ${pathOf(message.page())}: ${message.text()}`);
  });
  context.on('weberror', (error) =>
    problems.push(`uncaught error on ${pathOf(error.page())}: ${String(error.error())}`),
  );

  // requests in flight, for settle(): an app page keeps asking for data long after the browser's load event
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  context.on('request', () => change(1));
  context.on('requestfinished', () => change(-1));
  context.on('requestfailed', () => change(-1));

  return {
    take(): string[] {
      return problems.splice(0);
    },
    /**
     * Waits until no request has been in flight for a moment and nothing on the page is marked busy or spinning
     * (Playwright's 'networkidle' only covers a document's first load, not what a single-page app fetches later).
     */
    async settle(page: Page, quietMs = 300): Promise<void> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const quiet = inFlight === 0 && Date.now() - lastChange >= quietMs;
        const busy = await page
          .locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')
          .count()
          .catch(() => 1);
        if (quiet && busy === 0) return;
        if (Date.now() > deadline)
          throw new Error(`${pathOf(page)} did not settle (requests ${inFlight}, busy ${busy})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function pathOf(page: Page | null): string {
  return page ? new URL(page.url()).pathname : '?';
}

/** Lines of the page's visible text that show a raw error or a value the page did not have. */
export async function rawErrorText(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => RAW_ERROR_TEXT.some((pattern) => pattern.test(line)));
}
