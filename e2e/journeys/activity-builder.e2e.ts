import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath, fillSignIn, submitSignIn } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { chooseMany, selectOf } from '../support/dashboard-steps';

const { dashboardUrl } = platformUrls();
const POLL = { timeout: 15_000 };

// A 1x1 PNG for the image upload.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF for the PDF upload. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Every content item type of the builder, by the label the block type picker shows, with what it needs. */
const BLOCKS: { label: string; media?: { url?: string; upload?: 'image' | 'pdf'; sensors?: true } }[] = [
  { label: 'Heading' },
  { label: 'Text' },
  { label: 'Image', media: { upload: 'image' } },
  { label: 'Short answer question' },
  { label: 'Essay question' },
  { label: 'Checkbox question' },
  { label: 'Multiple choice question' },
  { label: 'Drop-down question' },
  { label: 'Drag and drop question' },
  { label: 'Drawing question' },
  { label: 'CODAP', media: { url: 'https://codap.concord.org/app/static/dg/en/cert/index.html' } },
  { label: 'Tuva', media: { url: 'https://tuvalabs.com/datasets/journey' } },
  { label: 'PhET simulation', media: { url: 'https://phet.colorado.edu/sims/html/balloons/latest/balloons_en.html' } },
  { label: 'Vernier lab', media: { url: 'https://labs.example.org/vernier/journey', sensors: true } },
  { label: 'Embedded page', media: { url: 'https://tools.example.org/embed/journey' } },
  { label: 'YouTube video', media: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
  { label: 'Vimeo video', media: { url: 'https://vimeo.com/76979871' } },
  { label: 'Carousel' },
  { label: 'Block' },
  { label: 'Video', media: { url: 'https://cdn.example.org/videos/journey/master.m3u8' } },
  { label: 'PDF', media: { upload: 'pdf' } },
];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Picks an option of an Ant Design select by its label (typing first when the select can search). */
async function choose(page: Page, combobox: Locator, label: string, opts: { search?: boolean } = {}) {
  await combobox.click();
  if (opts.search) await combobox.fill(label);
  // the option list this combobox controls (another select's list may still be closing)
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const option = dropdown.locator(`.ant-select-item-option[title="${label}"]`);
  await option.click();
  // a single select closes its list after the choice; on a slow machine wait for that, or the closing list
  // covers the next control (a multiple select: chooseMany)
  const closed = await dropdown.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (closed) return;
  // on a loaded machine a click can land while the list is still opening and be lost: choose again if the
  // select does not show the label yet, then close the list from the keyboard
  const select = selectOf(combobox);
  if (!(await select.innerText()).includes(label)) await option.click();
  if (await dropdown.isVisible()) await combobox.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  expect(await select.innerText()).toContain(label);
}

function block(page: Page, label: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${label} block, \\d+ of 24 columns$`) }).last();
}

async function addRow(page: Page, label: string): Promise<Locator> {
  const before = await block(page, label).count();
  const picker = page.locator('.ant-space-compact').filter({ has: page.getByRole('button', { name: 'Add row' }) });
  await choose(page, picker.getByRole('combobox'), label, { search: true });
  await picker.getByRole('button', { name: 'Add row' }).click();
  await expect.poll(() => block(page, label).count(), POLL).toBe(before + 1);
  return block(page, label);
}

async function openTab(dialog: Locator, name: string) {
  const tab = dialog.getByRole('tab', { name });
  // a click while the dialog is still opening can be lost: click until the tab is selected
  await expect
    .poll(async () => {
      await tab.click();
      return tab.getAttribute('aria-selected');
    }, POLL)
    .toBe('true');
}

async function chooseMedia(page: Page, item: Locator, media: NonNullable<(typeof BLOCKS)[number]['media']>) {
  await item.getByRole('button', { name: 'Choose media' }).click();
  const dialog = page.getByRole('dialog', { name: 'Media library' });
  await dialog.waitFor();
  if (media.upload === 'image') {
    await openTab(dialog, 'Upload image');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  } else if (media.upload === 'pdf') {
    await openTab(dialog, 'Upload PDF');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
  } else {
    await openTab(dialog, 'Add by URL');
    await dialog.getByLabel('Address (URL)').fill(media.url!);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText(/^Recognised as /).waitFor();
    if (media.sensors) {
      await chooseMany(page, dialog.getByLabel('Sensors the lab needs'), ['Go Direct Temperature Probe']);
    }
    await dialog.getByRole('button', { name: 'Add media' }).click();
  }
  await dialog.waitFor({ state: 'hidden' });
  await item.getByText(/^Media: /).waitFor();
}

async function typeInto(editor: Locator, text: string) {
  await editor.click();
  await editor.pressSequentially(text);
}

describe('activity builder journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('builds an activity with every content type and question kind, previews, publishes, exports and imports it', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    const toasts: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') toasts.push(m.text());
    });
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, /Email address/, { login: DEMO_USERS.domainAdmin.email, password: DEMO_PASSWORD });
      await submitSignIn(page, 'dashboard');
      await page.waitForURL((url) => url.pathname !== '/sign-in');

      // the list, and a new activity
      await page.goto('/activity-builder');
      await expectHeading(page, 'Activity builder');
      await page.locator('.ant-table-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const title = `Journey activity ${Date.now().toString(36)}`;
      await page.getByRole('button', { name: 'Create activity' }).click();
      const create = page.getByRole('dialog', { name: 'Create activity' });
      await create.getByLabel('Title').fill(title);
      await choose(page, create.getByLabel('Kind'), 'Assessment');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/activity-builder\/\d+$/);
      const activityId = Number(new URL(page.url()).pathname.split('/').pop());
      await expectHeading(page, title);

      // one screen with a block of every content type
      await page.getByRole('button', { name: 'Add screen' }).click();
      await page.getByRole('button', { name: /^Screen 1( |$)/ }).waitFor();
      for (const spec of BLOCKS) {
        const item = await addRow(page, spec.label);
        if (spec.media)
          await chooseMedia(page, item, spec.media).catch(async (e: unknown) => {
            throw new Error(`${spec.label}: ${String(e)}`);
          });
      }

      // text, questions, block children and carousel slides
      await typeInto(block(page, 'Heading').getByRole('textbox', { name: 'Heading text' }), 'Forces and motion');
      await typeInto(block(page, 'Text').getByRole('textbox', { name: 'Text text' }), 'Read the question below.');
      for (const label of ['Multiple choice question', 'Checkbox question']) {
        const q = block(page, label);
        await q.getByLabel('Question label').fill(label);
        await q.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Gravity');
        await q.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Magnetism');
      }
      for (const label of ['Drop-down question', 'Drag and drop question']) {
        const q = block(page, label);
        await q.getByLabel('Question label').fill(label);
        await typeInto(q.getByRole('textbox', { name: 'Question text' }), 'The apple falls because of ');
        await q.getByRole('button', { name: 'Insert slot' }).click();
        await q.getByRole('textbox', { name: 'Option 1', exact: true }).fill('gravity');
        await q.getByRole('textbox', { name: 'Option 2', exact: true }).fill('magnetism');
        await choose(page, q.getByLabel('Slot of option 1'), 'Slot 1');
        await choose(page, q.getByLabel('Slot of option 2'), 'Slot 1');
      }
      for (const label of ['Short answer question', 'Essay question', 'Drawing question']) {
        await block(page, label).getByLabel('Question label').fill(label);
      }
      const inner = block(page, 'Block');
      await inner.getByRole('button', { name: 'Add to block' }).click();
      await typeInto(inner.getByRole('textbox', { name: 'Text text' }), 'Inside a block');
      const carousel = block(page, 'Carousel');
      await carousel.getByRole('button', { name: 'Add slide' }).click();
      await carousel.getByLabel('Slide 1 title').waitFor();
      await carousel.getByRole('button', { name: 'Add slide' }).click();
      await carousel.getByLabel('Slide 2 title').fill('Second slide');
      await typeInto(carousel.getByRole('textbox', { name: 'Text text' }).first(), 'First slide text');
      await typeInto(carousel.getByRole('textbox', { name: 'Text text' }).nth(1), 'Second slide text');

      // resize by keyboard: ] widens... the heading is already 24, so narrow it with [
      const heading = block(page, 'Heading');
      await heading.focus();
      await page.keyboard.press('[');
      await expect.poll(() => heading.getAttribute('aria-label'), POLL).toBe('Heading block, 23 of 24 columns');

      // autosave: everything is written and the indicator says so
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count(), POLL).toBe(1);
      expect(await page.getByText('Changes not saved').count(), toasts.join('\n')).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // preview on phone, tablet and desktop; the carousel by keyboard alone
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const preview = page.getByRole('dialog', { name: 'Preview' });
      for (const device of ['Phone', 'Tablet', 'Desktop']) {
        await preview.getByText(device, { exact: true }).click();
        await preview.getByRole('region', { name: `${device} preview` }).waitFor();
        await preview.getByRole('heading', { name: 'Forces and motion' }).waitFor();
      }
      const slides = preview.getByRole('region', { name: 'Slides' });
      await slides.getByRole('button', { name: 'Previous slide' }).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await slides.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowRight');
      await slides.getByText('2 / 2').waitFor();
      await page.keyboard.press('ArrowRight');
      await slides.getByText('1 / 2').waitFor();
      await page.keyboard.press('ArrowLeft');
      await slides.getByText('2 / 2').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await slides.getByText('1 / 2').waitFor();
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });

      // a version, published (with force when the server asks for it)
      await page.getByRole('button', { name: 'Versions' }).click();
      const versions = page.getByRole('dialog', { name: 'Versions' });
      await versions.getByLabel('Version title').fill('First');
      await versions.getByRole('button', { name: 'Create version' }).click();
      await versions.getByText('Version 1 — First').waitFor();
      await versions.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('dialog', { name: 'Publish version 1?' }).getByRole('button', { name: 'Publish' }).click();
      const published = versions.getByText('Published', { exact: true });
      const force = page.getByRole('dialog', { name: 'Publish anyway?' });
      await Promise.race([published.waitFor(), force.waitFor()]);
      if (await force.isVisible()) await force.getByRole('button', { name: 'Publish anyway' }).click();
      await published.waitFor();
      await versions.getByRole('button', { name: 'Close' }).click();
      await versions.waitFor({ state: 'hidden' });

      // export from the list, import it twice: two independent activities
      await page.getByRole('link', { name: 'All activities' }).click();
      await expectPath(page, '/activity-builder');
      await page.getByRole('searchbox', { name: 'Search activities' }).fill(title);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: title }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        (async () => {
          await page.getByRole('button', { name: `Actions for ${title}` }).click();
          await page.getByRole('menuitem', { name: 'Export' }).click();
        })(),
      ]);
      expect(download.suggestedFilename()).toBe(`activity-${activityId}.json`);
      const file = await readFile(await download.path());
      // one JSON document with the activity, its screens and their questions
      const exported = JSON.stringify(JSON.parse(file.toString()));
      expect(exported).toContain(title);
      expect(exported).toContain('Forces and motion');
      expect(exported).toContain('Magnetism');
      for (let i = 0; i < 2; i++) {
        const imported = page.waitForResponse((r) => r.url().endsWith('/dashboard/activities/import'));
        await page
          .locator('input[type=file][accept*="json"]')
          .setInputFiles({ name: 'activity.json', mimeType: 'application/json', buffer: file });
        expect((await imported).status()).toBe(200);
      }
      await expect.poll(() => page.getByRole('link', { name: title }).count(), POLL).toBe(3);
    } finally {
      await context.close();
    }
    // 21 blocks, their media and a full save on a shared 2-core machine
  }, 300_000);
  // leaving with unsaved work (autosave, and a failed save asking first): builder-first-hour.e2e.ts
});
