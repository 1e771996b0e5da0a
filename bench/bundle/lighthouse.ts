// Lighthouse's mobile performance score (default config: mobile form factor, simulated slow 4G, 4x CPU slowdown) of
// the sign-in pages and of the student's first activity page (/work/:attemptId, signed in), against Debian's
// Chromium. The platform runs as `npm start` does, on a fresh embedded database with the demo district.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { launch as launchChrome } from 'chrome-launcher';
import type lighthouseRun from 'lighthouse';
import type { chromium as chromiumType } from 'playwright-core';
import { ATTEMPT_PATHS, type AttemptView } from '../../packages/domain/src/attempts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { pct } from '../lib/scratch-db';
import { freePort, signIn, startServer } from '../lib/server';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium-path';

const DEFAULT_CPU_SLOWDOWN = 4;
const HIGH_END_INDEX = 1500;

interface StudentAssignment {
  id: number;
  status: string;
  activities: { id: number; title: string }[];
}

/** Signs the demo student in through the API and starts (or resumes) the first activity of their first current assignment. */
async function firstAttempt(api: string): Promise<{ token: string; attemptId: number; title: string }> {
  const token = await signIn(api, DEMO_USERS.student.username, DEMO_PASSWORD, 'student');
  const auth = { authorization: `Bearer ${token}` };
  const res = await fetch(`${api}/student/assignments`, { headers: auth });
  if (!res.ok) throw new Error(`GET /student/assignments: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: StudentAssignment[] };
  const assignment = data.find((a) => a.status === 'current' && a.activities.length > 0);
  if (!assignment) throw new Error(`the demo student has no current assignment: ${JSON.stringify(data)}`);
  const activity = assignment.activities[0]!;
  const started = await fetch(`${api}${ATTEMPT_PATHS.start(assignment.id, activity.id)}`, {
    method: 'POST',
    headers: auth,
  });
  if (!started.ok) throw new Error(`start attempt: ${started.status} ${await started.text()}`);
  const view = ((await started.json()) as { data: AttemptView }).data;
  return { token, attemptId: view.attempt!.id, title: activity.title };
}

function scoreLine(name: string, lhr: Awaited<ReturnType<typeof lighthouseRun>>): string {
  const score = lhr?.lhr.categories.performance?.score;
  // each metric's value and its own score (0-100), so a run shows where points are lost
  const metric = (id: string, label: string) => {
    const audit = lhr?.lhr.audits[id];
    return `${label} ${audit?.displayValue ?? '?'} (${audit?.score == null ? '?' : Math.round(audit.score * 100)})`;
  };
  return `${name.padEnd(26)} performance ${score == null ? '  ?' : String(Math.round(score * 100)).padStart(3)} (aim >= 90)  ${[
    metric('first-contentful-paint', 'FCP'),
    metric('largest-contentful-paint', 'LCP'),
    metric('total-blocking-time', 'TBT'),
    metric('cumulative-layout-shift', 'CLS'),
    metric('speed-index', 'SI'),
  ].join('  ')}`;
}

/** The median score and TBT of a page's audits (BENCH_LIGHTHOUSE_RUNS), and how many of them reached the aim. */
function medianLine(name: string, scores: number[], tbts: number[], runs: number): string {
  const median = (values: number[]) =>
    pct(
      [...values].sort((a, b) => a - b),
      50,
    );
  if (scores.length === 0) return `${`${name} median`.padEnd(26)} no audit gave a score (${runs} runs)`;
  const reached = scores.filter((score) => score >= 90).length;
  return `${`${name} median`.padEnd(26)} performance ${String(median(scores)).padStart(3)} (aim >= 90)  TBT ${Math.round(
    median(tbts),
  )} ms  ${reached} of ${scores.length} audits >= 90 (range ${Math.min(...scores)}-${Math.max(...scores)})`;
}

/**
 * How long this host takes to touch fresh memory, once and again: a virtual machine whose host backs each new page
 * lazily (seen here: 1.6 s for the first touch of 512 MB, 28 ms for the second) makes every new renderer's heap
 * slow to grow, which Lighthouse counts as main-thread time (TBT) and its benchmark index does not show.
 */
function memoryTouchLine(): string {
  const bytes = 256 * 1024 * 1024;
  const buffer = Buffer.allocUnsafe(bytes);
  const time = (value: number) => {
    const started = performance.now();
    buffer.fill(value);
    return Math.round(performance.now() - started);
  };
  const first = time(1);
  const second = time(2);
  return `  (host memory: first touch of 256 MB ${first} ms, second ${second} ms; a first touch many times the second inflates TBT)`;
}

export async function lighthouseScores(): Promise<void> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  let lighthouse: typeof lighthouseRun;
  let launch: typeof launchChrome;
  let chromium: typeof chromiumType;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
    chromium = (await import('playwright-core')).chromium;
  } catch (err) {
    console.log(`lighthouse: left out (a package could not be loaded: ${(err as Error).message})`);
    return;
  }
  if (!existsSync(chromePath)) {
    console.log(`lighthouse: left out (no Chromium at ${chromePath}; set CHROME_PATH)`);
    return;
  }
  const uiPorts = { dashboard: await freePort(), student: await freePort() };
  const urls = { dashboard: `http://127.0.0.1:${uiPorts.dashboard}`, student: `http://127.0.0.1:${uiPorts.student}` };
  const server = await startServer({
    env: {
      SERVE_UI: 'true',
      HOST: '127.0.0.1',
      DASHBOARD_PORT: String(uiPorts.dashboard),
      STUDENT_PORT: String(uiPorts.student),
      PUBLIC_DASHBOARD_URL: urls.dashboard,
      PUBLIC_STUDENT_URL: urls.student,
    },
  });
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROMIUM_ARGS,
  });
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) mkdirSync(keep, { recursive: true });
  const run = async (url: string, signedIn: boolean, cpuSlowdownMultiplier?: number) =>
    lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      // a signed-in page keeps the token set below (Lighthouse clears the origin's storage by default); the
      // HTTP cache is cleared by hand before it, so every audit is a first visit
      disableStorageReset: signedIn,
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
  // BENCH_LIGHTHOUSE_PAGES: a comma-separated subset of 'dashboard', 'student', 'activity' (default all);
  // BENCH_LIGHTHOUSE_RUNS: audits of each page (default 1), for a median on a busy machine
  const pages = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'dashboard,student,activity').split(',');
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1) || 1);
  const audit = async (name: string, url: string, signedIn: boolean, clearCache: () => Promise<void>) => {
    const scores: number[] = [];
    const tbts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await auditOnce(runs > 1 ? `${name} ${i + 1}` : name, url, signedIn, clearCache);
      const score = lhr?.categories.performance?.score;
      if (score == null) continue;
      scores.push(Math.round(score * 100));
      tbts.push(lhr!.audits['total-blocking-time']?.numericValue ?? 0);
    }
    if (runs > 1) console.log(medianLine(name, scores, tbts, runs));
  };
  const auditOnce = async (name: string, url: string, signedIn: boolean, clearCache: () => Promise<void>) => {
    await clearCache();
    let result = await run(url, signedIn);
    // Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, NO_FCP: "Please run Lighthouse again"):
    // said, and audited once more
    const failed = result?.lhr.runtimeError;
    if (failed) {
      console.log(`${name.padEnd(26)} Lighthouse: ${failed.code}, audited again`);
      await clearCache();
      result = await run(url, signedIn);
    }
    console.log(scoreLine(name, result));
    if (keep && result) writeFileSync(path.join(keep, `lighthouse-${name}.json`), JSON.stringify(result.lhr));
    // Lighthouse's 4x CPU slowdown is meant for a high-end desktop host (benchmark index 1500 to 2000); on a slower
    // or busy host it simulates a much slower phone. Its documentation says to calibrate the multiplier then: the
    // second line scales it by the host's own benchmark index (reference 1500, the strictest end of that range).
    const index = result?.lhr.environment.benchmarkIndex ?? 0;
    if (index > 0 && index < HIGH_END_INDEX && process.env.BENCH_LIGHTHOUSE_CALIBRATE !== '0') {
      const multiplier = Math.max(1, (DEFAULT_CPU_SLOWDOWN * index) / HIGH_END_INDEX);
      await clearCache();
      const calibrated = await run(url, signedIn, multiplier);
      console.log(scoreLine(`  calibrated ${multiplier.toFixed(2)}x`, calibrated));
      console.log(
        `  (host benchmark index ${Math.round(index)}: Lighthouse expects ${HIGH_END_INDEX} to 2000; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
    }
    return result?.lhr;
  };
  try {
    console.log(
      `lighthouse (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    console.log(memoryTouchLine());
    const noCache = async () => undefined; // Lighthouse clears the cache itself when it resets storage
    if (pages.includes('dashboard')) await audit('dashboard sign-in', `${urls.dashboard}/sign-in`, false, noCache);
    if (pages.includes('student')) await audit('student sign-in', `${urls.student}/sign-in`, false, noCache);
    if (!pages.includes('activity')) return;

    // The student's first activity: the token where the student app keeps it (packages/web/src/lib/token-storage.ts,
    // remembered: localStorage), set through the DevTools protocol on the student app's origin.
    const { token, attemptId, title } = await firstAttempt(server.url);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${urls.student}/favicon-default.svg`);
    await page.evaluate((t) => localStorage.setItem('aula.student.token', t), token);
    const cdp = await context.newCDPSession(page);
    const clearCache = async () => {
      await cdp.send('Network.clearBrowserCache');
    };
    try {
      await audit('student activity', `${urls.student}/work/${attemptId}`, true, clearCache);
    } finally {
      await page.close();
      // disconnects; Chromium was launched by chrome-launcher and is ended below
      await browser.close();
    }
    console.log(`  (the activity: "${title}", attempt ${attemptId})`);
  } finally {
    chrome.kill();
    await server.stop();
  }
}
