import { useLayoutEffect } from 'react';
import { afterPageContent } from '../lib/page-shown';
import { PAGE_HEAD_ID } from '../page-head-shell';

/** Removes the page head index.html's loader drew (page-head-shell.ts), if it did. */
export function dropStaticPageHead(): void {
  document.getElementById(PAGE_HEAD_ID)?.remove();
}

/**
 * Beside the router: the page head drawn before the app loaded stays above the app's own loading steps and goes as
 * soon as the page has its content (or shows anything without a loading state: a sign-in page, an error, not found).
 * Its layout effect runs after the first commit's, so the holds of that commit's loading states are counted.
 */
export function StaticPageHead(): null {
  useLayoutEffect(() => afterPageContent(dropStaticPageHead), []);
  return null;
}
