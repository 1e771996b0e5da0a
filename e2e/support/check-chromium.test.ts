import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from './chromium-path';

// The check `npm run test:e2e` runs first, as a process: one line and exit 1 when Chromium is missing, silence and
// exit 0 when it is there.

const script = join(import.meta.dirname, 'check-chromium.ts');
const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');

function check(env: Record<string, string | undefined>) {
  const res = spawnSync(tsx, [script], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('the Chromium check before the browser suite', { timeout: 30_000 }, () => {
  it('stops with one line naming the missing path and how to get Chromium', () => {
    const missing = join(tmpdir(), 'no-such-chromium', 'chromium');
    const r = check({ CHROMIUM_PATH: missing });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Browser tests need Chromium, and CHROMIUM_PATH=${missing} is not an executable file: run \`apt-get install chromium\` (Debian), or set CHROMIUM_PATH=/path/to/chromium.`,
    );
  });

  it('refuses a file that is not executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aula-chromium-'));
    const file = join(dir, 'chromium');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const r = check({ CHROMIUM_PATH: file });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`CHROMIUM_PATH=${file} is not an executable file`);
  });

  it('passes silently when CHROMIUM_PATH names an executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aula-chromium-'));
    const file = join(dir, 'chromium');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    const r = check({ CHROMIUM_PATH: file });
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('uses CHROMIUM_PATH when set, else Debian’s /usr/bin/chromium', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '' })).toBe('/usr/bin/chromium');
  });
});
