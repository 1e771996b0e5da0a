import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOEmbedProvider } from './oembed-provider';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The key the platform encrypts stored credentials with; journeys that write them (single sign-on) use it too. */
export const E2E_SECRETS_KEY = 'e2'.repeat(32);

export interface PlatformUrls {
  apiUrl: string;
  dashboardUrl: string;
  studentUrl: string;
  /** The embedded database's loopback address, for tests that read what the platform wrote (the email outbox). */
  databaseUrl: string;
}

export interface Platform extends PlatformUrls {
  stop(): Promise<void>;
  /** Kills the server process at once (SIGKILL: no shutdown, requests in flight are cut), as a crash would. */
  crash(): Promise<void>;
  /** Starts the server again on the same ports and data directory; resolves once it answers again. */
  restart(): Promise<void>;
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
  const env = {
    ...inherited,
    DATA_DIR: dataDir,
    HOST,
    PORT: String(port),
    DASHBOARD_PORT: String(dashboardPort),
    STUDENT_PORT: String(studentPort),
    REALTIME_PORT: String(realtimePort),
    EMBEDDED_DB_PORT: String(databasePort),
    PUBLIC_API_URL: urls.apiUrl,
    PUBLIC_DASHBOARD_URL: urls.dashboardUrl,
    PUBLIC_STUDENT_URL: urls.studentUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // journeys sign the same demo users in many times a minute; the limit itself is covered by the API tests
    AUTH_RATE_LIMIT_MAX: '1000',
    // two platforms, two Chromiums and the embedded database (on the API's event loop) share two cores: a busy
    // moment past the 1 s event-loop delay would shed a journey's request with 503 and a 5 s Retry-After, which the
    // apps retry up to three times, longer than a journey waits. Shedding is covered by the API's pressure tests.
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    SECRETS_KEY: E2E_SECRETS_KEY,
    // YouTube and Vimeo lookups go to a local provider, never the internet
    OEMBED_YOUTUBE_URL: `${oembed.url}/youtube`,
    OEMBED_VIMEO_URL: `${oembed.url}/vimeo`,
    // the builder journey's hosted video streams from this host: a district lists its video hosts the same way
    // (ADR 0007); its requests fail offline, which the player shows as an unavailable video
    CSP_CONNECT_SOURCES: 'https://cdn.example.org',
  };

  // kept for the error message when the server does not come up or dies during the run
  let output = '';
  let stopping = false;
  let child!: ChildProcess;
  let exit!: Promise<number | null>;
  const spawnServer = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const own = child;
    exit = exited(own);
    void exit.then((code) => {
      if (!stopping && own === child) console.error(`platform exited early (code ${code}):\n${output}`);
    });
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    stopping = true;
    await kill('SIGTERM');
    await oembed.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  const waitReady = async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(`the platform exited before it was ready:\n${output}`);
      }
      const ready = await Promise.all([`${urls.apiUrl}/health`, urls.dashboardUrl, urls.studentUrl].map(isUp));
      if (ready.every(Boolean)) return;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the platform was not ready within ${START_TIMEOUT_MS / 1000}s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const crash = async () => {
    stopping = true;
    await kill('SIGKILL');
  };
  const restart = async () => {
    stopping = false;
    spawnServer();
    await waitReady();
  };

  spawnServer();
  await waitReady();
  return { ...urls, stop, crash, restart };
}
