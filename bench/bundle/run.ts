// bench/bundle: the initial JavaScript of each app's sign-in route, gzipped (issue 3 aims: dashboard under 300 KB,
// student under 200 KB), and, when Lighthouse can run here, its mobile performance score of both sign-in pages
// (aim: at least 90). Builds both apps first. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { launch as launchChrome } from 'chrome-launcher';
import type lighthouseRun from 'lighthouse';
import { freePort, ROOT, startServer } from '../lib/server';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const APPS = {
  dashboard: { aimKb: 300, signInSrc: 'src/features/auth/components/sign-in-page.tsx' },
  student: { aimKb: 200, signInSrc: 'src/features/auth/components/sign-in-page.tsx' },
} as const;
type AppName = keyof typeof APPS;

/** A chunk and everything it imports statically, transitively (what the browser must load before it runs). */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

export function signInRouteChunks(manifest: Manifest, signInSrc: string): string[] {
  const keys = new Set<string>();
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('manifest has no entry chunk');
  withStaticImports(manifest, entry, keys);
  withStaticImports(manifest, signInSrc, keys);
  return [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}

function measure(app: AppName) {
  const dist = path.join(ROOT, 'apps', app, 'dist');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} missing: is build.manifest on in vite-config.ts?`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const files = signInRouteChunks(manifest, APPS[app].signInSrc);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function lighthouseScores(): Promise<void> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  let lighthouse: typeof lighthouseRun;
  let launch: typeof launchChrome;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch (err) {
    console.log(`lighthouse: left out (the lighthouse package could not be loaded: ${(err as Error).message})`);
    return;
  }
  if (!existsSync(chromePath)) {
    console.log(`lighthouse: left out (no Chromium at ${chromePath}; set CHROME_PATH)`);
    return;
  }
  const uiPorts = { dashboard: await freePort(), student: await freePort() };
  const server = await startServer({
    env: { SERVE_UI: 'true', DASHBOARD_PORT: String(uiPorts.dashboard), STUDENT_PORT: String(uiPorts.student) },
  });
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const app of Object.keys(APPS) as AppName[]) {
      const url = `http://127.0.0.1:${uiPorts[app]}/sign-in`;
      // default config: mobile form factor with simulated slow 4G and 4x CPU slowdown
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const score = result?.lhr.categories.performance?.score;
      // each metric's value and its own score (0-100), so a run shows where points are lost
      const metric = (id: string, label: string) => {
        const audit = result?.lhr.audits[id];
        const value = audit?.displayValue ?? '?';
        return `${label} ${value} (${audit?.score == null ? '?' : Math.round(audit.score * 100)})`;
      };
      console.log(
        `lighthouse ${app.padEnd(9)} performance ${score == null ? '?' : Math.round(score * 100)} (aim >= 90)  ${[
          metric('first-contentful-paint', 'FCP'),
          metric('largest-contentful-paint', 'LCP'),
          metric('total-blocking-time', 'TBT'),
          metric('cumulative-layout-shift', 'CLS'),
          metric('speed-index', 'SI'),
        ].join('  ')}`,
      );
      if (process.env.BENCH_LIGHTHOUSE_DIR && result) {
        writeFileSync(
          path.join(process.env.BENCH_LIGHTHOUSE_DIR, `lighthouse-${app}.json`),
          JSON.stringify(result.lhr),
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('\ninitial JavaScript of the sign-in route (entry + its static imports + the sign-in chunk)');
  for (const app of Object.keys(APPS) as AppName[]) {
    const { files, raw, gzip } = measure(app);
    const aim = APPS[app].aimKb;
    console.log(
      `${app.padEnd(9)} ${String(files).padStart(2)} files  raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  aim < ${aim} KB  (${((gzip / 1024 / aim) * 100).toFixed(0)}% of aim)`,
    );
  }
  console.log('');
  await lighthouseScores();
}

await main();
