// bench/exam-start: the start of an exam on PostgreSQL. N students (default 2,000) of one district, in classes of 25,
// have one assignment of a 3-screen activity (one question of every kind). Each student arrives at a random moment
// within the window (default 30 s), signs in (POST /student/auth/form), lists their assignments and starts the attempt;
// then saves 10 answers, one at a time, with 1-3 s of think time before each (an essay that grows, choices changed),
// so the whole exam start fits in one minute (30 s of arrivals + about 20 s of saves, at most 30 s).
// Prints errors, p50/p95/p99 latency per phase and throughput. Figures only; nothing is asserted. A 503 with Retry-After
// (the API shedding load) is retried as the apps' API client retries it, and counted.
//
//   npm run exam-start --workspace @aula/bench -- --students 200 [--window 30] [--saves 10] [--no-pin]
//
// The API runs pinned to CPU 0 (`taskset -c 0`) and this load generator to CPU 1 (`--no-pin` or BENCH_PIN=0 turn it
// off); a local PostgreSQL moves to CPU 1 for the run (BENCH_PIN_DB=0 leaves it alone). Before the exam, a 3 s burst at the bare GET /health/live of the same server gives the
// per-core baseline the exam's requests are compared with. The API's resident memory is printed idle, at its peak
// during the exam and after it.
//
// A scratch database is created on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
// migrated, filled and dropped; the API runs as its own process (apps/api/src/server.ts, SEED_DEMO=false).
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { admin, BASE, pct } from '../lib/scratch-db';
import { answerToWire, type AnswerValue } from '../../packages/domain/src/answers';
import { backoffDelayMs, parseRetryAfterMs } from '../../packages/web/src/lib/backoff';
import { ATTEMPT_PATHS, type AttemptView } from '../../packages/domain/src/attempts';
import { createDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { createAccount, createDomain, createOrganization, createUser } from '../../apps/api/src/db/seed/factories';
import { createAssignment, createEveryKindActivity } from '../../apps/api/src/db/seed/work-factories';
import autocannon from 'autocannon';
import type { hashPassword as HashPassword } from '../../apps/api/src/lib/passwords';
import {
  cpuSeconds,
  loadAverage,
  memoryBreakdown,
  pinLocalPostgres,
  pinSelf,
  ROOT,
  rssMb,
  startServer,
  watchRss,
} from '../lib/server';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number(process.env[`BENCH_${name.toUpperCase()}`] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}

const STUDENTS = arg('students', 2000);
const WINDOW_S = arg('window', 30);
const PIN = !process.argv.includes('--no-pin') && process.env.BENCH_PIN !== '0';
const BARE_SECONDS = 3;
const SAVES = arg('saves', 10);
const CLASS_SIZE = 25;
const PASSWORD = 'Exam-bench-2026!';
const POOL = process.env.BENCH_DB_POOL_SIZE ?? '20';
const HEAP_DIR = process.env.BENCH_HEAP_DIR;

/** Asks the API for a heap snapshot (SIGUSR2) and waits until the file is written; returns every snapshot so far. */
async function heapSnapshot(pid: number): Promise<string[]> {
  const list = () => readdirSync(HEAP_DIR!).filter((f) => f.endsWith('.heapsnapshot'));
  const before = list().length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600 && list().length === before; i += 1) await sleep(100);
  let size = -1;
  for (let i = 0; i < 600; i += 1) {
    await sleep(500);
    const newest = list().sort().at(-1)!;
    const now = statSync(path.join(HEAP_DIR!, newest)).size;
    if (now === size) break;
    size = now;
  }
  return list().sort();
}

type Phase = 'sign-in' | 'list assignments' | 'start attempt' | 'save answer';
const PHASES: Phase[] = ['sign-in', 'list assignments', 'start attempt', 'save answer'];

