// bench/api-load: authenticated GET /dashboard/my against a bare route in the same server, on PostgreSQL and on the
// embedded database. Prints req/s, latency percentiles, the ratio to the bare route and the API's resident memory.
// Figures only; nothing is asserted. BENCH_SECONDS and BENCH_CONNECTIONS override 10 s and 100 connections.
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/seed/demo-credentials';
import { loadAverage, rssMb, signIn, startServer, watchRss } from '../lib/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  target: string;
  route: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const lat = result.latency as unknown as Record<string, number>;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: lat.p50 ?? 0,
    p95: lat.p97_5 !== undefined && lat.p95 === undefined ? lat.p97_5 : (lat.p95 ?? 0),
    p99: lat.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `aula_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function benchTarget(
  target: string,
  databaseUrl?: string,
): Promise<{ rows: Row[]; idle: number; peak: number; after: number }> {
  const server = await startServer(databaseUrl ? { databaseUrl } : {});
  try {
    const token = await signIn(server.url, DEMO_USERS.teacher.email, DEMO_PASSWORD);
    await new Promise((r) => setTimeout(r, 5000));
    const idle = rssMb(server.pid);
    const rss = watchRss(server.pid);
    // warm-up so both routes are measured hot
    await autocannon({
      url: `${server.url}/dashboard/my`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${token}` },
    });
    const bare = await load(`${server.url}/health/live`);
    const my = await load(`${server.url}/dashboard/my`, { authorization: `Bearer ${token}` });
    const peak = rss.stop();
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssMb(server.pid);
    return {
      rows: [
        { target, route: 'GET /health/live (bare)', ...bare },
        { target, route: 'GET /dashboard/my (auth)', ...my },
      ],
      idle,
      peak,
      after,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `api-load: ${CONNECTIONS} connections, ${SECONDS} s per route, load generator in this process (2-core machine); ` +
      `load average ${loadAverage()}`,
  );
  const results: { target: string; rows: Row[]; idle: number; peak: number; after: number }[] = [];
  const pgDb = await freshPgDatabase();
  if (pgDb) {
    try {
      results.push({ target: 'postgresql', ...(await benchTarget('postgresql', pgDb.url)) });
    } finally {
      await pgDb.drop();
    }
  } else {
    console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
  }
  results.push({ target: 'embedded', ...(await benchTarget('embedded')) });

  console.log('\n| database | route | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | ratio to bare |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const bare = r.rows[0]!.reqPerSec || 1;
    for (const row of r.rows) {
      console.log(
        `| ${row.target} | ${row.route} | ${row.reqPerSec} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${(row.reqPerSec / bare).toFixed(2)} |`,
      );
    }
  }
  const my = (t: string) => results.find((r) => r.target === t)?.rows[1]?.reqPerSec;
  const [onPg, onEmbedded] = [my('postgresql'), my('embedded')];
  if (onPg && onEmbedded)
    console.log(
      `\nGET /dashboard/my on the embedded database: ${(onEmbedded / onPg).toFixed(2)} of the PostgreSQL rate (aim: at least 0.5)`,
    );
  console.log('\n| database | RSS idle MB | RSS peak under load MB | RSS after load MB |');
  console.log('|---|---|---|---|');
  for (const r of results) console.log(`| ${r.target} | ${r.idle} | ${r.peak} | ${r.after} |`);
  console.log(`\nload average at the end ${loadAverage()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
