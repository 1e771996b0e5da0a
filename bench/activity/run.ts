// bench/activity, for an activity of 60 screens with 12 blocks each on the embedded database:
// 1. API load time of the activity builder state (GET /dashboard/activities/:id/screens): p50/p95 over 20 timed runs
//    (after 3 warm-up runs) and the response size;
// 2. in Debian's Chromium (headless, through playwright-core) on the built dashboard (run `npm run build` first):
//    a. the renderer's time to first paint a screen: ScreenView's `aula:screen-render` measure, from the start of a
//       screen's first render (its data in hand) to the `aula:screen-painted` mark, set after the frame that paints
//       it (a message task posted from that frame's animation callbacks runs after its style, layout and paint);
//    b. the full-page preview /activity/preview/:id: the first screen's paint against the navigation start (a cold
//       load, then warm reloads), the part after its data arrived (the preview call's responseEnd), the renderer's
//       own part (a), and "Next screen" click to the next screen's paint;
//    c. the activity builder /activity-builder/:id: navigation start to the frame that paints the first screen's
//       grid editor with the text of all its blocks, the part after the builder state arrived, and when all its
//       text editors are editable; and a click on "Screen n" in the screen list to that screen's paint.
// The activity is made the way a district would bring one in: POST /dashboard/activities/import with a generated
// export document, then a version of it is published. Figures only; nothing is asserted. The machine's load
// average is printed with them: on a shared machine the figures move with it.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { ROOT, signIn, startServer } from '../lib/server';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 60);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 12);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 20);
const LOADS = Number(process.env.BENCH_LOADS ?? 7);
// packages/activity/src/screen-view.tsx
const MARK = 'aula:screen-painted';
const MEASURE = 'aula:screen-render';
// set by the builder watch below
const BUILDER_PAINTED = 'bench:builder-painted';
const BUILDER_EDITABLE = 'bench:builder-editable';
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
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p50p95 = (xs: number[]) => {
  const s = sorted(xs);
  return `p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}`;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The texts block by block of screen `n` (1-based) of the export document: what its painted screen shows. */
function screenTexts(n: number): string[] {
  return Array.from({ length: BLOCKS }, (_v, b) =>
    b % 3 === 2 ? `Question ${n}.${b + 1}:` : `Screen ${n}, block ${b + 1}:`,
  );
}

/**
 * Runs in every page before its scripts: on the builder it watches each frame for the grid editor ('Screen editor')
 * showing every block's text of the screen in `window.__benchWatch` (no skeleton left), and marks BUILDER_PAINTED
 * after that frame's paint; then BUILDER_EDITABLE once it holds `editors` editable texts. The watch reads the DOM
 * only (textContent, querySelectorAll), so it says the same of any implementation of the builder. Plain JavaScript
 * in a string: tsx would wrap named inner functions in a `__name` helper the page does not have.
 */
function builderWatch(first: string[]): string {
  const args = JSON.stringify({ painted: BUILDER_PAINTED, editable: BUILDER_EDITABLE, texts: first, editors: BLOCKS });
  return `(function (a) {
  if (!/^\\/activity-builder\\/\\d+/.test(location.pathname)) return;
  window.__benchWatch = { texts: a.texts, editors: a.editors, painted: false, editable: false };
  function afterPaint(name) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { channel.port1.close(); performance.mark(name); };
    channel.port2.postMessage(null);
  }
  function check() {
    var watch = window.__benchWatch;
    var grid = document.querySelector('section[aria-label="Screen editor"]');
    if (watch && grid) {
      if (!watch.painted) {
        var shown = grid.textContent || '';
        if (!grid.querySelector('.ant-skeleton') && watch.texts.every(function (t) { return shown.indexOf(t) >= 0; })) {
          watch.painted = true;
          afterPaint(a.painted);
        }
      }
      if (watch.painted && !watch.editable && grid.querySelectorAll('[contenteditable="true"]').length >= watch.editors) {
        watch.editable = true;
        afterPaint(a.editable);
      }
    }
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})(${args});`;
}

const resourceEnd = (pattern: string) =>
  `(() => { const e = performance.getEntriesByType('resource').find((r) => new RegExp(${JSON.stringify(pattern)}).test(r.name)); return e ? e.responseEnd : NaN; })()`;

async function waitForMark(page: Page, mark: string) {
  await page.waitForFunction((m) => performance.getEntriesByName(m, 'mark').length > 0, mark, { timeout: 60_000 });
}

/** One load of the preview page: its first screen's paint against the navigation start, and its parts. */
async function previewLoad(page: Page, url: string) {
  await page.goto(url);
  await waitForMark(page, MARK);
  const dataEnd = await page.evaluate<number>(resourceEnd('/activities/\\d+/(live|published)-preview$'));
  return page.evaluate(
    ([mark, measure, dataEnd]) => {
      const painted = performance.getEntriesByName(mark, 'mark')[0]!.startTime;
      const renderer = performance.getEntriesByName(measure, 'measure')[0]!.duration;
      return { painted, afterData: painted - dataEnd, renderer };
    },
    [MARK, MEASURE, dataEnd] as const,
  );
}

/** Clicks "Next screen" and waits for the next screen's paint: click to paint and the renderer's part, in ms. */
async function previewSwitch(page: Page) {
  return page.evaluate(
    ([mark, measure]) =>
      new Promise<{ click: number; renderer: number }>((resolve, reject) => {
        const next = document.querySelector<HTMLButtonElement>('button[aria-label="Next screen"]');
        if (!next || next.disabled) return reject(new Error('no next screen'));
        performance.clearMarks(mark);
        performance.clearMeasures(measure);
        let clicked = 0;
        const observer = new PerformanceObserver(() => {
          const entry = performance.getEntriesByName(measure, 'measure')[0];
          if (!entry) return;
          observer.disconnect();
          resolve({ click: entry.startTime + entry.duration - clicked, renderer: entry.duration });
        });
        observer.observe({ entryTypes: ['measure'] });
        clicked = performance.now();
        next.click();
      }),
    [MARK, MEASURE] as const,
  );
}

/** One load of the builder: its first screen's paint and editable texts against the navigation start. */
async function builderLoad(page: Page, url: string) {
  await page.goto(url);
  await waitForMark(page, BUILDER_EDITABLE);
  const dataEnd = await page.evaluate<number>(resourceEnd('/activities/\\d+/screens$'));
  return page.evaluate(
    ([paintedMark, editableMark, dataEnd]) => {
      const painted = performance.getEntriesByName(paintedMark, 'mark')[0]!.startTime;
      const editable = performance.getEntriesByName(editableMark, 'mark')[0]!.startTime;
      return { painted, afterData: painted - dataEnd, editable };
    },
    [BUILDER_PAINTED, BUILDER_EDITABLE, dataEnd] as const,
  );
}

/** Clicks "Screen n" in the builder's screen list: click to that screen's paint, and to its editable texts. */
async function builderSwitch(page: Page, n: number) {
  const clicked = await page.evaluate(
    ([n, texts, editors, paintedMark, editableMark]) => {
      const list = document.querySelector('nav[aria-label="Screens"]');
      const button = [...(list?.querySelectorAll('button') ?? [])].find((b) => b.textContent === `Screen ${n}`);
      if (!button) throw new Error(`no button "Screen ${n}"`);
      button.scrollIntoView({ block: 'center' });
      performance.clearMarks(paintedMark);
      performance.clearMarks(editableMark);
      (window as unknown as { __benchWatch: unknown }).__benchWatch = {
        texts,
        editors,
        painted: false,
        editable: false,
      };
      const at = performance.now();
      button.click();
      return at;
    },
    [n, screenTexts(n), BLOCKS, BUILDER_PAINTED, BUILDER_EDITABLE] as const,
  );
  await waitForMark(page, BUILDER_EDITABLE);
  return page.evaluate(
    ([paintedMark, editableMark, clicked]) => ({
      click: performance.getEntriesByName(paintedMark as string, 'mark')[0]!.startTime - clicked,
      editable: performance.getEntriesByName(editableMark as string, 'mark')[0]!.startTime - clicked,
    }),
    [BUILDER_PAINTED, BUILDER_EDITABLE, clicked] as const,
  );
}

async function newContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await context.addInitScript({ content: builderWatch(screenTexts(1)) });
  return context;
}

