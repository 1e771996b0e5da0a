import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMode, decideBuild, StartArgumentError } from './build-decision';
import { appFreshness, buildInputs, UI_APP_NAMES } from './build-freshness';

// A small copy of the repository's shape: two apps, four packages (web -> i18n -> domain, activity -> domain), a
// lockfile; every file dated `BEFORE`, the builds dated `BUILT`.
const BEFORE = new Date('2026-01-01T10:00:00Z');
const BUILT = new Date('2026-01-01T11:00:00Z');
const AFTER = new Date('2026-01-01T12:00:00Z');

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text = 'x', at = BEFORE) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, at, at);
}

/** A file changed at `at`: an existing one keeps its content, a new one is written. */
function change(rel: string, at = AFTER) {
  const file = path.join(root, rel);
  if (existsSync(file)) utimesSync(file, at, at);
  else write(rel, 'changed', at);
}

const manifest = (name: string, deps: string[]) =>
  JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, '^1.0.0'])) });

function fixture() {
  root = mkdtempSync(path.join(os.tmpdir(), 'aula-freshness-'));
  write('package-lock.json');
  write('packages/domain/package.json', manifest('@aula/domain', ['zod']));
  write('packages/domain/src/roles.ts');
  write('packages/i18n/package.json', manifest('@aula/i18n', ['@aula/domain']));
  write('packages/i18n/src/locales/en.ts');
  write('packages/web/package.json', manifest('@aula/web', ['@aula/i18n', '@aula/domain', 'react']));
  write('packages/web/src/app/shell.tsx');
  write('packages/activity/package.json', manifest('@aula/activity', ['@aula/domain']));
  write('packages/activity/src/player.tsx');
  write('apps/api/package.json', manifest('@aula/api', ['@aula/domain']));
  write('apps/api/src/server.ts');
  for (const app of UI_APP_NAMES) {
    write(`apps/${app}/package.json`, manifest(`@aula/${app}`, ['@aula/web', '@aula/activity', 'antd']));
    write(`apps/${app}/index.html`);
    write(`apps/${app}/vite.config.ts`);
    write(`apps/${app}/src/main.tsx`);
    write(`apps/${app}/public/favicon.svg`);
    write(`apps/${app}/dist/assets/index-abc.js`, 'built', BUILT);
    write(`apps/${app}/dist/index.html`, 'built', BUILT);
  }
}

const fresh = (app: (typeof UI_APP_NAMES)[number] = 'dashboard') => appFreshness(root, app);

describe('which built app is stale', () => {
  it('reads the app, every workspace package it depends on (transitively) and the lockfile', () => {
    fixture();
    const rel = buildInputs(root, 'student').map((p) => path.relative(root, p));
    expect(rel.sort()).toEqual(
      [
        'apps/student',
        'packages/web',
        'packages/activity',
        'packages/i18n',
        'packages/domain',
        'package-lock.json',
      ].sort(),
    );
  });

  it('is up to date when the build is newer than every source', () => {
    fixture();
    expect(fresh()).toEqual({ app: 'dashboard', stale: false, reason: 'up to date', builtAt: BUILT });
  });

  it('is stale when never built, or when a build stopped before index.html', () => {
    fixture();
    rmSync(path.join(root, 'apps/student/dist'), { recursive: true });
    expect(fresh('student')).toMatchObject({ stale: true, reason: 'not built yet', builtAt: null });
    expect(fresh('dashboard').stale).toBe(false);
    rmSync(path.join(root, 'apps/dashboard/dist/index.html'));
    expect(fresh('dashboard')).toMatchObject({ stale: true, reason: 'not built yet' });
  });

  for (const [file, apps] of [
    ['apps/dashboard/src/features/home/home-page.tsx', ['dashboard']],
    ['apps/dashboard/index.html', ['dashboard']],
    ['apps/dashboard/vite.config.ts', ['dashboard']],
    ['apps/dashboard/package.json', ['dashboard']],
    ['apps/student/public/favicon.svg', ['student']],
    ['packages/web/src/app/shell.tsx', ['dashboard', 'student']],
    ['packages/i18n/src/locales/es.ts', ['dashboard', 'student']],
    ['packages/domain/src/roles.ts', ['dashboard', 'student']],
    ['packages/activity/src/player.tsx', ['dashboard', 'student']],
    ['package-lock.json', ['dashboard', 'student']],
  ] as const) {
    it(`is stale for ${apps.join(' and ')} when ${file} changes after the build`, () => {
      fixture();
      change(file);
      for (const app of UI_APP_NAMES) {
        const f = fresh(app);
        expect(f.stale).toBe((apps as readonly string[]).includes(app));
        if (f.stale) expect(f.reason).toBe(`${file} changed since the last build`);
      }
    });
  }

  for (const file of [
    'apps/api/src/server.ts',
    'apps/dashboard/src/app/route-decision.test.ts',
    'packages/web/src/lib/api-retry.test.tsx',
    'packages/activity/test/setup.ts',
    'apps/dashboard/node_modules/.vite/deps/x.js',
    'apps/dashboard/dist/assets/other.js',
    'README.md',
  ]) {
    it(`stays up to date when ${file} changes (not read by the build)`, () => {
      fixture();
      change(file);
      expect(fresh('dashboard').stale).toBe(false);
    });
  }
});

