import path from 'node:path';
import { loadConfig, ConfigError, type Config } from './config';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import type { EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-credentials';
import { JobRunner } from './plugins/jobs';
import { startRealtime } from './plugins/realtime';
import { JOB_DEFINITIONS } from './modules/jobs';
import type { Deps } from './lib/deps';

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

function printCredentials(config: Config, dashboardUp: boolean, studentUp: boolean) {
  const dash = config.PUBLIC_DASHBOARD_URL;
  // a production log is read by more people than the operator: it never holds a password
  const password =
    config.NODE_ENV === 'production'
      ? 'Aula demo district seeded (SEED_DEMO=true); its password is in the README, change it at once. Users:'
      : 'Aula demo district seeded. Sign in with password ' + DEMO_PASSWORD + ':';
  const lines = [
    '',
    password,
    ...Object.values(DEMO_USERS).map(
      (u) => `  ${u.role.padEnd(22)} ${'username' in u ? `${u.username} (or ${u.email})` : u.email}`,
    ),
    '',
    `  dashboard: ${dashboardUp ? dash : '(not built: run npm run build)'}`,
    `  student:   ${studentUp ? config.PUBLIC_STUDENT_URL : '(not built: run npm run build)'}`,
    '',
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const config = readConfig();
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
  let apiPort = config.PORT;
  if (services.has('web')) {
    await app.listen({ port: config.PORT, host: config.HOST });
    const addr = app.server.address();
    apiPort = typeof addr === 'object' && addr ? addr.port : config.PORT;
  } else {
    await app.ready();
  }
  const startUiServer = services.has('web') && config.SERVE_UI ? (await import('./plugins/ui')).startUiServer : null;
  const uis = startUiServer
    ? await Promise.all([
        startUiServer('dashboard', config.DASHBOARD_PORT, config, apiPort, realtime.port),
        startUiServer('student', config.STUDENT_PORT, config, apiPort, realtime.port),
      ])
    : [null, null];
  console.log(
    `Aula API on http://${config.HOST}:${apiPort} (OpenAPI at /docs), services: ${[...services].join(', ')}${realtime.port ? `, realtime on ${realtime.port}` : ''}`,
  );
  if (seeded) printCredentials(config, !!uis[0], !!uis[1]);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    for (const ui of uis) if (ui) await ui.close();
    await app.close();
    await realtime.close();
    await jobs.stop();
    await database.close();
    await embedded?.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