/** The browser half: Chromium on the built dashboard, signed in with the given token. */
async function measureBrowser(dashboardUrl: string, token: string, activityId: number) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // the preview page, then the builder, each in a fresh context (a cold cache, then warm reloads)
    let context = await newContext(browser, token);
    let page = await context.newPage();
    const previewUrl = `${dashboardUrl}/activity/preview/${activityId}`;
    const preview = {
      cold: await previewLoad(page, previewUrl),
      warm: [] as Awaited<ReturnType<typeof previewLoad>>[],
    };
    for (let i = 0; i < LOADS; i++) preview.warm.push(await previewLoad(page, previewUrl));
    const switches = [];
    for (let i = 0; i < SWITCHES; i++) switches.push(await previewSwitch(page));
    const counter = await page.getByText(/^Screen \d+ of \d+$/).textContent();
    await context.close();

    context = await newContext(browser, token);
    page = await context.newPage();
    const builderUrl = `${dashboardUrl}/activity-builder/${activityId}`;
    const builder = {
      cold: await builderLoad(page, builderUrl),
      warm: [] as Awaited<ReturnType<typeof builderLoad>>[],
    };
    for (let i = 0; i < LOADS; i++) builder.warm.push(await builderLoad(page, builderUrl));
    const builderSwitches = [];
    for (let i = 0; i < Math.min(SWITCHES, SCREENS - 1); i++) builderSwitches.push(await builderSwitch(page, i + 2));
    await context.close();
    return { preview, switches, counter, builder, builderSwitches };
  } finally {
    await browser.close();
  }
}

