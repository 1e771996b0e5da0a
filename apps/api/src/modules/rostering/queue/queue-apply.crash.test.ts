import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app';
import { generateSnapshot } from '../../../../test/roster-fixtures';
import { createAccount, createDomain, createUser } from '../../../db/seed/factories';
import { applyQueueItem } from './queue-apply';
import { createQueueItem, stageSnapshot } from './queue-stage';
import { changeStatus } from './queue.service';

// Issue 16 item 7: apply is atomic. A real worker process applies a large import (5,000 students, 200 classes,
// 10,000 student enrollments) and is SIGKILLed inside the apply transaction; afterwards the old roster is exactly as
// it was, nothing of the new one exists, the item is still processing, and a restarted item completes.

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../../../..');
const script = path.join(apiDir, 'test/roster-worker.ts');

let t: TestApp;
let accountId: number;
let adminId: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.db.database.db;
  const domain = await createDomain(db);
  accountId = (await createAccount(db, { domainId: domain.id })).id;
  adminId = (await createUser(db, { role: 'administrator', domainId: domain.id, accountId, email: 'crash@r.test' })).id;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await t.close();
});

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: t.db.url, DATA_DIR: '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out,
    waitFor: (line: string, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const end = Date.now() + timeoutMs;
        const check = () => {
          if (out.split('\n').includes(line)) return resolve();
          if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`worker exited:\n${out}`));
          if (Date.now() > end) return reject(new Error(`no "${line}" from the worker:\n${out}`));
          setTimeout(check, 50);
        };
        check();
      }),
  };
}

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.database.pool.query(text, params)).rows as T[];

/** Everything of the account's roster, as one digest: any half-written row changes it. */
async function fingerprint() {
  const [row] = await q<{ users: number; classes: number; members: number; digest: string }>(
    `select (select count(*) from users where account_id = $1)::int as users,
            (select count(*) from classes where account_id = $1)::int as classes,
            (select count(*) from class_users cu join classes c on c.id = cu.class_id where c.account_id = $1)::int as members,
            md5(coalesce((select string_agg(concat_ws(',', id, sourced_id, first_name, last_name, email, disabled), ';' order by id)
                            from users where account_id = $1), '')
             || coalesce((select string_agg(concat_ws(',', id, sourced_id, title, organization_id, deleted_at), ';' order by id)
                            from classes where account_id = $1), '')
             || coalesce((select string_agg(concat_ws(',', cu.class_id, cu.user_id, cu.user_type), ';' order by cu.class_id, cu.user_id)
                            from class_users cu join classes c on c.id = cu.class_id where c.account_id = $1), '')
             || coalesce((select string_agg(concat_ws(',', id, sourced_id, name, deleted_at), ';' order by id)
                            from organizations where account_id = $1), '')) as digest`,
    [accountId],
  );
  return row!;
}

it('a worker killed inside the apply transaction leaves the old roster intact; the restarted item completes', async () => {
  const deps = t.app.deps;
  // the old roster: 100 students, 10 classes
  const old = generateSnapshot({ prefix: 'r', schools: 5, classes: 10, students: 100, perStudent: 2 });
  const first = await createQueueItem(deps, { accountId, dataType: 'rest', createdBy: adminId, snapshot: old });
  await stageSnapshot(deps, first.id, old, []);
  await changeStatus(deps, null, first.id, 'approve');
  await applyQueueItem(deps, first.id);
  const before = await fingerprint();
  expect(before).toMatchObject({ users: 111, classes: 10, members: 210 });

  // the new one renames every old student and adds thousands of rows
  const big = generateSnapshot({ prefix: 'r', schools: 20, classes: 200, students: 5000, perStudent: 2 });
  for (const u of big.users) u.familyName = `${u.familyName} (new)`;
  const item = await createQueueItem(deps, { accountId, dataType: 'rest', createdBy: adminId, snapshot: big });
  const staged = await stageSnapshot(deps, item.id, big, []);
  // the old students move to other classes: most old enrollments go, so the sanity check asks first
  expect(staged.status).toBe('actionRequired');
  expect(staged.sanity).toMatchObject({ enrollments: { existing: 210 } });
  await changeStatus(deps, null, item.id, 'confirm');

  // 6 statements in: schools, sessions, courses and classes are written, users not yet committed
  const w1 = startWorker({ SEND_APPLY_ID: String(item.id), BLOCK_AFTER: '6' });
  await w1.waitFor('in-transaction', 60_000);
  if (process.env.AULA_TEST_DB === 'postgres') {
    // on PostgreSQL another connection can look: the worker's transaction is open, with writes in it
    const open = await q<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and backend_xid is not null`,
    );
    expect(open[0]!.n).toBeGreaterThanOrEqual(1);
  }
  const exited = new Promise((resolve) => w1.child.once('exit', resolve));
  w1.child.kill('SIGKILL');
  await exited;

  expect(await q('select status, processed_at from roster_queue where id = $1', [item.id])).toEqual([
    { status: 'processing', processed_at: null },
  ]);
  expect(await fingerprint()).toEqual(before);
  expect(
    await q(`select count(*)::int as n from users where account_id = $1 and last_name like '%(new)'`, [accountId]),
  ).toEqual([{ n: 0 }]);
  expect(await q(`select count(*)::int as n from organizations where account_id = $1`, [accountId])).toEqual([
    { n: 5 },
  ]);

  // a person restarts the stuck item; a new worker applies it from the start, in one transaction again
  const w2 = startWorker({ RESTART_QUEUE_ID: String(item.id) });
  await w2.waitFor('done', 120_000);
  expect(w2.output()).toContain('restarted preprocessing');
  expect(await q('select status, attempts from roster_queue where id = $1', [item.id])).toEqual([
    { status: 'processed', attempts: 2 },
  ]);
  const after = await fingerprint();
  expect(after).toMatchObject({ users: 5201, classes: 200, members: 10200 });
  const [student] = await q<{ id: number; last_name: string }>(
    `select id, last_name from users where account_id = $1 and sourced_id = 'r-s-7'`,
    [accountId],
  );
  expect(student!.last_name).toBe('S7 (new)');
  w2.child.kill('SIGTERM');
}, 240_000);
