import { afterEach } from 'vitest';
import { takeCspViolations } from './browser';

// Every journey fails on a Content-Security-Policy violation in a page it opened (support/browser.ts): the test
// during which the violation was reported fails with it.
afterEach(() => {
  const found = takeCspViolations();
  if (found.length) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
});
