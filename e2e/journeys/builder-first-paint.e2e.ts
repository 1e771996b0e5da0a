import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { apiSignIn } from '../support/api-client';
import { failOnCspViolations, launchBrowser } from '../support/browser';

// The builder's first paint (docs/activity-renderer.md, "First paint"): a screen shows its blocks' text before the
// Lexical editors are there, the editors follow, a press on a text asks for its editor at once, the screen list of
// a long activity is complete, and an editor that cannot load leaves the text editable as plain text.
const { apiUrl, dashboardUrl } = platformUrls();
const RUN = Date.now().toString(36);
const SCREENS = 30;
const EDITOR_CHUNK = /\/assets\/rich-text-editor-[^/]+\.js$/;
// the dashboard keeps a remembered sign-in here (packages/web/src/lib/token-storage.ts)
const TOKEN_KEY = 'aula.dashboard.token';

const text = (s: string) => ({
  root: {
    type: 'root',
    version: 1,
    children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: s, format: 0 }] }],
  },
});

/** An export document of SCREENS screens in three sections, each a heading and a text block naming the screen. */
function exportDocument(title: string) {
  return {
    format: 'aula-activity',
    version: 1,
    activity: { title, kind: 'ngss' },
    screens: Array.from({ length: SCREENS }, (_v, i) => ({
      section: 1 + Math.floor(i / 10),
      content: [
        {
          id: `h${i}`,
          columns: [
            {
              id: `ch${i}`,
              type: 'heading',
              sizes: { large: 24 },
              content: { text: text(`Heading of screen ${i + 1}`) },
            },
          ],
        },
        {
          id: `t${i}`,
          columns: [
            { id: `ct${i}`, type: 'text', sizes: { large: 24 }, content: { text: text(`Text of screen ${i + 1}`) } },
          ],
        },
      ],
      questions: [],
      media: [],
      sensors: [],
    })),
    media: [],
  };
}

describe('activity builder first paint', () => {
  let browser: Browser;
  let token: string;
  let activityId: number;
  let screenIds: number[];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const imported = await fetch(`${apiUrl}/dashboard/activities/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ document: exportDocument(`First paint ${RUN}`) }),
    });
    expect(imported.status).toBe(200);
    activityId = ((await imported.json()) as { data: { id: number } }).data.id;
    const state = await fetch(`${apiUrl}/dashboard/activities/${activityId}/screens`, { headers });
    const { data } = (await state.json()) as {
      data: { screens: { screen_id: number; section: number; position: number }[] };
    };
    screenIds = [...data.screens]
      .sort((a, b) => a.section - b.section || a.position - b.position)
      .map((s) => s.screen_id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A signed-in page (the remembered sign-in), with the editor's chunk held back until `release` is called. */
  async function open(hold: 'hold' | 'fail'): Promise<{ context: BrowserContext; page: Page; release: () => void }> {
    const context = await browser.newContext({
      baseURL: dashboardUrl,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(15_000);
    await failOnCspViolations(context);
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      if (hold === 'fail') return route.abort();
      await released;
      await route.continue();
    });
    return { context, page, release };
  }

  it('shows the screen of the URL with its text first, lists every screen, and opens a pressed text at once', async () => {
    const { context, page, release } = await open('hold');
    try {
      await page.goto(`/activity-builder/${activityId}/${screenIds[24]}`);
      const grid = page.getByRole('region', { name: 'Screen editor' });
      await grid.getByText('Heading of screen 25').waitFor();
      await grid.getByText('Text of screen 25').waitFor();
      // the text is there, its editor is not yet
      expect(await grid.getByRole('textbox', { name: 'Text text' }).count()).toBe(0);

      const list = page.getByRole('navigation', { name: 'Screens' });
      await list.getByRole('button', { name: `Screen ${SCREENS}`, exact: true }).waitFor();
      expect(await list.getByRole('button', { name: /^Screen \d+$/ }).allTextContents()).toEqual(
        Array.from({ length: SCREENS }, (_v, i) => `Screen ${i + 1}`),
      );
      expect(await list.getByRole('button', { name: 'Screen 25', exact: true }).getAttribute('aria-current')).toBe(
        'true',
      );
      expect(await list.getByRole('group').allTextContents()).toHaveLength(3);

      // pressing on the text while the editor is still loading: the editor comes with the caret in it
      await grid.getByText('Text of screen 25').click();
      release();
      const editor = grid.getByRole('textbox', { name: 'Text text' });
      await expect.poll(() => editor.evaluate((el) => el === document.activeElement), { timeout: 15_000 }).toBe(true);
      const saved = page.waitForResponse(
        (r) => /\/dashboard\/screens\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
      );
      await page.keyboard.type(' and more');
      await expect.poll(() => editor.textContent(), { timeout: 15_000 }).toBe('Text of screen 25 and more');
      // autosave writes it
      expect((await saved).status()).toBe(200);
      // the heading's editor came too, with its text
      expect(await grid.getByRole('textbox', { name: 'Heading text' }).textContent()).toBe('Heading of screen 25');

      // another screen: its text, then its editors
      await list.getByRole('button', { name: 'Screen 3', exact: true }).click();
      await grid.getByRole('textbox', { name: 'Text text' }).getByText('Text of screen 3').waitFor();
    } finally {
      await context.close();
    }
  });

  it('tells the author when the editor cannot load and keeps the text editable as plain text', async () => {
    const { context, page } = await open('fail');
    try {
      await page.goto(`/activity-builder/${activityId}/${screenIds[1]}`);
      await page.getByText('Lexical Init: something happened wrong').first().waitFor();
      const grid = page.getByRole('region', { name: 'Screen editor' });
      const plain = grid.getByRole('textbox', { name: 'Text text' });
      expect(await plain.inputValue()).toBe('Text of screen 2');
      const saved = page.waitForResponse(
        (r) => /\/dashboard\/screens\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
      );
      await plain.fill('Plain text still saves');
      expect((await saved).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
