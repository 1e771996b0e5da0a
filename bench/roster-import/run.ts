// bench/roster-import (issue 16 item 13): a generated district imported through the roster queue on PostgreSQL:
// staging (plan, diff, review rows), approval and the one-transaction apply, then a delta of 1 % of the users. The
// baseline is a bare COPY of the same users, classes and memberships into the same tables of a second scratch
// database (psql \copy, then the indexes already there), measured in the same run; the bench prints both rates and
// their ratio, and this process's peak resident memory (the worker's: it stages and applies in-process). Figures
// only; nothing is asserted. BENCH_STUDENTS (50,000), BENCH_CLASSES (5,000), BENCH_PER_STUDENT (20 enrollments),
// BENCH_SCHOOLS (100).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { RosterSnapshot } from '@aula/domain/rostering';
import { generateSnapshot } from '../../apps/api/test/roster-fixtures';
import { loadConfig } from '../../apps/api/src/config';
import { createDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { createAccount, createDomain } from '../../apps/api/src/db/seed/factories';
import type { Deps, JobQueue } from '../../apps/api/src/lib/deps';
import { SessionCache } from '../../apps/api/src/lib/session-cache';
import { applyQueueItem } from '../../apps/api/src/modules/rostering/queue/queue-apply';
import { createQueueItem, runStageJob } from '../../apps/api/src/modules/rostering/queue/queue-stage';
import { changeStatus } from '../../apps/api/src/modules/rostering/queue/queue.service';
import { admin, BASE } from '../lib/scratch-db';

const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = n('BENCH_STUDENTS', 50_000);
const CLASSES = n('BENCH_CLASSES', 5_000);
const PER_STUDENT = n('BENCH_PER_STUDENT', 20);
const SCHOOLS = n('BENCH_SCHOOLS', 100);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// BENCH_SLOW_MS=n: every statement slower than n ms, with its time (where an import spends its time)
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);
const totals = new Map<string, { n: number; ms: number }>();
const printTotals = (what: string) => {
  if (SLOW_MS <= 0) return;
  const top = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  console.log(`  statements of the ${what}, by total time:`);
  for (const [k, t] of top) console.log(`  ${t.ms.toFixed(0).padStart(6)} ms ${String(t.n).padStart(5)}x  ${k}`);
  totals.clear();
};
if (SLOW_MS > 0) {
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const t0 = performance.now();
    const out = query.apply(this, args);
    const text = String((args[0] as { text?: string })?.text ?? args[0]).replace(/\s+/g, ' ');
    if (out instanceof Promise)
      void out.then(
        () => {
          const ms = performance.now() - t0;
          if (ms >= SLOW_MS) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${text.slice(0, 110)}`);
          const key = text.slice(0, 70);
          const t = totals.get(key) ?? { n: 0, ms: 0 };
          totals.set(key, { n: t.n + 1, ms: t.ms + ms });
        },
        () => undefined,
      );
    return out;
  } as typeof pg.Client.prototype.query;
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);

const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined, debug: () => undefined };
const noJobs = { send: async () => null } as unknown as JobQueue;

async function scratch(name: string) {
  await admin(async (c) => {
    await c.query(`drop database if exists ${name}`);
    await c.query(`create database ${name}`);
  });
  const url = BASE.replace(/\/[^/]*$/, `/${name}`);
  const database = createDatabase(url, 4);
  await runMigrations(database);
  const domain = await createDomain(database.db, { name: 'Bench' });
  const account = await createAccount(database.db, { domainId: domain.id, name: 'Bench District', districtId: name });
  return { url, database, account };
}

async function importThroughQueue(deps: Deps, accountId: number, snapshot: RosterSnapshot) {
  const t0 = performance.now();
  const item = await createQueueItem(deps, { accountId, dataType: 'rest', createdBy: null, snapshot, errors: [] });
  await runStageJob(deps, item.id);
  const t1 = performance.now();
  const staged = await changeStatus(deps, null, item.id, 'approve').catch(() =>
    changeStatus(deps, null, item.id, 'confirm'),
  );
  await applyQueueItem(deps, staged.id);
  const t2 = performance.now();
  return { stage: t1 - t0, apply: t2 - t1, total: t2 - t0 };
}

/** The baseline: the same rows COPYed by psql into the same tables (their indexes in place). */
function copyBaseline(url: string, accountId: number, domainId: number, s: RosterSnapshot): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aula-bench-copy-'));
  try {
    const users = s.users.map(
      (u) =>
        `${u.role},${domainId},${accountId},${u.givenName},${u.familyName},${u.email},${u.username},${u.sourcedId}`,
    );
    writeFileSync(path.join(dir, 'users.csv'), users.join('\n') + '\n');
    writeFileSync(path.join(dir, 'classes.csv'), s.classes.map((c) => `${c.title},${c.sourcedId}`).join('\n') + '\n');
    writeFileSync(
      path.join(dir, 'enrollments.csv'),
      s.enrollments.map((e) => `${e.classSourcedId},${e.userSourcedId},${e.role}`).join('\n') + '\n',
    );
    const sqlText = `
      insert into organizations (account_id, name, sourced_id) values (${accountId}, 'Copy school', 'copy-school');
      \\copy users (role, domain_id, account_id, first_name, last_name, email, username, sourced_id) from '${dir}/users.csv' csv
      create temp table cls (title text, sourced_id text);
      \\copy cls from '${dir}/classes.csv' csv
      insert into classes (account_id, organization_id, title, sourced_id)
        select ${accountId}, (select id from organizations where sourced_id = 'copy-school'), title, sourced_id from cls;
      create temp table enr (c text, u text, role text);
      \\copy enr from '${dir}/enrollments.csv' csv
      insert into class_users (class_id, user_id, user_type)
        select c.id, u.id, case when enr.role = 'student' then 'student' else 'teacher' end
          from enr join classes c on c.sourced_id = enr.c and c.account_id = ${accountId}
          join users u on u.sourced_id = enr.u and u.account_id = ${accountId}
        on conflict do nothing;`;
    writeFileSync(path.join(dir, 'load.sql'), sqlText);
    const t0 = performance.now();
    const run = spawnSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-1', '-f', path.join(dir, 'load.sql')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error('the COPY baseline failed');
    return performance.now() - t0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const snapshot = generateSnapshot({
    prefix: 'b',
    schools: SCHOOLS,
    classes: CLASSES,
    students: STUDENTS,
    perStudent: PER_STUDENT,
  });
  const rows = snapshot.users.length + snapshot.classes.length + snapshot.enrollments.length;
  console.log(
    `district: ${SCHOOLS} schools, ${snapshot.users.length} users, ${snapshot.classes.length} classes, ` +
      `${snapshot.enrollments.length} enrollments (${rows} rows); load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const a = await scratch('aula_bench_roster_import');
  const deps: Deps = {
    db: a.database.db,
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), DATABASE_URL: a.url }),
    log: quiet as unknown as FastifyBaseLogger,
    events: { publish: () => undefined },
    jobs: noJobs,
    sessions: new SessionCache(0),
  };
  totals.clear();
  const full = await importThroughQueue(deps, a.account.id, snapshot);
  printTotals('full import');
  console.log(
    `full import   stage ${secs(full.stage)}  apply ${secs(full.apply)}  total ${secs(full.total)}  ` +
      `(aim < 60 s)  ${Math.round(rows / (full.total / 1000))} rows/s`,
  );

  // a delta of 1 % of the users (renamed)
  const changed = snapshot.users
    .filter((_u, i) => i % 100 === 0)
    .map((u) => ({ ...u, familyName: `${u.familyName}x` }));
  const delta: RosterSnapshot = {
    ...snapshot,
    mode: 'delta',
    orgs: [],
    academicSessions: [],
    courses: [],
    classes: [],
    enrollments: [],
    demographics: [],
    users: changed,
  };
  const d = await importThroughQueue(deps, a.account.id, delta);
  console.log(
    `delta (1 %, ${changed.length} users)  stage ${secs(d.stage)}  apply ${secs(d.apply)}  total ${secs(d.total)}  (aim < 5 s)`,
  );
  await a.database.close();

  const b = await scratch('aula_bench_roster_copy');
  await b.database.close();
  const copyMs = copyBaseline(b.url, b.account.id, b.account.domainId, snapshot);
  const copyRate = rows / (copyMs / 1000);
  const importRate = rows / (full.total / 1000);
  console.log(`bare COPY     ${secs(copyMs)}  ${Math.round(copyRate)} rows/s`);
  console.log(`ratio import / COPY  ${(importRate / copyRate).toFixed(2)}  (aim >= 0.50)`);
  console.log(`worker peak RSS  ${mb(peak)}  (aim < 500 MB)`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => clearInterval(sampler));
