import { missingChromium } from './chromium-path';

// Run by `npm run test:e2e` before the build and the browser suite: without Chromium every journey would fail on
// its own; this stops once, with one line that says how to get it.

const problem = missingChromium();
if (problem) {
  console.error(problem);
  process.exit(1);
}
