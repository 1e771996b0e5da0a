import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-credentials';

// The README's command as a process manager runs it (issue 14 items 7 to 9): `npm start`, with the ports set in the
// environment, signalled directly with SIGTERM while a request is in flight; then a second start, which must skip
// the build. On a fresh clone the first start builds the two apps (about a minute).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOST = '127.0.0.1';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, HOST, () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** true when nothing listens on the port any more (it can be bound again). */
async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, HOST, () => srv.close(() => resolve(true)));
  });
}

interface Started {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; at: number }>;
  /** ms from the spawn until GET /health answered 200 */
  readyAfterMs: number;
}

async function npmStart(env: Record<string, string>, apiPort: number, timeoutMs: number): Promise<Started> {
  // the server decides NODE_ENV as it does for a user; vitest's 'test' must not leak in
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const t0 = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((r) =>
    child.once('exit', (code) => r({ code, at: Date.now() })),
  );
  const deadline = t0 + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`http://${HOST}:${apiPort}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && out.includes('Aula API on')) return { child, out: () => out, exited, readyAfterMs: Date.now() - t0 };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`npm start did not answer /health within ${timeoutMs} ms:\n${out}`);
}

/** A sign-in whose body is sent in two parts: the request is in flight until `finish()`. */
function slowSignIn(port: number) {
  const body = JSON.stringify({ login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD });
  const req = http.request({
    host: HOST,
    port,
    method: 'POST',
    path: '/dashboard/auth/form',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 12));
  return { finish: () => req.end(body.slice(12)), response };
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe.skipIf(process.env.AULA_TEST_DB === 'postgres')('npm start', () => {
  it('prints the ports it was given, stops within 5 s on SIGTERM after finishing a request, then starts without a build', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aula-npm-start-'));
    dirs.push(dataDir);
    const [api, dashboard, student, realtime, database] = (await Promise.all(
      [1, 2, 3, 4, 5].map(() => freePort()),
    )) as [number, number, number, number, number];
    const env = {
      DATA_DIR: dataDir,
      HOST,
      PORT: String(api),
      DASHBOARD_PORT: String(dashboard),
      STUDENT_PORT: String(student),
      REALTIME_PORT: String(realtime),
      EMBEDDED_DB_PORT: String(database),
    };

    // first start: builds what is stale (everything on a fresh clone), seeds, prints the real addresses
    const first = await npmStart(env, api, 300_000);
    children.push(first.child);
    const out = first.out();
    expect(out).toMatch(/^(Build skipped: dashboard and student built .*|Building .*)$/m);
    for (const app of ['dashboard', 'student'])
      expect(existsSync(path.join(ROOT, `apps/${app}/dist/index.html`))).toBe(true);
    expect(out).toContain(`Aula API on http://localhost:${api} (OpenAPI at /docs)`);
    expect(out).toContain(`  dashboard: http://localhost:${dashboard}\n`);
    expect(out).toContain(`  student:   http://localhost:${student}\n`);
    expect(out).not.toContain('localhost:3001');
    expect(out).toMatch(/^ {2}Teacher +teacher@demo\.aula\.test/m);
    expect((await fetch(`http://${HOST}:${dashboard}/sign-in`)).status).toBe(200);
    const about = (await (await fetch(`http://${HOST}:${api}/`)).json()) as { links: Record<string, string> };
    expect(about.links).toMatchObject({
      dashboard: `http://localhost:${dashboard}`,
      student: `http://localhost:${student}`,
    });

    // a live real-time socket, and a client holding a connection open without sending anything
    const token = (
      (await (
        await fetch(`http://${HOST}:${api}/dashboard/auth/form`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: DEMO_USERS.teacher.email, password: DEMO_PASSWORD }),
        })
      ).json()) as { data: { token: string } }
    ).data.token;
    const socket: Socket = connect(`http://${HOST}:${realtime}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const idle = net.connect(api, HOST);
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));

    // a request in flight when the signal arrives gets its answer; new connections are refused at once
    const inFlight = slowSignIn(api);
    await new Promise((r) => setTimeout(r, 500));
    const signalledAt = Date.now();
    expect(first.child.kill('SIGTERM')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await fetch(`http://${HOST}:${api}/health/live`)
        .then(() => 'answered')
        .catch(() => 'refused'),
    ).toBe('refused');
    inFlight.finish();
    const signIn = await inFlight.response;
    expect(signIn.status).toBe(200);
    expect(JSON.parse(signIn.body)).toMatchObject({ data: { token: expect.any(String) } });

    const { code, at } = await first.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(5_000);
    expect(await socketClosed).toMatch(/^(io server disconnect|transport close)$/);
    await idleClosed;
    for (const port of [api, dashboard, student, realtime, database]) expect(await portIsFree(port)).toBe(true);

    // second start: the apps are newer than their sources, so no build; the data is kept
    const second = await npmStart(env, api, 60_000);
    children.push(second.child);
    expect(second.out()).toMatch(
      /^Build skipped: dashboard and student built .*, no source changed since \(npm start -- --build or AULA_BUILD=1 rebuilds\)$/m,
    );
    expect(second.out()).not.toContain('Aula demo district seeded');
    // the server's own start without a build (which takes a minute or more): about 3 s of CPU, a few seconds on an idle
    // machine; the bound only tolerates a machine shared with other work
    expect(second.readyAfterMs).toBeLessThan(45_000);
    console.log(`second npm start answered /health after ${second.readyAfterMs} ms`);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 420_000);
});
