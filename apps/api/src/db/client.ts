import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the root handle or a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// Postgres bigint/count(*) arrive as strings by default; every count we return fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

// Databases whose server keeps prepared statements per connection (PostgreSQL). Not the embedded PGlite: its one
// backend is shared by every socket connection, so two connections would prepare the same name.
const namedStatementPools = new WeakMap<object, pg.Pool>();
const dialect = new PgDialect();

export function createDatabase(url: string, poolSize: number, opts: { namedStatements?: boolean } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // a dropped idle client must not crash the process; the pool replaces it
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  if (opts.namedStatements) namedStatementPools.set(db, pool);
  return { db, pool, url, close: () => pool.end() };
}

/**
 * Runs one of the hottest queries as a named prepared statement where the database allows it, so PostgreSQL parses
 * and plans it once per connection instead of on every call (bench/api-load: GET /dashboard/my). Elsewhere, and
 * inside a transaction, it runs as an ordinary query.
 */
export async function executeHot<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const pool = namedStatementPools.get(db);
  if (pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const res = await pool.query<T & pg.QueryResultRow>({ name, text, values: params });
    return res.rows;
  }
  const res = await db.execute(query);
  return res.rows as T[];
}
