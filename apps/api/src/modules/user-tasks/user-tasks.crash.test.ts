import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';
import { insertUserTask } from './user-tasks.repo';

// "A job interrupted by a crash is retried after restart" (DESIGN.md 1, jobs): a real worker process claims a user
// task and is SIGKILLed mid-task; a new worker process finds the expired job through pg-boss maintenance and
// completes the task on the second attempt.

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../../..');
const script = path.join(apiDir, 'test/job-worker.ts');

let db: TestDatabase;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'aula-crash-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  waitFor: (line: string) => Promise<void>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, EXPIRE_SECONDS: '4', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out,
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (out.split('\n').includes(line)) return resolve();
          if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`worker exited:\n${out}`));
          setTimeout(check, 50);
        };
        check();
      }),
  };
}

async function task(id: number) {
  return (await db.database.pool.query('select * from user_tasks where id = $1', [id])).rows[0];
}

async function until<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs: number,
  output: () => string,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; worker said:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a user task whose worker is killed mid-task is retried by a restarted worker and completes', async () => {
  const d = db.database.db;
  const domain = await createDomain(d);
  const account = await createAccount(d, { domainId: domain.id });
  const owner = await createUser(d, {
    role: 'administrator',
    domainId: domain.id,
    accountId: account.id,
    firstName: 'Crash',
    lastName: 'Owner',
  });
  const row = await insertUserTask(d, {
    userId: owner.id,
    accountId: account.id,
    type: 'create-user-activity-report',
    payload: { account_id: account.id },
  });

  // first worker: enqueues the job, claims the task, hangs; then dies without any chance to clean up
  const first = startWorker({ SEND_TASK_ID: String(row.id), BLOCK: '1' });
  await first.waitFor('claimed');
  expect(await task(row.id)).toMatchObject({ status: 'processing', attempts: 1 });
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  expect((await task(row.id)).status).toBe('processing');

  // restart: a new worker process, nothing told about the old one
  const second = startWorker({});
  const done = await until(
    'the task to complete',
    async () => {
      const r = await task(row.id);
      return r.status === 'completed' || r.status === 'error' ? r : undefined;
    },
    17_000,
    () => `first:\n${first.output()}\nsecond:\n${second.output()}`,
  );
  expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null });
  const csv = await readFile(path.join(dataDir, 'task-results', done.result_file), 'utf8');
  expect(csv).toContain(`${owner.id},administrator,Crash,Owner,`);
  // pg-boss saw exactly one failure (the expiry of the killed attempt) before the success
  // pg-boss records the job's completion just after the handler has written the task's, so wait for it to settle
  const job = await until(
    'the job to settle',
    async () => {
      const r = await db.database.pool.query(
        `select state, retry_count from pgboss.job where name = 'user-tasks.run' and data->>'task_id' = $1
         union all select state, retry_count from pgboss.archive where name = 'user-tasks.run' and data->>'task_id' = $1`,
        [String(row.id)],
      );
      return r.rows.some((j: { state: string }) => j.state === 'active') ? undefined : r;
    },
    5_000,
    () => `second:\n${second.output()}`,
  );
  expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]);
  second.child.kill('SIGTERM');
}, 30_000);