describe('what npm start decides', () => {
  const f = (stale: boolean, app: 'dashboard' | 'student' = 'dashboard') => ({
    app,
    stale,
    reason: stale ? `apps/${app}/src/main.tsx changed since the last build` : 'up to date',
    builtAt: BUILT,
  });

  it('builds only the stale apps, saying why', () => {
    const d = decideBuild({ mode: 'auto', servesUi: true, freshness: () => [f(false), f(true, 'student')] });
    expect(d).toEqual({
      apps: ['student'],
      line: 'Building student (apps/student/src/main.tsx changed since the last build)',
    });
  });

  it('skips with one line saying why and how to force a build', () => {
    const d = decideBuild({ mode: 'auto', servesUi: true, freshness: () => [f(false), f(false, 'student')] });
    expect(d).toEqual({
      apps: [],
      line: 'Build skipped: dashboard and student built 2026-01-01 11:00 UTC, no source changed since (npm start -- --build or AULA_BUILD=1 rebuilds)',
    });
  });

  it('builds both when asked, nothing when told not to or when no app is served, without reading the files', () => {
    const unread = () => {
      throw new Error('read');
    };
    expect(decideBuild({ mode: 'always', servesUi: true, freshness: unread }).apps).toEqual(['dashboard', 'student']);
    expect(decideBuild({ mode: 'never', servesUi: true, freshness: unread })).toEqual({
      apps: [],
      line: 'Build skipped: AULA_BUILD=0 or --no-build',
    });
    expect(decideBuild({ mode: 'auto', servesUi: false, freshness: unread }).line).toMatch(
      /^Build skipped: this process serves no app/,
    );
  });

  it('reads --build, --no-build and AULA_BUILD, refusing anything else', () => {
    expect(buildMode([], {})).toBe('auto');
    expect(buildMode(['--build'], {})).toBe('always');
    expect(buildMode(['--build'], { AULA_BUILD: '0' })).toBe('always');
    expect(buildMode(['--no-build'], {})).toBe('never');
    expect(buildMode([], { AULA_BUILD: '1' })).toBe('always');
    expect(buildMode([], { AULA_BUILD: 'true' })).toBe('always');
    expect(buildMode([], { AULA_BUILD: '0' })).toBe('never');
    expect(buildMode([], { AULA_BUILD: 'auto' })).toBe('auto');
    expect(() => buildMode([], { AULA_BUILD: 'sometimes' })).toThrow(
      new StartArgumentError('Invalid configuration: AULA_BUILD: must be 1 (always build), 0 (never) or auto'),
    );
    expect(() => buildMode(['--rebuild'], {})).toThrow(/unknown argument --rebuild/);
  });
});
