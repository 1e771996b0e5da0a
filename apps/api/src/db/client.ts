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

/**
 * How the hot queries (executeHot) may be prepared: 'per-connection' for a server that keeps prepared statements per
 * connection (PostgreSQL); 'shared-backend' for the embedded PGlite, whose one backend is shared by every socket
 * connection, so each pool client prepares under a name of its own (two clients preparing the same name would clash).
 */
export type NamedStatements = 'per-connection' | 'shared-backend';

const namedStatementPools = new WeakMap<object, { pool: pg.Pool; mode: NamedStatements }>();
const dialect = new PgDialect();

export function createDatabase(
  url: string,
  poolSize: number,
  opts: { namedStatements?: boolean | NamedStatements } = {},
): Database {
  const mode = opts.namedStatements === true ? 'per-connection' : opts.namedStatements || null;
  // a client's statements stay in a shared backend after it closes, so there the pool keeps its clients
  const idleTimeoutMillis = mode === 'shared-backend' ? 0 : 30_000;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis });
  // a dropped idle client must not crash the process; the pool replaces it
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  if (mode) namedStatementPools.set(db, { pool, mode });
  return { db, pool, url, close: () => pool.end() };
}

/** Each pool client of a shared backend, numbered once: its statement names end with the number. */
const clientNumbers = new WeakMap<pg.PoolClient, number>();
let nextClientNumber = 1;

/**
 * Runs one of the hottest queries as a named prepared statement, so the database parses and plans it once per
 * connection instead of on every call (bench/api-load: GET /dashboard/my; on PGlite a prepared my-info query runs in
 * about a third of the time: docs/performance.md). Inside a transaction it runs as an ordinary query.
 */
export async function executeHot<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  if (!namedStatementPools.has(db)) {
    const res = await db.execute(query);
    return res.rows as T[];
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  return executeStatement<T>(db, name, text, params);
}

/**
 * A hot statement whose SQL text is a constant ($1, $2... for its values): nothing is built per call (Drizzle's
 * builders cost about a sixth of the API's CPU on the exam-start path, docs/performance.md), and where the database
 * keeps prepared statements it is prepared once per connection under `name`. Inside a transaction (or on a handle
 * made without named statements) it runs unnamed on that handle's connection.
 */
export async function executeStatement<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const named = namedStatementPools.get(db);
  if (!named) {
    const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
    const res = await client.query<T & pg.QueryResultRow>({ text, values });
    return res.rows;
  }
  if (named.mode === 'per-connection') {
    const res = await named.pool.query<T & pg.QueryResultRow>({ name, text, values });
    return res.rows;
  }
  const client = await named.pool.connect();
  try {
    let n = clientNumbers.get(client);
    if (n === undefined) clientNumbers.set(client, (n = nextClientNumber++));
    const res = await client.query<T & pg.QueryResultRow>({ name: `${name}_${n}`, text, values });
    return res.rows;
  } finally {
    client.release();
  }
}

const preparedQueries = new WeakMap<object, Map<string, unknown>>();

/**
 * A Drizzle query built once per database handle with `sql.placeholder()`s and kept (`.prepare()`): each call only
 * fills the values and maps the rows. Named (prepared once per connection) where the database keeps prepared
 * statements per connection; unnamed elsewhere (the embedded database's shared backend, a transaction).
 */
export function preparedQuery<Q>(db: DbOrTx, name: string, make: (db: Db, name: string) => Q): Q {
  let byName = preparedQueries.get(db);
  if (!byName) preparedQueries.set(db, (byName = new Map<string, unknown>()));
  let q = byName.get(name) as Q | undefined;
  if (q === undefined) {
    const named = namedStatementPools.get(db)?.mode === 'per-connection';
    // Drizzle's node-postgres driver sends an undefined name as an unnamed statement
    q = make(db, named ? name : (undefined as unknown as string));
    byName.set(name, q);
  }
  return q;
}
