// The worker of bench/roster-import, in a process of its own so that its peak resident memory is the import's
// alone: an uploaded OneRoster zip (the full district, then the delta) staged, approved and applied through the
// roster queue as the API's job worker runs them. Prints one JSON line of figures. BENCH_SLOW_MS as in run.ts.
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../apps/api/src/config';
import { createDatabase } from '../../apps/api/src/db/client';
import type { Deps, JobQueue } from '../../apps/api/src/lib/deps';
import { SessionCache } from '../../apps/api/src/lib/session-cache';
import { applyQueueItem } from '../../apps/api/src/modules/rostering/queue/queue-apply';
import { findQueueItem } from '../../apps/api/src/modules/rostering/queue/queue.repo';
import { createQueueItem, runStageJob } from '../../apps/api/src/modules/rostering/queue/queue-stage';
import { changeStatus } from '../../apps/api/src/modules/rostering/queue/queue.service';
import { processSeconds } from './cpu-times';
import { printStatementTotals, timeStatements } from './statement-times';

const [url, accountId, dir] = [process.argv[2]!, Number(process.argv[3]), process.argv[4]!];
timeStatements();
const before = process.memoryUsage.rss();
let sampled = 0;
const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 50);

const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined, debug: () => undefined };
const database = createDatabase(url, 4);
const deps: Deps = {
  db: database.db,
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: url }),
  log: quiet as unknown as FastifyBaseLogger,
  events: { publish: () => undefined },
  jobs: { send: async () => null } as unknown as JobQueue,
  sessions: new SessionCache(0),
};

async function importZip(fileName: string) {
  const t0 = performance.now();
  const item = await createQueueItem(deps, {
    accountId,
    dataType: 'csv',
    createdBy: null,
    filePath: fileName,
    fileName,
  });
  await runStageJob(deps, item.id);
  const t1 = performance.now();
  const stagePeak = sampled;
  sampled = 0;
  const staged = await changeStatus(deps, null, item.id, 'approve').catch(() =>
    changeStatus(deps, null, item.id, 'confirm'),
  );
  await applyQueueItem(deps, staged.id);
  const t2 = performance.now();
  const done = await findQueueItem(deps.db, item.id);
  const peaks = { stage: stagePeak, apply: sampled };
  return { stage: t1 - t0, apply: t2 - t1, total: t2 - t0, status: done?.status, error: done?.error ?? null, peaks };
}

try {
  const cpu0 = process.cpuUsage();
  const full = await importZip('full.zip');
  // the worker's CPU and its PostgreSQL backends' (their processes are on this machine)
  const backends = await database.pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const used = process.cpuUsage(cpu0);
  const cpuWorker = (used.user + used.system) / 1e6;
  const cpu = cpuWorker + backends.rows.reduce((s, r) => s + processSeconds(r.pid), 0);
  printStatementTotals('full import');
  const delta = await importZip('delta.zip');
  printStatementTotals('delta');
  clearInterval(sampler);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({ full, delta, before, peak: Math.max(maxRss, sampled), load: os.loadavg(), cpu, cpuWorker }),
  );
} finally {
  clearInterval(sampler);
  await database.close();
}
