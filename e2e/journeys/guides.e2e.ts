import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { expectHeading, expectPath } from '../support/app-pages';
import { launchBrowser, openPage } from '../support/browser';
import { signInDashboard } from '../support/dashboard-steps';

// Guides (docs/guides.md): provider staff (001 section 6: only the super admin bundle holds guide) add a guide with a PDF to a demo activity; a teacher opens the
// activity's details page, sees the guide and downloads the very same file.

const { dashboardUrl, databaseUrl } = platformUrls();
const RUN = Date.now().toString(36);
const SHOTS = 'artifacts/guides';
const ACTIVITY = 'Heat Transfer Review';
const TITLE = `Heat transfer teacher guide ${RUN}`;
const FILE_NAME = `heat-guide-${RUN}.pdf`;
const PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n% ${RUN}\n`,
);

async function activityId(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select id from activities where title = $1 and deleted_at is null order by id limit 1`,
      [ACTIVITY],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

describe('guides journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('provider staff add a guide with a PDF to an activity of the demo domain', async () => {
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.superAdmin.email);
      // Guides is one of the Content areas
      await page.goto('/content');
      await page.getByRole('link', { name: 'Guides' }).click();
      await expectPath(page, '/guides');
      await expectHeading(page, 'Guides');
      await page.getByRole('button', { name: 'Add guide' }).click();
      await expectHeading(page, 'Add a guide');

      // nothing chosen: the form says what is missing and sends nothing
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please enter title').waitFor();
      await page.getByText('Please upload a file').waitFor();

      await page.getByLabel('Title').fill(TITLE);
      await page.getByLabel('Description').fill('Answers, timings and safety notes.');
      // a file of another type is refused in the browser already
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByText('notes.txt is not a PDF, DOCX, PPTX, JPG or PNG file!').waitFor();
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
      await page.getByText(FILE_NAME).first().waitFor();

      // provider staff say whose guide it is: the demo domain's
      await page.getByLabel('Domain').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Aula Demo').click();

      const activities = page.getByLabel('Activities');
      await activities.click();
      await activities.fill('Heat Transfer');
      await page.locator('.ant-select-dropdown:visible').getByTitle(ACTIVITY).click();
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${SHOTS}/guide-form.png` });

      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/dashboard/guides') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      await expectPath(page, '/guides');
      await page.getByRole('searchbox', { name: 'Search guides by title' }).fill(RUN);
      await page.getByRole('searchbox', { name: 'Search guides by title' }).press('Enter');
      await page.getByRole('cell', { name: `${TITLE} Answers, timings and safety notes.`, exact: true }).waitFor();
      await page.getByRole('button', { name: `Download: ${TITLE}` }).waitFor();
      await page.getByRole('link', { name: ACTIVITY }).waitFor();
      await page.screenshot({ path: `${SHOTS}/guides-list.png` });
    } finally {
      await context.close();
    }
  });

  it("a teacher sees the guide on the activity's details page and downloads it", async () => {
    const id = await activityId();
    const { context, page } = await openPage(browser, dashboardUrl);
    try {
      await signInDashboard(page, DEMO_USERS.teacher.email);
      await page.goto(`/activity/view/${id}`);
      await expectHeading(page, ACTIVITY);
      const guides = page.getByRole('region', { name: 'Guides' });
      await guides.getByText(TITLE).waitFor();
      await guides.getByText(FILE_NAME, { exact: false }).waitFor();
      await page.screenshot({ path: `${SHOTS}/activity-guides.png` });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        guides.getByRole('button', { name: `Download: ${TITLE}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(FILE_NAME);
      expect((await readFile(await download.path())).equals(PDF)).toBe(true);

      // teachers do not manage guides: the list is not theirs
      await page.goto('/guides');
      await page.getByText('You don’t have permission to access this page.').waitFor();
    } finally {
      await context.close();
    }
  });
});
