import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { BatchQueue } from './pglite-queue';

const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers = 16MB',
  'wal_buffers = 1MB',
  'temp_buffers = 4MB',
  'maintenance_work_mem = 16MB',
];

export interface EmbeddedDatabase {
  url: string;
  db: PGlite;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres in WASM) on disk, served on a loopback socket so the app, pg-boss and the tests use the
 * ordinary `pg` driver against it. PGlite is one backend: connections take turns per batch and a transaction
 * holds it until it ends (DESIGN.md 5). pglite-socket's handler speaks the protocol; our BatchQueue schedules.
 * `dataDir` undefined keeps the database in memory (tests); `loadFrom` starts from a dumped data dir.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
  loadFrom?: Blob;
}): Promise<EmbeddedDatabase> {
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : opts.loadFrom ? { loadDataDir: opts.loadFrom } : {}),
    // PGlite's defaults (128 MB of shared buffers) cost ~100 MB of resident memory that one embedded node never uses
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
  });
  const queue = new BatchQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server = net.createServer((socket) => {
    const handler = new PGLiteSocketHandler({
      // same contract as the package's own queue (enqueue, clearQueueForHandler, clearTransactionIfNeeded)
      queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    handler.attach(socket).catch(() => {
      handlers.delete(handler);
      socket.destroy();
    });
  });
  server.maxConnections = opts.maxConnections ?? 64;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    db,
    async stop() {
      await Promise.all([...handlers].map((h) => h.detach(true).catch(() => undefined)));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
