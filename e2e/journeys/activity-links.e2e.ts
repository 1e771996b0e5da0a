import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { lexicalFromText } from '../../packages/domain/src/activity-content';
import { apiSignIn } from '../support/api-client';
import { fillSignIn, submitSignIn } from '../support/app-pages';
import { seriousViolations } from '../support/axe';
import { launchBrowser, openPage } from '../support/browser';

// Screens from another activity (clone, link), the three unlink cases of 001 section 4 and the target side's
// disconnect, then the list's bulk copy into a folder (the 'activities copied' notification) and move to a folder.
// Activities are set up through the API as the demo domain admin; everything checked is done in the UI.

const { apiUrl, dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };
const run = Date.now().toString(36);

interface ScreenDto {
  screen_id: number;
  linked: boolean;
  origin: { screen_id: number; activity_title: string } | null;
  links: { activity_id: number; activity_title: string }[];
  content: unknown[];
}

let token = '';
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}/dashboard${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${text}`).toBe(true);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

const createActivity = (title: string) =>
  call<{ id: number; title: string }>('POST', '/activities', { title, kind: 'assessment' });
const screensOf = async (activityId: number) =>
  (await call<{ screens: ScreenDto[] }>('GET', `/activities/${activityId}/screens`)).screens;

function headingBody(text: string) {
  return {
    content: [
      {
        id: 'r1',
        columns: [
          { id: 'h1', type: 'heading', sizes: { large: 24 }, content: { text: lexicalFromText(text), level: 2 } },
        ],
      },
    ],
    questions: [],
    media: [],
    sensors: [],
  };
}

async function addHeadingScreen(activityId: number, text: string): Promise<number> {
  const screen = await call<ScreenDto>('POST', `/activities/${activityId}/screens`, {});
  await call('PUT', `/screens/${screen.screen_id}`, headingBody(text));
  return screen.screen_id;
}

/** Picks an option of an Ant Design select by its label, typing it first (the lists search on the server). */
async function choose(page: Page, combobox: Locator, label: string) {
  await combobox.click();
  await combobox.fill(label);
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  await dropdown.locator(`.ant-select-item-option[title="${label}"]`).click();
}

async function confirm(page: Page, title: string, ok: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: ok }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('activity links and bulk folder journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiSignIn(apiUrl, 'dashboard', DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signIn(page: Page) {
    await page.goto('/sign-in');
    await fillSignIn(page, /Email address/, { login: DEMO_USERS.domainAdmin.email, password: DEMO_PASSWORD });
    await submitSignIn(page, 'dashboard');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
  }

  it('clones and links screens, follows the source, and disconnects in each of the unlink cases', async () => {
    const source = await createActivity(`Links source ${run}`);
    const alpha = await addHeadingScreen(source.id, 'Alpha heading');
    const beta = await addHeadingScreen(source.id, 'Beta heading');
    const target = await createActivity(`Links target ${run}`);

    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page);
      await page.goto(`/activity-builder/${target.id}`);
      const screens = page.getByRole('navigation', { name: 'Screens' });

      // clone Alpha
      await screens.getByRole('button', { name: 'Clone screens from another activity' }).click();
      const cloneDialog = page.getByRole('dialog', { name: 'Clone screens from another activity' });
      await choose(page, cloneDialog.getByRole('combobox', { name: 'Activity' }), source.title);
      await cloneDialog.getByRole('checkbox', { name: 'Screen 1: Alpha heading' }).check();
      await cloneDialog.getByRole('button', { name: 'Clone screens' }).click();
      await cloneDialog.waitFor({ state: 'hidden' });
      await screens.getByRole('button', { name: /^Screen 1/ }).waitFor();

      // link Beta: marked linked and read-only
      await screens.getByRole('button', { name: 'Link screens from another activity' }).click();
      const linkDialog = page.getByRole('dialog', { name: 'Link screens from another activity' });
      await choose(page, linkDialog.getByRole('combobox', { name: 'Activity' }), source.title);
      await linkDialog.getByRole('checkbox', { name: 'Screen 2: Beta heading' }).check();
      await linkDialog.getByRole('button', { name: 'Link screens' }).click();
      await linkDialog.waitFor({ state: 'hidden' });
      await screens.getByText(`Linked from ${source.title}`).waitFor();
      const editor = page.getByRole('region', { name: 'Screen editor' });
      await editor.getByText(/cannot be edited here/).waitFor();
      await editor.getByRole('heading', { name: 'Beta heading' }).waitFor();
      expect(await editor.getByRole('button', { name: 'Add row' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      // autosave writes the linked screen's place (never its body)
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count(), POLL).toBe(1);

      const saved = await screensOf(target.id);
      expect(saved.map((s) => [s.linked, s.origin?.screen_id])).toEqual([
        [false, alpha],
        [true, beta],
      ]);

      // the source is edited: the linked screen follows
      await call('PUT', `/screens/${beta}`, headingBody('Beta heading, second edition'));
      await page.reload();
      await screens.getByRole('button', { name: /^Screen 2/ }).click();
      await editor.getByRole('heading', { name: 'Beta heading, second edition' }).waitFor();

      // more targets for the unlink cases: one to keep a copy in, one to delete from, one disconnected from its side
      const keep = await createActivity(`Links keep ${run}`);
      const drop = await createActivity(`Links drop ${run}`);
      const own = await createActivity(`Links own ${run}`);
      for (const a of [keep, drop, own]) await call('POST', '/screens/link', { activity_id: a.id, screen_ids: [beta] });

      // target side: Disconnect makes the linked screen an independent copy
      await page.goto(`/activity-builder/${own.id}`);
      await editor.getByRole('button', { name: 'Disconnect' }).click();
      await confirm(page, 'Disconnect this screen?', 'Disconnect');
      await editor.getByRole('button', { name: 'Add row' }).waitFor();
      expect(await screens.getByText(`Linked from ${source.title}`).count()).toBe(0);
      expect((await screensOf(own.id)).map((s) => [s.linked, s.origin])).toEqual([[false, null]]);

      // source side: its links, then keep a copy in one, delete in another, disconnect all
      await page.goto(`/activity-builder/${source.id}`);
      const linksButton = screens.getByRole('button', { name: 'Links of screen 2' });
      await expect.poll(() => linksButton.textContent(), POLL).toContain(keep.title);
      expect(await linksButton.textContent()).toContain(target.title);
      expect(await linksButton.textContent()).not.toContain(own.title);
      await linksButton.click();
      const links = page.getByRole('dialog', { name: 'Links of screen 2' });
      expect(await seriousViolations(page)).toEqual([]);

      await links.getByRole('button', { name: `Keep a copy in ${keep.title}` }).click();
      await confirm(page, `Keep a copy in ${keep.title}?`, 'Keep a copy there');
      await expect.poll(() => links.getByText(keep.title).count(), POLL).toBe(0);
      expect((await screensOf(keep.id)).map((s) => [s.linked, s.origin])).toEqual([[false, null]]);

      await links.getByRole('button', { name: `Delete the linked screens in ${drop.title}` }).click();
      await confirm(page, `Delete the linked screens in ${drop.title}?`, 'Delete the linked screens there');
      await expect.poll(() => links.getByText(drop.title).count(), POLL).toBe(0);
      expect(await screensOf(drop.id)).toEqual([]);

      await links.getByText(target.title).waitFor();
      await links.getByRole('button', { name: 'Disconnect all' }).click();
      await confirm(page, 'Disconnect all links?', 'Disconnect all');
      await links.getByText('No activity links this screen any more.').waitFor();
      // the footer's Close (the other one is the dialog's corner button)
      await links.getByRole('button', { name: 'Close' }).last().click();
      await expect.poll(() => linksButton.count(), POLL).toBe(0);
      const [, kept] = await screensOf(target.id);
      // the content stays, with its origin as history, and no longer follows
      expect(kept).toMatchObject({ linked: false, origin: { screen_id: beta } });
      expect((await screensOf(source.id))[1]!.links).toEqual([]);

      // and the target's screen is editable again
      await page.goto(`/activity-builder/${target.id}`);
      await screens.getByRole('button', { name: /^Screen 2/ }).click();
      await editor.getByRole('button', { name: 'Add row' }).waitFor();
    } finally {
      await context.close();
    }
  }, 240_000);

  it('copies ticked activities into a folder (notified when done) and moves one to another folder', async () => {
    const first = await createActivity(`Bulk one ${run}`);
    const second = await createActivity(`Bulk two ${run}`);
    const copies = await call<{ id: number; title: string }>('POST', '/activities/folders', {
      title: `Copies ${run}`,
    });
    const from = await call<{ id: number; title: string }>('POST', '/activities/folders', { title: `From ${run}` });
    const to = await call<{ id: number; title: string }>('POST', '/activities/folders', { title: `To ${run}` });
    await call('POST', `/activities/${first.id}/folders`, { folder_id: from.id });

    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signIn(page);
      await page.goto('/activity-builder');
      const search = page.getByLabel('Search activities', { exact: true });
      await search.fill(`Bulk`);
      await search.press('Enter');
      // tree nodes read 'title (count)'
      const folderNode = (title: string) =>
        page.getByRole('navigation', { name: 'Folders' }).getByText(new RegExp(`^${title} \\(\\d+\\)$`));
      const row = (title: string) => page.locator('.ant-table-row').filter({ hasText: title });
      await row(first.title).waitFor();
      await row(second.title).waitFor();
      await page.getByRole('checkbox', { name: `Select ${first.title}` }).check();
      await page.getByRole('checkbox', { name: `Select ${second.title}` }).check();
      await page.getByText('Selected: 2').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Copy to folder…' }).click();
      const copy = page.getByRole('dialog', { name: 'Copy 2 activities to a folder' });
      await choose(page, copy.getByRole('combobox', { name: 'Folder' }), copies.title);
      await copy.getByRole('button', { name: 'Copy', exact: true }).click();
      await copy.waitFor({ state: 'hidden' });
      // the job's notification, toasted naming the folder
      await page.getByText(`Activities were copied to ${copies.title}.`).waitFor(POLL);
      const inFolder = await call<{ title: string }[]>('POST', '/activities/ab-list', { folder_id: copies.id });
      expect(inFolder.map((a) => a.title).sort()).toEqual([first.title, second.title]);

      await folderNode(copies.title).click();
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(2);

      // move the first activity from its folder to another
      await folderNode(from.title).click();
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(1);
      await page.getByRole('checkbox', { name: `Select ${first.title}` }).check();
      await page.getByRole('button', { name: 'Move to folder…' }).click();
      const move = page.getByRole('dialog', { name: 'Move 1 activity to a folder' });
      await choose(page, move.getByRole('combobox', { name: 'Folder' }), to.title);
      await move.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByText(`Moved 1 activity to ${to.title}.`).waitFor(POLL);
      await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBe(0);
      const moved = await call<{ folders: { id: number }[] }>('GET', `/activities/${first.id}`);
      expect(moved.folders.map((f) => f.id)).toEqual([to.id]);
      await folderNode(to.title).click();
      await row(first.title).waitFor();
    } finally {
      await context.close();
    }
  }, 180_000);
});
