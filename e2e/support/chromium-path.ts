import { accessSync, constants, statSync } from 'node:fs';

// The one rule for which Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's (DESIGN.md: never
// a downloaded browser build). browser.ts launches it; check-chromium.ts looks for it before the suite starts.

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// Debian's Chromium in a container: no sandbox or GPU, and nothing that phones home during a run
// (the journeys' browser.ts and the Lighthouse bench).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || DEBIAN_CHROMIUM;
}

/** Null when the Chromium of chromiumPath() is an executable file; else the one line that says how to get one. */
export function missingChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    const named = env.CHROMIUM_PATH?.trim() ? `CHROMIUM_PATH=${path}` : path;
    return `Browser tests need Chromium, and ${named} is not an executable file: run \`apt-get install chromium\` (Debian), or set CHROMIUM_PATH=/path/to/chromium.`;
  }
}
