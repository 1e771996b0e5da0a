import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOEmbedProvider } from './oembed-provider';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface PlatformUrls {
  apiUrl: string;
  dashboardUrl: string;
  studentUrl: string;
  /** The embedded database's loopback address, for tests that read what the platform wrote (the email outbox). */
  databaseUrl: string;
}

export interface Platform extends PlatformUrls {
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const HOST = '127.0.0.1';

/** A port nobody listens on right now; the server binds it a moment later. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function isUp(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the platform as `npm start` does (API, real time, worker and both built apps in one process), but
 * isolated: a fresh data directory, free ports and the demo district. Resolves once the API answers /health and
 * both apps answer their index page.
 */
export async function startPlatform(): Promise<Platform> {
  for (const app of ['dashboard', 'student']) {
    if (!existsSync(path.join(ROOT, 'apps', app, 'dist', 'index.html'))) {
      throw new Error(`apps/${app} is not built; run \`npm run build\` (npm run test:e2e does it first)`);
    }
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-e2e-'));
  const oembed = await startOEmbedProvider(HOST);
  const [port, dashboardPort, studentPort, realtimePort, databasePort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const urls: PlatformUrls = {
    apiUrl: `http://${HOST}:${port}`,
    dashboardUrl: `http://${HOST}:${dashboardPort}`,
    studentUrl: `http://${HOST}:${studentPort}`,
    // the credentials and options of apps/api/src/db/embedded.ts
    databaseUrl: `postgres://postgres:postgres@${HOST}:${databasePort}/postgres?sslmode=disable`,
  };

  // the server decides its own NODE_ENV default, as it does for a user; vitest's 'test' must not leak in
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      HOST,
      PORT: String(port),
      DASHBOARD_PORT: String(dashboardPort),
      STUDENT_PORT: String(studentPort),
      REALTIME_PORT: String(realtimePort),
      EMBEDDED_DB_PORT: String(databasePort),
      DASHBOARD_URL: urls.dashboardUrl,
      STUDENT_URL: urls.studentUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // journeys sign the same demo users in many times a minute; the limit itself is covered by the API tests
      AUTH_RATE_LIMIT_MAX: '1000',
      // YouTube and Vimeo lookups go to a local provider, never the internet
      OEMBED_YOUTUBE_URL: `${oembed.url}/youtube`,
      OEMBED_VIMEO_URL: `${oembed.url}/vimeo`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // kept for the error message when the server does not come up or dies during the run
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exit = exited(child);
  void exit.then((code) => {
    if (!stopping) console.error(`platform exited early (code ${code}):\n${output}`);
  });

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }
    await oembed.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the platform exited before it was ready:\n${output}`);
    }
    const ready = await Promise.all([`${urls.apiUrl}/health`, urls.dashboardUrl, urls.studentUrl].map(isUp));
    if (ready.every(Boolean)) return { ...urls, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the platform was not ready within ${START_TIMEOUT_MS / 1000}s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
