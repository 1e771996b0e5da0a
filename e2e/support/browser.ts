import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from './chromium-path';

/** CHROMIUM_PATH when set, else Debian's /usr/bin/chromium (chromium-path.ts). */
export const CHROMIUM_PATH = chromiumPath();

// Debian's Chromium in a container: no sandbox or GPU, and nothing that phones home during a run.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context per journey: its own storage, so no session leaks between users. */
export async function openPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}