async function main() {
  const built = existsSync(path.join(ROOT, 'apps', 'dashboard', 'dist', 'index.html'));
  if (!built) console.warn('apps/dashboard is not built (`npm run build`): the renderer half is skipped');
  console.log(`load average (1, 5, 15 min) at start: ${load()} on ${os.cpus().length} cores`);
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

    const r = await measureBrowser(server.dashboardUrl, token, data.id);
    const { preview, builder } = r;
    console.log(`bench/activity: Chromium on the built dashboard (1440 x 900; load average ${load()})`);
    console.log(
      `  renderer, first paint of a screen once its data is there (ScreenView render start to painted)  first screen: cold ${ms(preview.cold.renderer)}, warm loads ${LOADS} ${p50p95(preview.warm.map((w) => w.renderer))}; screen switches ${SWITCHES} ${p50p95(r.switches.map((x) => x.renderer))}  (aim: under 100 ms)`,
    );
    console.log(`  /activity/preview/:id (desktop frame), ended on "${r.counter}"`);
    console.log(
      `    first screen painted, from navigation start  cold ${ms(preview.cold.painted)}  warm loads ${LOADS} ${p50p95(preview.warm.map((w) => w.painted))}`,
    );
    console.log(
      `    of which after the preview call answered     cold ${ms(preview.cold.afterData)}  warm ${p50p95(preview.warm.map((w) => w.afterData))}`,
    );
    console.log(
      `    "Next screen" click to painted               switches ${SWITCHES} ${p50p95(r.switches.map((x) => x.click))}  max ${ms(Math.max(...r.switches.map((x) => x.click)))}  (aim: under 100 ms)`,
    );
    console.log(`  /activity-builder/:id (the grid editor of the first screen)`);
    console.log(
      `    first screen painted, from navigation start  cold ${ms(builder.cold.painted)}  warm loads ${LOADS} ${p50p95(builder.warm.map((w) => w.painted))}`,
    );
    console.log(
      `    of which after the builder state arrived     cold ${ms(builder.cold.afterData)}  warm ${p50p95(builder.warm.map((w) => w.afterData))}`,
    );
    console.log(
      `    all ${BLOCKS} text editors editable, from navigation start  cold ${ms(builder.cold.editable)}  warm ${p50p95(builder.warm.map((w) => w.editable))}`,
    );
    console.log(
      `    "Screen n" click to painted                  switches ${r.builderSwitches.length} ${p50p95(r.builderSwitches.map((x) => x.click))}; to editable ${p50p95(r.builderSwitches.map((x) => x.editable))}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
