import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';

export interface SignInInput {
  login: string;
  password: string;
  rememberMe?: boolean;
}

/** The sign-in form as a user sees it: fields found by their labels, the button by its name. */
export async function fillSignIn(page: Page, loginLabel: RegExp, { login, password, rememberMe }: SignInInput) {
  await page.getByLabel(loginLabel).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
}

/** Submits and returns the API's answer to the sign-in call. */
export async function submitSignIn(page: Page, scope: 'dashboard' | 'student'): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/${scope}/auth/form`) && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign In' }).click(),
  ]);
  return response;
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name }).waitFor({ state: 'visible' });
}

/** Where the app keeps the token: both storages, read in the page. */
export async function readStorages(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({
    local: Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? ''),
    session: Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k) ?? ''),
  }));
}
