import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';

// Many connections, parameterised (extended protocol) queries of different shapes, and transactions, all at once:
// before BatchQueue this failed with 'unnamed prepared statement does not exist' or wrong rows.
let embedded: EmbeddedDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({});
  pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
  await pool.query('create table t (id int primary key, label text not null)');
});
afterAll(async () => {
  await pool.end();
  await embedded.stop();
});

describe('embedded database served to several connections', () => {
  it('keeps every connection’s statements and results its own', async () => {
    const work = Array.from({ length: 400 }, (_, i) => {
      if (i % 4 === 0)
        return pool
          .query('select $1::int as n, $2::text as s', [i, `v${i}`])
          .then((r) => expect(r.rows[0]).toEqual({ n: i, s: `v${i}` }));
      if (i % 4 === 1)
        return pool
          .query('select $1::text || $2::text as s', ['a', String(i)])
          .then((r) => expect(r.rows[0].s).toBe(`a${i}`));
      if (i % 4 === 2)
        return pool
          .query('insert into t (id, label) values ($1, $2) returning id', [i, `row ${i}`])
          .then((r) => expect(r.rows[0].id).toBe(i));
      return (async () => {
        const c = await pool.connect();
        try {
          await c.query('begin');
          await c.query('insert into t (id, label) values ($1, $2)', [i, 'tx']);
          const r = await c.query('select count(*)::int as n from t where id = $1', [i]);
          expect(r.rows[0].n).toBe(1);
          await c.query('commit');
        } finally {
          c.release();
        }
      })();
    });
    await Promise.all(work);
    const { rows } = await pool.query('select count(*)::int as n from t');
    expect(rows[0].n).toBe(200);
  });

  it('goes on after a failing statement and a client that leaves mid-transaction', async () => {
    await expect(pool.query('select * from no_such_table where id = $1', [1])).rejects.toThrow(/no_such_table/);
    const leaver = new pg.Client({ connectionString: embedded.url });
    await leaver.connect();
    await leaver.query('begin');
    await leaver.query('insert into t (id, label) values ($1, $2)', [100_000, 'left behind']);
    await leaver.end();
    const { rows } = await pool.query('select count(*)::int as n from t where id = $1', [100_000]);
    expect(rows[0].n).toBe(0);
  });
});
