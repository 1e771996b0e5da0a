import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path';

/** CHROMIUM_PATH when set, else Debian's /usr/bin/chromium (chromium-path.ts). */
export const CHROMIUM_PATH = chromiumPath();

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context per journey: its own storage, so no session leaks between users. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  // every wait for an element or a navigation (slow hosts: vitest.config.ts)
  context.setDefaultTimeout(30_000);
  await failOnCspViolations(context);
  const page = await context.newPage();
  return { context, page };
}

const CSP = /Content[- ]Security[- ]Policy/i;

/**
 * Collects every Content-Security-Policy violation that any page of the context (its frames and popups too) runs
 * into (docs/decisions/0007-content-security-policy.md): Chromium reports each refusal on the console, and the
 * pages' `securitypolicyviolation` events are reported there as well, in case one is not. Call it before the
 * context opens a page.
 */
export async function watchCspViolations(context: BrowserContext): Promise<() => string[]> {
  const violations: string[] = [];
  const record = (text: string, where: string) => {
    if (CSP.test(text)) violations.push(`${where}: ${text}`);
  };
  context.on('console', (message) => record(message.text(), message.location().url || message.page()?.url() || '?'));
  context.on('weberror', (error) => record(String(error.error()), error.page()?.url() ?? '?'));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `Content Security Policy violation: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  return () => [...new Set(violations)];
}

interface Watch {
  violations: () => string[];
  seen: number;
  closed: boolean;
}

// the contexts openPage made, checked after each test (csp-setup.ts), also those a suite opens in beforeAll
const watches = new Set<Watch>();

/** Makes the journey fail when a page of the context runs into the Content-Security-Policy; openPage does. */
export async function failOnCspViolations(context: BrowserContext): Promise<void> {
  const watch: Watch = { violations: await watchCspViolations(context), seen: 0, closed: false };
  context.on('close', () => (watch.closed = true));
  watches.add(watch);
}

/** The violations reported since the last call, from every watched context (csp-setup.ts fails the test on them). */
export function takeCspViolations(): string[] {
  const found: string[] = [];
  for (const watch of watches) {
    const all = watch.violations();
    found.push(...all.slice(watch.seen));
    watch.seen = all.length;
    if (watch.closed) watches.delete(watch);
  }
  return found;
}
