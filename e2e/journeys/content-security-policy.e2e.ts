import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { launchBrowser, watchCspViolations } from '../support/browser';
import { expectHeading } from '../support/app-pages';

const { apiUrl, dashboardUrl, studentUrl } = platformUrls();

// Every journey fails on a CSP violation (support/browser.ts); this one shows that the policy is enforced and that
// the watch sees a refusal: an injected inline script and a request to a host the policy does not list.
describe('Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [app, url] of [
    ['dashboard', dashboardUrl],
    ['student', studentUrl],
  ] as const) {
    it(`runs the ${app} app's own scripts and refuses an injected one and an unlisted host`, async () => {
      const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
      const violations = await watchCspViolations(context);
      try {
        const page = await context.newPage();
        const response = await page.goto('/sign-in');
        const policy = response?.headers()['content-security-policy'] ?? '';
        expect(policy).toContain(`connect-src 'self' data: ${new URL(apiUrl).origin}`);
        expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
        // the nonce'd inline configuration, the static page's script and the app's modules all ran
        await expectHeading(page, 'Sign In');
        expect(await page.evaluate(() => typeof (window as { __AULA_CONFIG__?: unknown }).__AULA_CONFIG__)).toBe(
          'object',
        );
        expect(violations()).toEqual([]);

        await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
        expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
        const fetched = await page.evaluate(() =>
          fetch('http://unlisted.invalid/x').then(
            () => 'fetched',
            () => 'refused',
          ),
        );
        expect(fetched).toBe('refused');
        await expect.poll(() => violations().join('\n')).toMatch(/script-src/);
        await expect.poll(() => violations().join('\n')).toMatch(/connect-src/);
      } finally {
        await context.close();
      }
    });
  }
});