const latencies = new Map<Phase, number[]>(PHASES.map((p) => [p, []]));
const errors = new Map<Phase, Map<string, number>>(PHASES.map((p) => [p, new Map()]));
const firstAt = new Map<Phase, number>();
/** each save's start time and latency, to tell saves during the sign-in rush from saves after it */
const saveStarts: [number, number][] = [];
const lastAt = new Map<Phase, number>();

function recordError(phase: Phase, what: string) {
  const m = errors.get(phase)!;
  m.set(what, (m.get(what) ?? 0) + 1);
}

/** 503s the API shed (each retried as the apps retry them), by phase */
const shed = new Map<Phase, number>(PHASES.map((p) => [p, 0]));
/** as the apps' API client (packages/web/src/lib/api-retry.ts): a 503 with Retry-After is sent again up to 3 times */
const MAX_RETRIES = 3;

/**
 * One timed call; a non-2xx status or a network failure is counted as an error of its phase. A 503 with
 * Retry-After (the API shedding load before running anything) is retried as the apps do, waiting Retry-After plus
 * jittered back-off; the latency recorded runs from the first try to the last answer.
 */
async function timed<T>(phase: Phase, url: string, init: RequestInit): Promise<T | null> {
  const t0 = performance.now();
  firstAt.set(phase, Math.min(firstAt.get(phase) ?? Infinity, t0));
  try {
    let res = await fetch(url, init);
    let body = await res.text();
    for (let attempt = 0; res.status === 503 && attempt < MAX_RETRIES; attempt++) {
      const retryAfterMs = parseRetryAfterMs(res.headers.get('retry-after'));
      if (retryAfterMs === undefined) break;
      shed.set(phase, shed.get(phase)! + 1);
      await sleep(backoffDelayMs(attempt, { retryAfterMs }));
      res = await fetch(url, init);
      body = await res.text();
    }
    const t1 = performance.now();
    lastAt.set(phase, Math.max(lastAt.get(phase) ?? 0, t1));
    latencies.get(phase)!.push(t1 - t0);
    if (phase === 'save answer') saveStarts.push([t0, t1 - t0]);
    if (!res.ok) {
      recordError(phase, `${res.status} ${body.slice(0, 120)}`);
      return null;
    }
    return JSON.parse(body) as T;
  } catch (err) {
    lastAt.set(phase, Math.max(lastAt.get(phase) ?? 0, performance.now()));
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    recordError(phase, `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The district, its students in classes of 25, one teacher and the assignment. */
async function seed(url: string) {
  const database = createDatabase(url, 4, { namedStatements: true });
  try {
    await runMigrations(database);
    const db = database.db;
    const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const domain = (await createDomain(db, { name: 'Exam bench' })).id;
    const account = (await createAccount(db, { domainId: domain, name: 'Exam district' })).id;
    const org = (await createOrganization(db, { accountId: account, name: 'Exam school' })).id;
    const teacher = await createUser(db, {
      role: 'teacher',
      domainId: domain,
      accountId: account,
      organizationIds: [org],
    });
    const kinds = await createEveryKindActivity(db, { domainId: domain, title: 'End of unit exam' });
    // one argon2 hash for everyone: hashing 2,000 passwords would time the seed, not the API
    // (with the argon2 setting of the API under test: BENCH_API_ROOT may name another checkout)
    const passwords = (await import(
      path.join(process.env.BENCH_API_ROOT ?? ROOT, 'apps/api/src/lib/passwords.ts')
    )) as { hashPassword: typeof HashPassword };
    const hash = await passwords.hashPassword(PASSWORD);
    const studentIds = (
      await q(
        `insert into users (role, domain_id, account_id, first_name, last_name, username, password_hash)
         select 'student', $1, $2, 'Student', g::text, 'exam-' || g, $3 from generate_series(1, $4::int) g returning id`,
        [domain, account, hash, STUDENTS],
      )
    ).rows.map((r) => r.id as number);
    await q(`insert into user_organizations (user_id, organization_id) select unnest($1::int[]), $2`, [
      studentIds,
      org,
    ]);
    const classes = Math.ceil(STUDENTS / CLASS_SIZE);
    const classIds = (
      await q(
        `insert into classes (account_id, organization_id, title) select $1, $2, 'Exam class ' || g
         from generate_series(1, $3::int) g returning id`,
        [account, org, classes],
      )
    ).rows.map((r) => r.id as number);
    await q(
      `insert into class_users (class_id, user_id, user_type)
       select c.id, s.id, 'student' from unnest($1::int[]) with ordinality c(id, n)
       join unnest($2::int[]) with ordinality s(id, m) on (s.m - 1) / $3 + 1 = c.n`,
      [classIds, studentIds, CLASS_SIZE],
    );
    await q(`insert into class_users (class_id, user_id, user_type) select unnest($1::int[]), $2, 'teacher'`, [
      classIds,
      teacher.id,
    ]);
    const assignment = await createAssignment(db, {
      accountId: account,
      organizationId: org,
      name: 'Unit exam',
      activityIds: [kinds.activity.id],
      members: classIds.map((id) => ({ memberType: 'class' as const, memberId: id })),
      startAt: new Date(Date.now() - 60_000),
      createdBy: teacher.id,
    });
    await q('analyze');
    return { assignmentId: assignment.id, activityId: kinds.activity.id, questions: kinds.questions, classes };
  } finally {
    await database.close();
  }
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The i-th of a student's saves: an essay that grows, then choices, slots and notes in turn. */
function nthAnswer(s: Seeded, i: number): { question_id: number; value: AnswerValue } {
  const q = s.questions;
  const words = 'Ice floats because water expands as it freezes and so it is less dense than the water around it'.split(
    ' ',
  );
  switch (i % 5) {
    case 0:
    case 2:
    case 4:
      return { question_id: q.essay.id, value: { text: words.slice(0, 4 + i * 2).join(' ') } };
    case 1:
      return i % 2
        ? { question_id: q.checkbox.id, value: { options: [q.checkbox.options[i % 3]!.id] } }
        : { question_id: q.radio.id, value: { options: [q.radio.options[0]!.id] } };
    default:
      return {
        question_id: q.dropdown.id,
        value: { slots: { s1: q.dropdown.options[0]!.id, s2: q.dropdown.options[(i % 2) + 2]!.id } },
      };
  }
}

async function student(api: string, s: Seeded, n: number, arriveAt: number, t0: number): Promise<void> {
  await sleep(Math.max(0, t0 + arriveAt - performance.now()));
  const json = { 'content-type': 'application/json' };
  const signedIn = await timed<{ data: { token: string } }>('sign-in', `${api}/student/auth/form`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ login: `exam-${n}`, password: PASSWORD }),
  });
  if (!signedIn) return;
  const auth = { authorization: `Bearer ${signedIn.data.token}` };
  await timed('list assignments', `${api}/student/assignments`, { headers: auth });
  const started = await timed<{ data: AttemptView }>(
    'start attempt',
    `${api}${ATTEMPT_PATHS.start(s.assignmentId, s.activityId)}`,
    { method: 'POST', headers: auth },
  );
  if (!started) return;
  const attemptId = started.data.attempt!.id;
  // revisions as the student app makes them: a per-device counter seeded by the clock
  let revision = Date.now();
  for (let i = 0; i < SAVES; i++) {
    await sleep(1000 + Math.random() * 2000);
    const a = nthAnswer(s, i);
    await timed('save answer', `${api}${ATTEMPT_PATHS.answers(attemptId)}`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({
        answers: [{ question_id: a.question_id, value: answerToWire(a.value), revision: ++revision }],
      }),
    });
  }
}

async function main() {
  try {
    await admin((c) => c.query('select 1'));
  } catch (err) {
    console.log(`exam-start: skipped, PostgreSQL not reachable at ${BASE} (${(err as Error).message})`);
    return;
  }
  const name = `aula_bench_exam_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  try {
    const t = performance.now();
    const seeded = await seed(u.toString());
    const pinned = PIN && pinSelf('1');
    // the API has CPU 0 to itself: a local PostgreSQL shares CPU 1 with the load generator (BENCH_PIN_DB=0: not moved)
    const unpinDb = pinned && process.env.BENCH_PIN_DB !== '0' ? pinLocalPostgres('1') : null;
    console.log(
      `exam-start: ${STUDENTS} students in ${seeded.classes} classes, one assignment of a 3-screen activity ` +
        `(seeded in ${((performance.now() - t) / 1000).toFixed(1)} s)\nschedule: each student arrives at a uniformly ` +
        `random moment within ${WINDOW_S} s, signs in, lists assignments, starts the attempt, then saves ${SAVES} ` +
        `answers with 1-3 s think time before each (about ${2 * SAVES} s); PostgreSQL, API pool ${POOL}; ` +
        (pinned ? `API on CPU 0, load generator${unpinDb ? ' and PostgreSQL' : ''} on CPU 1 (taskset)` : 'not pinned') +
        `; load average ${loadAverage()}`,
    );
    const server = await startServer({
      databaseUrl: u.toString(),
      env: { SEED_DEMO: 'false', SERVE_UI: 'false', DB_POOL_SIZE: POOL },
      // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API process
      nodeArgs: [
        ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        // BENCH_HEAP_DIR=dir: heap snapshots of the API idle and after the exam (SIGUSR2), to see what holds memory
        ...(HEAP_DIR ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${HEAP_DIR}`] : []),
      ],
      ...(pinned ? { cpus: '0' } : {}),
    });
    try {
      // idle: 5 s after the server answered, before any load (the start-up's garbage mostly collected)
      await sleep(5000);
      const idle = rssMb(server.pid);
      const idleParts = await memoryBreakdown(server.url, server.pid);
      if (HEAP_DIR) await heapSnapshot(server.pid);
      const bare = await bareBaseline(server.url, server.pid);
      const rss = watchRss(server.pid);
      const cpu0 = cpuSeconds(server.pid);
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: STUDENTS }, (_v, i) =>
          student(server.url, seeded, i + 1, Math.random() * WINDOW_S * 1000, t0),
        ),
      );
      const total = (performance.now() - t0) / 1000;
      const cpu = cpuSeconds(server.pid) - cpu0;
      const peak = rss.stop();
      report(total, cpu, pinned, bare);
      await sleep(2000);
      console.log(
        `\nAPI resident memory: idle ${idle} MB, peak during the exam ${peak} MB, after ${rssMb(server.pid)} MB ` +
          `(aim: under 200 MB idle, under 300 MB through the run); load average ${loadAverage()}`,
      );
      console.log(`  idle: ${idleParts}\n  after: ${await memoryBreakdown(server.url, server.pid)}`);
      if (HEAP_DIR) console.log(`  heap snapshots (idle, after): ${(await heapSnapshot(server.pid)).join(', ')}`);
      const rows = await admin(async () => {
        const c = new pg.Client({ connectionString: u.toString() });
        await c.connect();
        try {
          return (
            await c.query<{ attempts: number; answers: number }>(
              'select (select count(*)::int from attempts) as attempts, (select count(*)::int from answers) as answers',
            )
          ).rows[0]!;
        } finally {
          await c.end();
        }
      });
      console.log(
        `\nrows written: ${rows.attempts} attempts, ${rows.answers} answers (one per question a student answered)`,
      );
    } finally {
      await server.stop();
      unpinDb?.();
    }
  } finally {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

interface Bare {
  reqPerSec: number;
  perCpuSecond: number;
}

/** A short burst at the bare GET /health/live of the same server: the per-core ceiling of a trivial Fastify route. */
async function bareBaseline(url: string, pid: number): Promise<Bare> {
  await autocannon({ url: `${url}/health/live`, connections: 20, duration: 1 });
  const cpu0 = cpuSeconds(pid);
  const r = await autocannon({ url: `${url}/health/live`, connections: 50, duration: BARE_SECONDS });
  const cpu = cpuSeconds(pid) - cpu0;
  const total = r.requests.total;
  return { reqPerSec: Math.round(total / BARE_SECONDS), perCpuSecond: Math.round(total / Math.max(cpu, 0.01)) };
}

function report(totalSeconds: number, apiCpuSeconds: number, pinned: boolean, bare: Bare) {
  const startPhases: Phase[] = ['sign-in', 'list assignments', 'start attempt'];
  const startedIn = (
    (Math.max(...startPhases.map((p) => lastAt.get(p) ?? 0)) - (firstAt.get('sign-in') ?? 0)) /
    1000
  ).toFixed(1);
  console.log(`\nfirst sign-in to last attempt started: ${startedIn} s (arrivals spread over ${WINDOW_S} s)`);
  console.log('\n| phase | requests | errors | p50 ms | p95 ms | p99 ms | max ms | req/s |');
  console.log('|---|---|---|---|---|---|---|---|');
  let all: number[] = [];
  for (const p of PHASES) {
    const l = [...latencies.get(p)!].sort((a, b) => a - b);
    all = all.concat(l);
    const errs = [...errors.get(p)!.values()].reduce((a, b) => a + b, 0);
    const span = ((lastAt.get(p) ?? 0) - (firstAt.get(p) ?? 0)) / 1000;
    const rate = span > 0 ? (l.length / span).toFixed(0) : '-';
    console.log(
      `| ${p} | ${l.length} | ${errs} | ${pct(l, 50).toFixed(0)} | ${pct(l, 95).toFixed(0)} | ${pct(l, 99).toFixed(0)} | ${(l.at(-1) ?? 0).toFixed(0)} | ${rate} |`,
    );
  }
  all.sort((a, b) => a - b);
  const errs = PHASES.reduce((n, p) => n + [...errors.get(p)!.values()].reduce((a, b) => a + b, 0), 0);
  console.log(
    `| all | ${all.length} | ${errs} | ${pct(all, 50).toFixed(0)} | ${pct(all, 95).toFixed(0)} | ${pct(all, 99).toFixed(0)} | ${(all.at(-1) ?? 0).toFixed(0)} | ${(all.length / totalSeconds).toFixed(0)} |`,
  );
  const rushOver = Math.max(...startPhases.map((p) => lastAt.get(p) ?? 0));
  const after = saveStarts
    .filter(([at]) => at > rushOver)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  console.log(
    `\nsaves after the last attempt started (no sign-in running): ${after.length}, p50 ${pct(after, 50).toFixed(0)} ms, ` +
      `p95 ${pct(after, 95).toFixed(0)} ms, p99 ${pct(after, 99).toFixed(0)} ms`,
  );
  const perCpu = all.length / Math.max(apiCpuSeconds, 0.01);
  const cores = pinned ? 1 : 2;
  console.log(
    `\nrun: ${totalSeconds.toFixed(1)} s from the first arrival to the last save (aim: within 60 s), ${errs} errors, ` +
      `p95 ${pct(all, 95).toFixed(0)} ms (aim: no error, p95 under 300 ms)`,
  );
  console.log(
    `API: ${(all.length / totalSeconds / cores).toFixed(0)} req/s per server core on average (${cores} core${cores > 1 ? 's' : ''}), ` +
      `${apiCpuSeconds.toFixed(1)} CPU-s used, ${perCpu.toFixed(0)} requests per CPU-second; bare GET /health/live on the same ` +
      `server: ${(bare.reqPerSec / cores).toFixed(0)} req/s per core, ${bare.perCpuSecond} per CPU-second; ` +
      `ratio (exam requests per CPU-second / bare) ${(perCpu / bare.perCpuSecond).toFixed(3)}`,
  );
  for (const p of PHASES) for (const [what, n] of errors.get(p)!) console.log(`error (${p}) x${n}: ${what}`);
  const shedAll = PHASES.map((p) => `${p} ${shed.get(p)}`).join(', ');
  console.log(`503s shed by the API and retried as the apps do (after Retry-After): ${shedAll}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
