import { readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

// Whether `npm start` must build a front end (issue 14): an app is stale when its built index.html is missing or older
// than any file the build reads. Those are the app's own folder (src, public, index.html, vite.config.ts,
// package.json, tsconfig.json), every workspace package it depends on, directly or through another (@aula/web,
// @aula/activity, @aula/i18n, @aula/domain: read from the package.json files, so a new dependency counts without
// editing this list), and the root package-lock.json (a dependency upgrade). Tests, node_modules and dist are not
// read by the build and do not count. Vite writes index.html after the assets, so a build stopped part-way leaves
// an app without it (Vite empties dist first) and the next start builds again.

export const UI_APP_NAMES = ['dashboard', 'student'] as const;
export type UiAppName = (typeof UI_APP_NAMES)[number];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test']);
const TEST_FILE = /\.test\.tsx?$/;

export interface Freshness {
  app: UiAppName;
  /** true: the built app is missing or older than a source */
  stale: boolean;
  /** why, in a few words: 'not built yet', 'apps/dashboard/src/main.tsx changed since the last build' or 'up to date' */
  reason: string;
  /** the built index.html's time, when there is one */
  builtAt: Date | null;
}

interface Newest {
  file: string;
  mtimeMs: number;
}

function newer(a: Newest | null, b: Newest | null): Newest | null {
  if (!a) return b;
  if (!b) return a;
  return b.mtimeMs > a.mtimeMs ? b : a;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** The most recently changed file under `dir` (or `dir` itself when it is a file), tests and build output left out. */
function newestUnder(dir: string): Newest | null {
  const st = statOrNull(dir);
  if (!st) return null;
  if (!st.isDirectory()) return { file: dir, mtimeMs: st.mtimeMs };
  let best: Newest | null = null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) best = newer(best, newestUnder(full));
    } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
      best = newer(best, { file: full, mtimeMs: statSync(full).mtimeMs });
    }
  }
  return best;
}

/** Folder of every workspace package (`@aula/web` -> packages/web) named in the root's packages/ folder. */
function workspacePackages(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const dir = path.join(root, 'packages');
  for (const entry of statOrNull(dir)?.isDirectory() ? readdirSync(dir, { withFileTypes: true }) : []) {
    if (!entry.isDirectory()) continue;
    const manifest = path.join(dir, entry.name, 'package.json');
    if (!statOrNull(manifest)) continue;
    const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
    if (name) found.set(name, path.join(dir, entry.name));
  }
  return found;
}

function dependencyNames(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
}

/** Every folder and file a front end's build reads: the app, its workspace packages (transitively), the lockfile. */
export function buildInputs(root: string, app: UiAppName): string[] {
  const appDir = path.join(root, 'apps', app);
  const packages = workspacePackages(root);
  const inputs = [appDir];
  const queue = [appDir];
  while (queue.length) {
    for (const dep of dependencyNames(queue.shift()!)) {
      const folder = packages.get(dep);
      if (folder && !inputs.includes(folder)) {
        inputs.push(folder);
        queue.push(folder);
      }
    }
  }
  inputs.push(path.join(root, 'package-lock.json'));
  return inputs;
}

/** The staleness rule for one front end, from the files' modification times. */
export function appFreshness(root: string, app: UiAppName): Freshness {
  const built = statOrNull(path.join(root, 'apps', app, 'dist', 'index.html'));
  if (!built) return { app, stale: true, reason: 'not built yet', builtAt: null };
  const newest = buildInputs(root, app)
    .map(newestUnder)
    .reduce<Newest | null>((a, b) => newer(a, b), null);
  const builtAt = new Date(built.mtimeMs);
  if (newest && newest.mtimeMs > built.mtimeMs) {
    const file = path.relative(root, newest.file).split(path.sep).join('/');
    return { app, stale: true, reason: `${file} changed since the last build`, builtAt };
  }
  return { app, stale: false, reason: 'up to date', builtAt };
}
