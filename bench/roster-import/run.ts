// bench/roster-import (issue 16 item 13): a generated district imported through the roster queue on PostgreSQL, as
// an uploaded OneRoster CSV zip: the worker (worker.ts, a Node process of its own, so its peak resident memory is
// the import's alone) reads the archive, stages it (plan, diff, review rows), approves it and applies it in one
// transaction, then imports a delta archive renaming 1 % of the users. The baseline is a bare COPY of the same
// users, classes and memberships into the same tables of a second scratch database (psql \copy, then the indexes
// already there), measured in the same run; the bench prints both rates and their ratio, the worker's peak resident
// memory and the load average. Figures only; nothing is asserted. BENCH_STUDENTS (50,000), BENCH_CLASSES (5,000,
// each with a teacher), BENCH_PER_STUDENT (20 enrollments), BENCH_SCHOOLS (100); BENCH_SLOW_MS (statement times).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RosterSnapshot } from '@aula/domain/rostering';
import { generateSnapshot } from '../../apps/api/test/roster-fixtures';
import { createDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { createAccount, createDomain } from '../../apps/api/src/db/seed/factories';
import { admin, BASE } from '../lib/scratch-db';
import { childrenSeconds, statSeconds } from './cpu-times';
import { writeBulkZip, writeUsersDeltaZip } from './district-csv';

const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = n('BENCH_STUDENTS', 50_000);
const CLASSES = n('BENCH_CLASSES', 5_000);
const PER_STUDENT = n('BENCH_PER_STUDENT', 20);
const SCHOOLS = n('BENCH_SCHOOLS', 100);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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

/** The baseline: the same rows COPYed by psql into the same tables (their indexes in place). */
function copyBaseline(url: string, accountId: number, domainId: number, s: RosterSnapshot) {
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
        on conflict do nothing;
      select pg_backend_pid() as pid \\gset
      \\setenv BACKEND_PID :pid
      \\! cat /proc/$BACKEND_PID/stat > ${dir}/backend.stat`;
    writeFileSync(path.join(dir, 'load.sql'), sqlText);
    const t0 = performance.now();
    // bash's `times` gives psql's CPU time; the backend's is read from /proc before it ends
    const psql = `psql '${url}' -q -v ON_ERROR_STOP=1 -1 -f '${path.join(dir, 'load.sql')}' >/dev/null && times`;
    const run = spawnSync('bash', ['-c', psql], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    if (run.status !== 0) throw new Error('the COPY baseline failed');
    const ms = performance.now() - t0;
    const cpu = childrenSeconds(run.stdout) + statSeconds(readFileSync(path.join(dir, 'backend.stat'), 'utf8'));
    return { ms, cpu };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Phase {
  stage: number;
  apply: number;
  total: number;
  status: string;
  error: unknown;
  /** the worker's resident memory sampled every 50 ms during each step */
  peaks: { stage: number; apply: number };
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aula-bench-import-'));
  try {
    const inflated = writeBulkZip(snapshot, path.join(dir, 'full.zip'));
    // a delta of 1 % of the users (renamed)
    const changed = snapshot.users
      .filter((_u, i) => i % 100 === 0)
      .map((u) => ({ ...u, familyName: `${u.familyName}x` }));
    writeUsersDeltaZip(changed, path.join(dir, 'delta.zip'));
    console.log(
      `district: ${SCHOOLS} schools, ${snapshot.users.length} users, ${snapshot.classes.length} classes, ` +
        `${snapshot.enrollments.length} enrollments (${rows} rows; ${mb(inflated)} of CSV); load average ${load()}`,
    );
    const a = await scratch('aula_bench_roster_import');
    await a.database.close();
    const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const run = spawnSync(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', worker, a.url, String(a.account.id), dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`the worker failed: ${run.stdout}`);
    const out = JSON.parse(run.stdout.trim().split('\n').pop()!) as {
      full: Phase;
      delta: Phase;
      before: number;
      peak: number;
      load: number[];
      cpu: number;
      cpuWorker: number;
    };
    const { full, delta } = out;
    for (const [what, p] of [
      ['full import', full],
      ['delta', delta],
    ] as const)
      if (p.status !== 'processed') console.log(`  ${what} ended ${p.status}: ${JSON.stringify(p.error)}`);
    console.log(
      `full import   stage ${secs(full.stage)}  apply ${secs(full.apply)}  total ${secs(full.total)}  ` +
        `(aim < 60 s)  ${Math.round(rows / (full.total / 1000))} rows/s`,
    );
    console.log(
      `delta (1 %, ${changed.length} users)  stage ${secs(delta.stage)}  apply ${secs(delta.apply)}  ` +
        `total ${secs(delta.total)}  (aim < 5 s)`,
    );
    console.log(`load average after the import ${out.load.map((l) => l.toFixed(1)).join(' ')}`);

    const b = await scratch('aula_bench_roster_copy');
    await b.database.close();
    const copy = copyBaseline(b.url, b.account.id, b.account.domainId, snapshot);
    const copyRate = rows / (copy.ms / 1000);
    const importRate = rows / (full.total / 1000);
    console.log(`bare COPY     ${secs(copy.ms)}  ${Math.round(copyRate)} rows/s; load average ${load()}`);
    console.log(`ratio import / COPY  ${(importRate / copyRate).toFixed(2)}  (aim >= 0.50)`);
    // the same comparison by CPU-seconds (worker and its backends; psql and its backend): the load moves it less
    console.log(
      `CPU  import ${out.cpu.toFixed(1)} s (worker ${out.cpuWorker.toFixed(1)} s, PostgreSQL ` +
        `${(out.cpu - out.cpuWorker).toFixed(1)} s)  COPY ${copy.cpu.toFixed(1)} s  ratio ${(copy.cpu / out.cpu).toFixed(2)}`,
    );
    console.log(
      `worker peak RSS  ${mb(out.peak)}  (aim < 500 MB; ${mb(out.before)} before it started; sampled: ` +
        `read and stage ${mb(full.peaks.stage)}, apply ${mb(full.peaks.apply)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
