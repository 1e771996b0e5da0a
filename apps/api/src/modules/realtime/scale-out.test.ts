import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo-credentials';

// DESIGN.md 5: several API processes share one PostgreSQL; the Socket.IO postgres adapter fans events out across
// them and pg-boss spreads jobs. Two real server.ts processes: A serves web + realtime and only sends jobs; B serves
// web + realtime + worker. A socket on B hears what A publishes, a job sent on A runs on B's worker, and what B's
// worker publishes reaches a socket on A. Signing out on A disconnects the session's socket on B and ends the
// session in B's session cache.

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../../..');
const onPostgres = process.env.AULA_TEST_DB === 'postgres';

interface Node {
  child: ChildProcess;
  api: string;
  realtime: string;
  output: () => string;
}

let db: TestDatabase | null = null;
let dataDir: string | null = null;
const nodes: Node[] = [];
const sockets: Socket[] = [];

function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: db!.url,
      DATA_DIR: dataDir!,
      PORT: '0',
      REALTIME_PORT: '0',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = /Aula API on (http:\/\/[^ ]+) .*realtime on (\d+)/.exec(out);
      if (m) {
        const node = { child, api: m[1]!, realtime: `http://127.0.0.1:${m[2]}`, output: () => out };
        nodes.push(node);
        return resolve(node);
      }
      if (child.exitCode !== null) return reject(new Error(`server exited:\n${out}`));
      setTimeout(check, 50);
    };
    check();
  });
}

async function http(node: Node, method: string, url: string, token?: string, body?: object) {
  const res = await fetch(node.api + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function socketOn(node: Node, token: string): Promise<Socket> {
  const s = connect(node.realtime, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

function next<T>(s: Socket, event: string, match: (p: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${what}; A:\n${nodes[0]?.output()}\nB:\n${nodes[1]?.output()}`)),
      12_000,
    );
    const handler = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(p);
    };
    s.on(event, handler);
  });
}

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve();
          const kill = setTimeout(() => n.child.kill('SIGKILL'), 5000);
          n.child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          n.child.kill('SIGTERM');
        }),
    ),
  );
  await db?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two API processes on one PostgreSQL', () => {
  it.skipIf(!onPostgres)(
    'fan events out across nodes and run jobs sent on one node on the other',
    async () => {
      db = await createTestDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'aula-scale-'));
      const [a, b] = await Promise.all([
        startNode({ SEED_DEMO: 'true', SERVICES: 'web,realtime' }),
        startNode({ SEED_DEMO: 'false', SERVICES: 'web,realtime,worker' }),
      ]);

      const signIn = await http(a, 'POST', '/dashboard/auth/form', undefined, {
        login: DEMO_USERS.districtAdmin.email,
        password: DEMO_PASSWORD,
      });
      expect(signIn.status).toBe(200);
      const token = (JSON.parse(signIn.text) as { data: { token: string } }).data.token;
      const me = JSON.parse((await http(b, 'GET', '/dashboard/my', token)).text) as {
        data: { user: { id: number; account_id: number } };
      };
      const userId = me.data.user.id;

      const onB = await socketOn(b, token);
      const onA = await socketOn(a, token);
      expect(await onB.timeout(5000).emitWithAck('subscribe', channels.account(me.data.user.account_id))).toMatchObject(
        { ok: true },
      );

      type Task = { id: number; status: string };
      const pendingOnB = next<Task>(
        onB,
        REALTIME_EVENTS.userTaskChanged,
        (p) => p.status === 'pending',
        'pending event on B',
      );
      const completedOnA = next<Task>(
        onA,
        REALTIME_EVENTS.userTaskChanged,
        (p) => p.status === 'completed',
        'completed event on A',
      );
      const notifiedOnA = next<{ type: string }>(
        onA,
        REALTIME_EVENTS.notificationCreated,
        () => true,
        'notification on A',
      );

      // sent on A (which has no worker) ...
      const created = await http(a, 'POST', '/dashboard/user-tasks/create', token, {
        type: 'create-user-activity-report',
      });
      expect(created.status).toBe(200);
      const taskId = (JSON.parse(created.text) as { data: Task }).data.id;
      // ... A's publish reaches the socket held by B
      expect((await pendingOnB).id).toBe(taskId);
      // ... B's worker runs the job, and what it publishes reaches the socket held by A
      expect((await completedOnA).id).toBe(taskId);
      expect((await notifiedOnA).type).toBe('create-user-activity-report');

      // either node serves the result (DATA_DIR is shared storage in a multi-node deployment)
      const file = await http(a, 'GET', `/dashboard/user-tasks/${taskId}/download`, token);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(
        /^attachment; filename="user-activity-report-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(file.text).toContain(
        `${userId},administrator,${DEMO_USERS.districtAdmin.firstName},${DEMO_USERS.districtAdmin.lastName},`,
      );

      // signing out on A ends the session's socket on B (disconnectSockets goes through the adapter)
      const disconnected = new Promise<string>((resolve) => onB.once('disconnect', resolve));
      expect((await http(a, 'POST', '/dashboard/auth/logout', token)).status).toBe(200);
      expect(await disconnected).toBe('io server disconnect');
      // ... and B, which holds the session in its cache (SESSION_CACHE_SECONDS, 30 s by default), refuses the token
      // as soon as A's word arrives, not when its cache entry runs out
      let status = 0;
      for (let i = 0; i < 40 && status !== 401; i++) {
        status = (await http(b, 'GET', '/dashboard/my', token)).status;
        if (status !== 401) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
    },
    45_000,
  );
});
