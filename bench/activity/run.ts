// bench/activity: API load time of the activity builder state (GET /dashboard/activities/:id/screens) for an
// activity of 60 screens with 12 blocks each, on the embedded database. The activity is made the way a district
// would bring one in: POST /dashboard/activities/import with a generated export document. Prints p50/p95 over 20
// timed runs (after 3 warm-up runs) and the response size. Figures only; nothing is asserted. The renderer's
// time to first paint (the other half of this bench) comes with the renderer.
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { signIn, startServer } from '../lib/server';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 60);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 12);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

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

async function main() {
  const server = await startServer({});
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
  } finally {
    await server.stop();
  }
}

await main();
