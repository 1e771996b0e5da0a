// bench/activity, for an activity of 60 screens with 12 blocks each on the embedded database:
// 1. API load time of the activity builder state (GET /dashboard/activities/:id/screens): p50/p95 over 20 timed runs
//    (after 3 warm-up runs) and the response size;
// 2. the renderer's time to first paint a screen in Debian's Chromium (headless, through playwright-core), on the
//    full-page preview /activity/preview/:id of the built dashboard (run `npm run build` first): the first screen
//    against the navigation start (a cold load, then p50 of warm reloads, with the part after the screens arrived),
//    and p50/p95 over 20 screen switches from the "Next screen" click. The paint time is ScreenView's
//    `aula:screen-painted` user-timing mark, set in the animation frame after a screen's first layout.
// The activity is made the way a district would bring one in: POST /dashboard/activities/import with a generated
// export document, then a version of it is published. Figures only; nothing is asserted.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { ROOT, signIn, startServer } from '../lib/server';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 60);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 12);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 20);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const MARK = 'aula:screen-painted';
// the dashboard keeps a remembered sign-in here (packages/web/src/lib/token-storage.ts)
const TOKEN_KEY = 'aula.dashboard.token';

const text = (s: string) => ({
  root: {
    type: 'root',
    version: 1,
    children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: s, format: 0 }] }],
  },
});

/** One export document: every third block a radio question with four options, the rest headings and text. */
function exportDocument() {
  let qid = 1;
  let oid = 1;
  const screens = [];
  for (let s = 0; s < SCREENS; s++) {
    const content = [];
    const questions = [];
    for (let b = 0; b < BLOCKS; b++) {
      if (b % 3 === 2) {
        const id = qid++;
        questions.push({
          id,
          type: 'radio',
          text: text(`Question ${s + 1}.${b + 1}: which of these is a producer?`),
          label: null,
          options: ['Grass', 'Rabbit', 'Fox', 'Hawk'].map((option, i) => ({ id: oid++, option, is_correct: i === 0 })),
          media: [],
          random_order: 1,
        });
        content.push({
          id: `r${b}`,
          columns: [{ id: `c${b}`, type: 'question-radio', sizes: { large: 12 }, content: { question_id: id } }],
        });
      } else {
        content.push({
          id: `r${b}`,
          columns: [
            {
              id: `c${b}`,
              type: b === 0 ? 'heading' : 'text',
              sizes: { large: 24 },
              content: {
                text: text(`Screen ${s + 1}, block ${b + 1}: energy flows from the sun to producers and on.`),
              },
            },
          ],
        });
      }
    }
    screens.push({ section: 1 + Math.floor(s / 10), content, questions, media: [], sensors: [] });
  }
  return {
    format: 'aula-activity',
    version: 1,
    activity: { title: `Bench: ${SCREENS} screens x ${BLOCKS} blocks`, kind: 'ngss' },
    screens,
    media: [],
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One load of the preview page: the first screen's paint mark against the navigation start. */
async function firstScreen(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, MARK, {
    timeout: 60_000,
  });
  return page.evaluate((mark) => {
    const painted = performance.getEntriesByName(mark, 'mark')[0]!.startTime;
    const screens = performance
      .getEntriesByType('resource')
      .find((e) => /\/activities\/\d+\/(live|published)-preview$/.test(e.name)) as
      PerformanceResourceTiming | undefined;
    return { painted, afterData: screens ? painted - screens.responseEnd : Number.NaN };
  }, MARK);
}

/** Clicks "Next screen" in the page and waits for the next screen's paint mark: click to paint, in ms. */
async function switchScreen(page: Page) {
  return page.evaluate(
    (mark) =>
      new Promise<number>((resolve, reject) => {
        const next = document.querySelector<HTMLButtonElement>('button[aria-label="Next screen"]');
        if (!next || next.disabled) return reject(new Error('no next screen'));
        performance.clearMarks(mark);
        let clicked = 0;
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName(mark)[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime - clicked);
        });
        observer.observe({ type: 'mark' });
        clicked = performance.now();
        next.click();
      }),
    MARK,
  );
}

/** The renderer half: Chromium on the built dashboard's full-page preview, signed in with the given token. */
async function measureRenderer(dashboardUrl: string, token: string, activityId: number) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    const page = await context.newPage();
    const url = `${dashboardUrl}/activity/preview/${activityId}`;
    const cold = await firstScreen(page, url);
    const warm = [];
    for (let i = 0; i < LOADS; i++) warm.push(await firstScreen(page, url));
    const switches: number[] = [];
    for (let i = 0; i < SWITCHES; i++) switches.push(await switchScreen(page));
    const counter = await page.getByText(/^Screen \d+ of \d+$/).textContent();
    return { cold, warm, switches, counter };
  } finally {
    await browser.close();
  }
}

async function main() {
  const built = existsSync(path.join(ROOT, 'apps', 'dashboard', 'dist', 'index.html'));
  if (!built) console.warn('apps/dashboard is not built (`npm run build`): the renderer half is skipped');
  const server = await startServer({ ui: built });
  try {
    const token = await signIn(server.url, DEMO_USERS.domainAdmin.email, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const imported = await fetch(`${server.url}/dashboard/activities/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ document: exportDocument() }),
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const { data } = (await imported.json()) as { data: { id: number; screens_count: number } };
    const url = `${server.url}/dashboard/activities/${data.id}/screens`;
    let bytes = 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      const ms = performance.now() - start;
      if (!res.ok) throw new Error(`GET screens failed: ${res.status}`);
      bytes = body.byteLength;
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `bench/activity: builder state of ${data.screens_count} screens x ${BLOCKS} blocks (embedded database)`,
    );
    console.log(
      `  GET /dashboard/activities/:id/screens  runs ${RUNS}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  min ${times[0]!.toFixed(1)} ms  response ${(bytes / 1024).toFixed(0)} KiB  (aim: under 100 ms)`,
    );
    if (!server.dashboardUrl) return;

    // publish it, as an author would before teachers preview it
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${server.url}/dashboard${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${p} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: number } }).data;
    };
    const version = await post(`/activities/${data.id}/versions`, {});
    await post(`/activities/${data.id}/publish`, { version_id: version.id, options: { force: false } });

    const r = await measureRenderer(server.dashboardUrl, token, data.id);
    const warm = r.warm.map((w) => w.painted).sort((a, b) => a - b);
    const afterData = r.warm.map((w) => w.afterData).sort((a, b) => a - b);
    const switches = [...r.switches].sort((a, b) => a - b);
    console.log(`bench/activity: renderer in Chromium, /activity/preview/:id (desktop frame), ended on "${r.counter}"`);
    console.log(
      `  first screen painted, from navigation start  cold ${ms(r.cold.painted)}  warm loads ${LOADS}  p50 ${ms(percentile(warm, 50))}  p95 ${ms(percentile(warm, 95))}  (of which after the screens arrived: cold ${ms(r.cold.afterData)}, warm p50 ${ms(percentile(afterData, 50))})  (aim: under 100 ms)`,
    );
    console.log(
      `  screen switch, "Next screen" click to painted  switches ${SWITCHES}  p50 ${ms(percentile(switches, 50))}  p95 ${ms(percentile(switches, 95))}  max ${ms(switches.at(-1)!)}  (aim: under 100 ms)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
