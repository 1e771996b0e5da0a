import { z } from 'zod';
import { defineJob } from '../../../lib/jobs';
import { enqueueSnapshotImport, recordFailedSourceRead } from '../queue/enqueue-source';
import { fetchSourceSnapshot } from './read-source';
import { RosterSourceError } from './roster-source-error';
import { lastDue } from './schedule';
import { ROSTER_SOURCE_IMPORT_JOB, ROSTER_SOURCES_TICK_JOB } from './sources.jobs-names';
import * as repo from './sources.repo';

/**
 * Reads one source and hands the snapshot to the queue (create queue item from source, and each scheduled run).
 * A source that cannot be read is logged with the reason (never the secret) and retried once later.
 */
export const rosterSourceImportJob = defineJob({
  name: ROSTER_SOURCE_IMPORT_JOB,
  payload: z.object({ source_id: z.number().int().positive(), user_id: z.number().int().positive().nullable() }),
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  async handler(deps, data) {
    const source = await repo.findSource(deps.db, data.source_id);
    if (!source) return; // deleted since it was queued
    const who = { accountId: source.accountId, sourceId: source.id, userId: data.user_id };
    try {
      const read = await fetchSourceSnapshot(deps, data.source_id);
      const { queueId } = await enqueueSnapshotImport(deps, { ...who, snapshot: read.snapshot, errors: read.errors });
      deps.log.info({ source_id: data.source_id, queue_id: queueId }, 'roster source read and queued');
    } catch (err) {
      if (!(err instanceof RosterSourceError)) throw err;
      // the history shows it: a failed item with the reason (never the secret), which an administrator restarts
      deps.log.warn({ source_id: data.source_id, reason: err.message }, 'roster source could not be read');
      await recordFailedSourceRead(deps, { ...who, error: err });
    }
  },
});

/**
 * Every 5 minutes: queue a read of each active source allowed to import automatically whose own schedule (UTC cron)
 * fell due since its last run. claimRun makes that once per due time across all workers.
 */
export async function queueDueSources(deps: Parameters<typeof rosterSourceImportJob.handler>[0], now = new Date()) {
  let queued = 0;
  for (const source of await repo.listAutomaticSources(deps.db)) {
    let due: Date;
    try {
      due = lastDue(source.schedule, now);
    } catch {
      continue;
    }
    if (due <= (source.lastRunAt ?? source.createdAt)) continue;
    if (!(await repo.claimRun(deps.db, source.id, due, now))) continue;
    await deps.jobs.send(
      ROSTER_SOURCE_IMPORT_JOB,
      { source_id: source.id, user_id: null },
      { singletonKey: `roster-source-${source.id}` },
    );
    queued += 1;
  }
  return queued;
}

export const rosterSourcesTickJob = defineJob({
  name: ROSTER_SOURCES_TICK_JOB,
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  async handler(deps) {
    const queued = await queueDueSources(deps);
    if (queued > 0) deps.log.info({ queued }, 'scheduled roster source reads queued');
  },
});
