import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// The README's first command, as a user runs it: the server on its embedded database, seeded once, data kept.
const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function runServer(env: Record<string, string>, until: (out: string) => boolean, timeoutMs = 60_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', SERVE_UI: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + timeoutMs;
  while (!until(out) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  return { out: () => out, child, exited };
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe.skipIf(process.env.AULA_TEST_DB === 'postgres')('npm start on the embedded database', () => {
  it('migrates and seeds on first start, prints each role, keeps the data on the second start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aula-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), REALTIME_PORT: String(await freePort()) };

    const first = await runServer(env, (o) => o.includes('Aula API on'));
    const signIn = () =>
      fetch(`http://127.0.0.1:${port}/dashboard/auth/form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'teacher@demo.aula.test', password: 'Aula-demo-2026!' }),
      });
    expect(first.out()).toContain('Aula demo district seeded');
    // each role as the dashboard names it (README.md's "Demo sign-ins" table)
    for (const role of [
      'Super Administrator',
      'Domain Administrator',
      'District Administrator',
      'School Administrator',
      'Teacher',
      'Custom role District Reporter',
      'Student',
    ]) {
      expect(first.out()).toContain(`  ${role} `);
    }
    expect((await signIn()).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await runServer(env, (o) => o.includes('Aula API on'));
    expect(second.out()).not.toContain('Aula demo district seeded');
    expect((await signIn()).status).toBe(200);
    const docs = await fetch(`http://127.0.0.1:${port}/docs/json`);
    expect(docs.status).toBe(200);
    expect(Object.keys(((await docs.json()) as { paths: object }).paths)).toContain('/dashboard/auth/form');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses to start on bad configuration, naming the variable', async () => {
    const run = await runServer({ PORT: 'eighty' }, () => false, 20_000);
    expect(await run.exited).toBe(1);
    expect(run.out()).toContain('PORT: must be a port number');
  });
});

describe('NODE_ENV=production', () => {
  it('refuses to start without its settings, with one line naming each, before touching any database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aula-prod-'));
    dirs.push(dataDir);
    const run = await runServer(
      { NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_API_URL: 'https://api.school.example' },
      () => false,
      20_000,
    );
    expect(await run.exited).toBe(1);
    expect(run.out().trim().split('\n')).toEqual([
      'Invalid configuration: NODE_ENV=production needs TOKEN_SECRET, SECRETS_KEY, DATABASE_URL, PUBLIC_DASHBOARD_URL, PUBLIC_STUDENT_URL (see the Configuration table in README.md)',
    ]);
    expect(run.out()).not.toContain('Aula-demo-2026!');
    expect(await readdir(dataDir)).toEqual([]);
  });
});

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'a-production-token-secret-of-forty-chars!',
  SECRETS_KEY: 'cd'.repeat(32),
  PUBLIC_API_URL: 'https://api.school.example',
  PUBLIC_DASHBOARD_URL: 'https://dashboard.school.example',
  PUBLIC_STUDENT_URL: 'https://student.school.example',
};

// production runs on PostgreSQL only, so this runs in the api-postgres project
describe.skipIf(process.env.AULA_TEST_DB !== 'postgres')('NODE_ENV=production on PostgreSQL', () => {
  it('seeds no demo district unless SEED_DEMO=true, and then prints no password', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `aula_prod_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const port = await freePort();
      const env = { ...PRODUCTION_ENV, DATABASE_URL: url.toString(), PORT: String(port) };
      const users = async () => {
        const c = new pg.Client({ connectionString: url.toString() });
        await c.connect();
        const n = (await c.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
        await c.end();
        return n;
      };

      const plain = await runServer({ ...env, REALTIME_PORT: String(await freePort()) }, (o) =>
        o.includes('Aula API on'),
      );
      expect(plain.out()).toContain('Aula API on');
      expect(plain.out()).not.toContain('seeded');
      expect(await users()).toBe(0);
      plain.child.kill('SIGTERM');
      expect(await plain.exited).toBe(0);

      const seeded = await runServer({ ...env, SEED_DEMO: 'true', REALTIME_PORT: String(await freePort()) }, (o) =>
        o.includes('Aula API on'),
      );
      expect(seeded.out()).toContain('Aula demo district seeded (SEED_DEMO=true)');
      expect(seeded.out()).toContain('teacher@demo.aula.test');
      expect(seeded.out()).not.toContain('Aula-demo-2026!');
      expect(await users()).toBeGreaterThan(0);
      seeded.child.kill('SIGTERM');
      expect(await seeded.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
