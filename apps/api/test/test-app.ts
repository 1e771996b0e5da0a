import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import type { EventBus, JobQueue } from '../src/lib/deps';
import { startRealtime, type Realtime } from '../src/plugins/realtime';
import { PG_TEMPLATE_DB, TEMPLATE_DUMP } from './paths';

export interface TestDatabase {
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file: PGlite in process, or a copy of the PostgreSQL template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.AULA_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `aula_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const database = createDatabase(u.toString(), 5, { namedStatements: true });
    return {
      url: u.toString(),
      database,
      async close() {
        await database.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = await readFile(TEMPLATE_DUMP);
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase({ loadFrom: new Blob([dump]), maxConnections: 16 });
  const database = createDatabase(embedded.url, 5, { namedStatements: 'shared-backend' });
  return {
    url: embedded.url,
    database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}

/** Records published events so tests can assert on them. */
export class RecordingEvents implements EventBus {
  readonly published: { channel: string; event: string; payload: unknown }[] = [];
  /** also deliver to a real Socket.IO server (buildTestApp({ realtime: true })) */
  forwardTo: EventBus | null = null;
  publish(channel: string, event: string, payload: unknown) {
    this.published.push({ channel, event, payload });
    this.forwardTo?.publish(channel, event, payload);
  }
  connectionCount(): number {
    return this.forwardTo?.connectionCount?.() ?? 0;
  }
}

/** Records enqueued jobs; tests that need real job execution use the jobs plugin instead. */
export class RecordingJobs implements JobQueue {
  readonly sent: { name: string; payload: object; startAfter?: Date | undefined }[] = [];
  readonly cancelled: { name: string; id: string }[] = [];
  send(name: string, payload: object, opts: { startAfter?: Date } = {}) {
    this.sent.push({ name, payload, startAfter: opts.startAfter });
    return Promise.resolve(String(this.sent.length));
  }
  cancel(name: string, id: string) {
    this.cancelled.push({ name, id });
    return Promise.resolve();
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  events: RecordingEvents;
  jobs: RecordingJobs;
  /** the listening Socket.IO server, with buildTestApp({ realtime: true }) */
  realtime: Realtime | null;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    SEED_DEMO: 'false',
    // off by default so tests that change rows directly see the change; the auth tests turn it on
    SESSION_CACHE_SECONDS: '0',
    // no load shedding on a busy test machine (the in-process PGlite blocks the loop); ops.test.ts turns it on
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
}

export async function buildTestApp(
  opts: {
    env?: Record<string, string>;
    realtime?: boolean;
    logStream?: NodeJS.WritableStream;
    pressure?: AppOptions['pressure'];
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig(opts.env);
  const events = new RecordingEvents();
  const jobs = new RecordingJobs();
  // TEST_LOG=error shows the server's own log (e.g. the cause of a 500) while debugging a test
  const app = await buildApp({
    config: process.env.TEST_LOG ? { ...config, LOG_LEVEL: process.env.TEST_LOG as Config['LOG_LEVEL'] } : config,
    database: db.database,
    events,
    jobs,
    logger: opts.logStream ?? !!process.env.TEST_LOG,
    ...(opts.pressure ? { pressure: opts.pressure } : {}),
  });
  await app.ready();
  const realtime = opts.realtime
    ? await startRealtime({ config, deps: () => app.deps, pool: null, listen: true, port: 0 })
    : null;
  events.forwardTo = realtime;
  return {
    app,
    db,
    config,
    events,
    jobs,
    realtime,
    async close() {
      await realtime?.close();
      await app.close();
      await db.close();
    },
  };
}

/** app.inject with a bearer token and JSON body. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  return app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
}
