import pg from 'pg';

// What the PostgreSQL benches share: the server their scratch databases live on, an admin connection to it, and
// the percentile of a sorted list of times.

/** The PostgreSQL server a bench creates its scratch database on (trust auth by default). */
export const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One admin connection to BASE for the duration of `fn` (create and drop the scratch database). */
export async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The p-th percentile of an ascending list (0 for an empty one). */
export const pct = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
