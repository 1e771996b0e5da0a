import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformUrls } from '../support/platform';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { launchBrowser, openPage } from '../support/browser';
import { expectHeading, expectPath, fillSignIn, readStorages, submitSignIn } from '../support/app-pages';

const { apiUrl, studentUrl } = platformUrls();
const LOGIN = /Username or email address/;
const student = DEMO_USERS.student;

describe('student sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with a username, sees their name and assignments, and signs out', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign In');
      await fillSignIn(page, LOGIN, { login: student.username, password: DEMO_PASSWORD });
      const response = await submitSignIn(page, 'student');
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as { data: { token: string } };

      await expectPath(page, '/');
      await expectHeading(page, `Hi, ${student.firstName} ${student.lastName}!`);
      // the demo seed gives their class an assignment
      await page
        .getByRole('region', { name: 'Current' })
        .getByRole('heading', { name: 'Atoms and Molecules' })
        .waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expectPath(page, '/sign-in');
      const storages = await readStorages(page);
      expect([...storages.local, ...storages.session]).not.toContain(data.token);
      const my = await fetch(`${apiUrl}/student/my`, { headers: { Authorization: `Bearer ${data.token}` } });
      expect(my.status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('shows the server’s message for a wrong password', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/sign-in');
      await fillSignIn(page, LOGIN, { login: student.username, password: 'not-the-password-1!' });
      const response = await submitSignIn(page, 'student');
      expect(response.status()).toBe(422);
      await page.getByRole('alert').filter({ hasText: 'Wrong Credentials. Invalid username or password.' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor from / to sign-in', async () => {
    const { context, page } = await openPage(browser, studentUrl);
    try {
      await page.goto('/');
      await expectPath(page, '/sign-in');
    } finally {
      await context.close();
    }
  });
});
