import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type Config } from './config';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import type { EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { JobRunner } from './plugins/jobs';
import { startRealtime } from './plugins/realtime';
import { JOB_DEFINITIONS } from './modules/jobs';
import type { Deps } from './lib/deps';
import { addressLines, signInLines } from './start/banner';
import { exitOnSignal, stopAll } from './start/shutdown';
import { lowerThreadPoolPriority } from './lib/thread-pool-priority';

const LISTEN_BACKLOG = 4096;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** The port a server listens on (the configured one may be 0: any free port); null when it does not listen. */
function boundPort(server: FastifyInstance | null): number | null {
  const addr = server?.server.address();
  return typeof addr === 'object' && addr ? addr.port : null;
}

async function main() {
  const config = readConfig();
  await lowerThreadPoolPriority(config.THREAD_POOL_NICE);
  const services = new Set(config.SERVICES);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    // loaded only when used, like the demo seed and the UI server below: on PostgreSQL without them the process
    // keeps PGlite's code out of its resident memory (docs/performance.md)
    const { startEmbeddedDatabase } = await import('./db/embedded');
    embedded = await startEmbeddedDatabase({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT });
    url = embedded.url;
    console.log(`Embedded database (PGlite) in ${path.resolve(config.DATA_DIR, 'pglite')}`);
  }
  const database = createDatabase(url, config.DB_POOL_SIZE, {
    namedStatements: embedded ? 'shared-backend' : 'per-connection',
  });
  await runMigrations(database);
  const seeded = config.SEED_DEMO ? await (await import('./db/seed/demo')).seedDemo(database.db) : false;

  const jobs = new JobRunner({ url, log: console as never, poolSize: embedded ? 2 : 4 });
  await jobs.start(JOB_DEFINITIONS);
  let deps: Deps | null = null;
  // several API nodes share events through PostgreSQL; the embedded database has one node
  const realtime = await startRealtime({
    config,
    deps: () => deps,
    pool: embedded ? null : database.pool,
    listen: services.has('realtime'),
  });
  const app = await buildApp({ config, database, events: realtime, jobs });
  deps = app.deps;
  if (services.has('worker')) await jobs.work(app.deps);
  // an exam's students connect at once: connections the kernel holds until the API accepts them, rather than refusing
  // them after Node's default of 511 (the kernel caps it at net.core.somaxconn; docs/performance.md)
  if (services.has('web')) await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  else await app.ready();
  const apiPort = boundPort(app) ?? config.PORT;
  const startUiServer = services.has('web') && config.SERVE_UI ? (await import('./plugins/ui')).startUiServer : null;
  const uis = startUiServer
    ? await Promise.all([
        startUiServer('dashboard', config.DASHBOARD_PORT, config, apiPort, realtime.port),
        startUiServer('student', config.STUDENT_PORT, config, apiPort, realtime.port),
      ])
    : [null, null];
  const listening = {
    api: boundPort(app),
    realtime: realtime.port,
    dashboard: boundPort(uis[0]),
    student: boundPort(uis[1]),
  };
  console.log(
    [...addressLines(config, listening, [...services]), ...(seeded ? ['', ...signInLines(config), ''] : [])].join('\n'),
  );

  exitOnSignal(
    () =>
      stopAll({
        http: [app, ...uis.flatMap((ui) => (ui ? [ui] : []))],
        realtime,
        jobs,
        database,
        embedded,
      }),
    { info: (line) => app.log.info(line), warn: (line) => app.log.warn(line) },
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
