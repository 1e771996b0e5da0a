import type { FastifyInstance } from 'fastify';

// A clean stop on SIGTERM or SIGINT (issue 14; docs/operations.md, "Shutdown"): within SHUTDOWN_DEADLINE_MS the
// process stops accepting connections, lets the requests in flight finish (cutting what is left after DRAIN_MS),
// closes the real-time sockets, stops the job worker (a job still running after JOBS_STOP_MS is failed, and pg-boss
// retries it later on whichever worker runs next), then closes the database. Past the deadline it exits 1 anyway.

export const SHUTDOWN_DEADLINE_MS = 5_000;
export const DRAIN_MS = 3_000;
export const JOBS_STOP_MS = 3_000;

export interface Stoppable {
  /** the API and the two UI servers */
  http: readonly FastifyInstance[];
  realtime: { close(): Promise<void> };
  jobs: { stop(timeoutMs?: number): Promise<void> };
  database: { close(): Promise<void> };
  embedded: { stop(): Promise<void> } | null;
}

/**
 * Closes the HTTP servers: no new connection, idle keep-alive ones closed, and each busy one closed as soon as its
 * request is answered (Node closes only the connections idle when close() is called, so this repeats it); whatever
 * is still busy after `drainMs` is cut.
 */
async function drain(servers: readonly FastifyInstance[], drainMs: number): Promise<void> {
  const idle = setInterval(() => {
    for (const s of servers) s.server.closeIdleConnections();
  }, 50);
  const cut = setTimeout(() => {
    for (const s of servers) s.server.closeAllConnections();
  }, drainMs);
  try {
    await Promise.all(servers.map((s) => s.close()));
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

export async function stopAll(parts: Stoppable, opts = { drainMs: DRAIN_MS, jobsMs: JOBS_STOP_MS }): Promise<void> {
  await Promise.all([drain(parts.http, opts.drainMs), parts.realtime.close(), parts.jobs.stop(opts.jobsMs)]);
  await parts.database.close();
  await parts.embedded?.stop();
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits 0 when it is done, 1 when it fails or passes the deadline.
 * A second signal while stopping exits 1 at once (Ctrl-C twice).
 */
export function exitOnSignal(
  stop: () => Promise<void>,
  log: { info(line: string): void; warn(line: string): void },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without finishing the shutdown`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: shutting down (requests in flight finish, at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`);
    // not unref'd: a step that hangs with nothing else pending still ends in exit 1, not a silent exit 0
    setTimeout(() => {
      log.warn(`shutdown passed ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.warn(`shutdown failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
