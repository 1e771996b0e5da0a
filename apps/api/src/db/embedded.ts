import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  db: PGlite;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres in WASM) on disk, served on a loopback socket so the app, pg-boss and the tests use the
 * ordinary `pg` driver against it. PGlite is one backend: the socket multiplexes connections and runs one
 * transaction at a time (DESIGN.md 5).
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
  const db = await PGlite.create(dataDir ? { dataDir } : opts.loadFrom ? { loadDataDir: opts.loadFrom } : {});
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: opts.port ?? 0,
    maxConnections: opts.maxConnections ?? 64,
  });
  await server.start();
  const conn = server.getServerConn();
  return {
    url: `postgres://postgres:postgres@${conn}/postgres?sslmode=disable`,
    db,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
