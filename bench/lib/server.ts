import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The built dashboard, when started with `ui` (else undefined). */
  dashboardUrl?: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the platform as `npm start` does (API + realtime + worker), on PostgreSQL or a fresh embedded database.
 * With `ui` it also serves the built apps (run `npm run build` first), as `npm start` does.
 */
export async function startServer(opts: {
  databaseUrl?: string;
  env?: Record<string, string>;
  ui?: boolean;
  /** extra node flags for the server process (e.g. --cpu-prof to profile it) */
  nodeArgs?: readonly string[];
  /** pin the server process (all its threads) to these CPUs with `taskset -c` (e.g. '0') */
  cpus?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const ui: Record<string, string> = {};
  let dashboardUrl: string | undefined;
  if (opts.ui) {
    const [dashboardPort, studentPort] = [await freePort(), await freePort()];
    dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
    Object.assign(ui, {
      SERVE_UI: 'true',
      HOST: '127.0.0.1',
      DASHBOARD_PORT: String(dashboardPort),
      STUDENT_PORT: String(studentPort),
      PUBLIC_DASHBOARD_URL: dashboardUrl,
      PUBLIC_STUDENT_URL: `http://127.0.0.1:${studentPort}`,
    });
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    REALTIME_PORT: String(await freePort()),
    SERVE_UI: 'false',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // production needs PostgreSQL (issue 13): the embedded runs are development, which changes nothing measured
    NODE_ENV: opts.databaseUrl ? 'production' : 'development',
    // what production refuses to start without; fixed values are fine for a throwaway bench server
    TOKEN_SECRET: 'bench-token-secret-bench-token-secret-0123',
    SECRETS_KEY: '0'.repeat(64),
    PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    PUBLIC_DASHBOARD_URL: 'http://127.0.0.1:3001',
    PUBLIC_STUDENT_URL: 'http://127.0.0.1:3002',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...ui,
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'aula-bench-'));
  const nodeArgv = [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/server.ts'];
  // taskset execs node, so the child's pid is the server's
  const [cmd, argv] = opts.cpus
    ? ['taskset', ['-c', opts.cpus, process.execPath, ...nodeArgv]]
    : [process.execPath, nodeArgv];
  const child = spawn(cmd, argv, {
    // BENCH_API_ROOT runs the API of another checkout (e.g. the commit before a change) for a before/after comparison
    cwd: process.env.BENCH_API_ROOT ?? ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok && (!dashboardUrl || (await fetch(dashboardUrl)).ok)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    ...(dashboardUrl ? { dashboardUrl } : {}),
    pid: child.pid!,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU seconds (user + system) a process has used so far (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's resident memory every `everyMs` until stopped; reports the peak. */
export function watchRss(pid: number, everyMs = 200): { peak(): number; stop(): number } {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process has exited
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Pins this process (every thread) to the given CPUs; false when taskset is missing or refused. */
export function pinSelf(cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-cp', cpus, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins a local PostgreSQL (every `postgres` process: the postmaster, whose new backends inherit it, and the running
 * ones) to the given CPUs, so that it does not run on the API's core; answers a restore (back to every CPU), or null
 * when there is no such process or taskset is missing or refused (PostgreSQL elsewhere: nothing to do).
 */
export function pinLocalPostgres(cpus: string): (() => void) | null {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean);
  } catch {
    return null;
  }
  const pin = (set: string) => {
    for (const pid of pids) execFileSync('taskset', ['-a', '-cp', set, pid], { stdio: 'ignore' });
  };
  try {
    pin(cpus);
  } catch {
    return null;
  }
  return () => {
    try {
      pin(`0-${os.cpus().length - 1}`);
    } catch {
      // a backend that has ended meanwhile
    }
  };
}

/** The 1, 5 and 15 minute load averages, for the report. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function signIn(
  url: string,
  login: string,
  password: string,
  app: 'dashboard' | 'student' = 'dashboard',
): Promise<string> {
  // A busy API sheds load with 503 + Retry-After (plugins/pressure.ts): wait as told and try again, as the apps do.
  let res: Response;
  for (let attempt = 1; ; attempt += 1) {
    res = await fetch(`${url}/${app}/auth/form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    if (res.status !== 503 || attempt === 5) break;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(res.headers.get('retry-after') ?? 1)));
  }
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * What the API's resident memory is made of, for the report: the kernel's anonymous / file-backed split
 * (/proc/<pid>/status) and V8's own figures from the API's /metrics (prom-client's default metrics).
 */
export async function memoryBreakdown(url: string, pid: number): Promise<string> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const parts = [`anonymous ${mb(kb('RssAnon') * 1024)} MB`, `file-backed ${mb(kb('RssFile') * 1024)} MB`];
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const metric = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    parts.push(
      `V8 heap used ${mb(metric('nodejs_heap_size_used_bytes'))} of ${mb(metric('nodejs_heap_size_total_bytes'))} MB`,
      `external ${mb(metric('nodejs_external_memory_bytes'))} MB`,
    );
  } catch {
    parts.push('(no /metrics)');
  }
  return parts.join(', ');
}
