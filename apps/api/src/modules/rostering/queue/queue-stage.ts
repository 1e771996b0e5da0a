import path from 'node:path';
import { exceedsSanityShare, type RosterDataType } from '@aula/domain/roster-queue';
import type { RosterRowError, RosterSnapshot } from '@aula/domain/rostering';
import type { Deps } from '../../../lib/deps';
import { readOneRosterZip } from '../csv/read-zip';
import { fetchSourceSnapshot } from '../sources/read-source';
import {
  accountDomainId,
  findQueueItem,
  insertLogs,
  insertQueueItem,
  logEntryOf,
  replaceChanges,
  sanityShareOf,
  type RosterQueueRow,
} from './queue.repo';
import { isWrite } from './roster-diff';
import { countLiveRoster } from './roster-existing.repo';
import { planRoster } from './roster-plan';
import { stageEnrollments } from './roster-enrollments.repo';
import {
  deleteSnapshotRows,
  enrollmentWriter,
  headerOf,
  loadSnapshot,
  storeSnapshotRows,
  type SnapshotHeader,
} from './roster-snapshot.repo';
import { failQueueItem, moveTo, publishQueueChange, sendApply, sendStage } from './queue-status';

// Staging (issue 16 items 4-6): created -> staging -> validation -> staged -> prepared (diff stored) -> sanity ->
// actionRequired (Confirm) or back to prepared, where it waits for a person's approval (every manual upload is
// reviewed); nothing to do -> empty. An item created with autoApprove goes on to apply unless the sanity check
// holds it.

export interface CreateQueueItemInput {
  accountId: number;
  dataType: RosterDataType;
  createdBy: number | null;
  sourceId?: number | null;
  /** a CSV zip, relative to DATA_DIR (the job reads it with readOneRosterZip) */
  filePath?: string | null;
  fileName?: string | null;
  /** a snapshot a source already produced (REST): staged as given, its row errors logged */
  snapshot?: RosterSnapshot | null;
  errors?: RosterRowError[];
  autoApprove?: boolean;
}

/** Creates a queue item (status created), tells the roster channel and enqueues its staging. */
export async function createQueueItem(deps: Deps, input: CreateQueueItemInput): Promise<RosterQueueRow> {
  const domainId = await accountDomainId(deps.db, input.accountId);
  if (domainId === undefined) throw new Error(`no account ${input.accountId}`);
  const row = await deps.db.transaction(async (tx) => {
    const r = await insertQueueItem(tx, {
      accountId: input.accountId,
      domainId,
      status: 'created',
      dataType: input.dataType,
      importType: input.snapshot?.mode ?? 'bulk',
      sourceId: input.sourceId ?? null,
      filePath: input.filePath ?? null,
      fileName: input.fileName ?? null,
      snapshot: input.snapshot ? headerOf(input.snapshot) : null,
      createdBy: input.createdBy,
      autoApprove: input.autoApprove ?? false,
    });
    if (input.snapshot) await storeSnapshotRows(tx, r.id, input.snapshot);
    await insertLogs(tx, r.id, (input.errors ?? []).map(logEntryOf));
    return r;
  });
  publishQueueChange(deps, row);
  await sendStage(deps, row.id);
  return row;
}

/** The staging job: reads the zip (CSV items), the source (a restarted source read) or takes the stored snapshot. */
export async function runStageJob(deps: Deps, queueId: number): Promise<void> {
  const row = await findQueueItem(deps.db, queueId);
  if (!row || (row.status !== 'created' && row.status !== 'staging')) return;
  await moveTo(deps, queueId, 'staging', { attempts: row.attempts + 1, error: null });
  try {
    if (row.snapshot) {
      // staging reads the enrollments in SQL (roster-enrollments.repo.ts): they stay in the database
      const stored = await loadSnapshot(deps.db, queueId, row.snapshot as SnapshotHeader);
      await stageSnapshot(deps, queueId, stored, [], { stored: true });
    } else if (row.dataType === 'rest' && row.sourceId !== null) {
      // a source read that failed, restarted: read the source again
      const read = await fetchSourceSnapshot(deps, row.sourceId);
      await stageSnapshot(deps, queueId, read.snapshot, read.errors);
    } else {
      if (!row.filePath) throw new Error('The queue item has neither a file nor a snapshot');
      // the enrollments are stored as they are read; the rest of the snapshot after
      const sink = await enrollmentWriter(deps.db, queueId);
      const read = await readOneRosterZip(path.resolve(deps.config.DATA_DIR, row.filePath), {}, sink).catch(
        async (err: unknown) => {
          // an archive that breaks half way leaves none of the enrollments it had stored
          await deleteSnapshotRows(deps.db, queueId);
          throw err;
        },
      );
      await stageSnapshot(deps, queueId, read.snapshot, read.errors, { enrollmentsStored: true });
    }
  } catch (err) {
    await failQueueItem(deps, queueId, err);
  }
}

/**
 * Stages a snapshot into a queue item: logs its row errors, stores it (unless `stored`: it is the item's stored
 * snapshot already; `enrollmentsStored`: its enrollments are, streamed from the archive), diffs it and runs the
 * sanity check. Its enrollments are read from the stored snapshot, never from `snapshot`.
 */
export async function stageSnapshot(
  deps: Deps,
  queueId: number,
  snapshot: RosterSnapshot,
  errors: RosterRowError[],
  opts: { stored?: boolean; enrollmentsStored?: boolean } = {},
): Promise<RosterQueueRow> {
  const item = await moveTo(deps, queueId, 'validation');
  await insertLogs(deps.db, queueId, errors.map(logEntryOf));
  if (!opts.stored) await storeSnapshotRows(deps.db, queueId, snapshot, { keepEnrollments: opts.enrollmentsStored });
  await moveTo(deps, queueId, 'staged', { snapshot: headerOf(snapshot), importType: snapshot.mode });
  const plan = await planRoster(deps.db, item.accountId, snapshot);
  const writes = plan.changes.filter(isWrite);
  const staged = await deps.db.transaction(async (tx) => {
    await replaceChanges(
      tx,
      queueId,
      plan.changes.map((c) => ({
        entity: c.entity,
        action: c.action,
        sourcedId: c.sourcedId,
        label: c.label,
        targetId: c.targetId,
        changes: c.changes,
        candidates: c.candidates,
      })),
    );
    await insertLogs(tx, queueId, plan.logs);
    const staged = await stageEnrollments(tx, {
      queueId,
      accountId: item.accountId,
      mode: snapshot.mode,
      ...plan.live,
    });
    const enrollments = staged.counts;
    const diffSummary = { ...plan.summary, enrollments };
    const header: SnapshotHeader = { ...headerOf(snapshot), enrollmentPairsUnique: staged.pairsUnique };
    return { enrollments, row: await moveTo(deps, queueId, 'prepared', { diffSummary, snapshot: header }, tx) };
  });
  publishQueueChange(deps, staged.row);
  const { enrollments } = staged;
  if (writes.length + enrollments.create + enrollments.update + enrollments.disable === 0)
    return moveTo(deps, queueId, 'empty', { processedAt: new Date() });

  await moveTo(deps, queueId, 'sanity');
  const share = await sanityShareOf(deps.db, item.accountId);
  const live = await countLiveRoster(deps.db, item.accountId);
  const disabling = (entity: string) => writes.filter((c) => c.entity === entity && c.action === 'disable').length;
  const sanity = {
    share,
    users: { disable: disabling('users'), existing: live.users },
    classes: { disable: disabling('classes'), existing: live.classes },
    enrollments: { disable: enrollments.disable, existing: live.enrollments },
  };
  const held = (['users', 'classes', 'enrollments'] as const).some((k) =>
    exceedsSanityShare(sanity[k].disable, sanity[k].existing, share),
  );
  if (held) return moveTo(deps, queueId, 'actionRequired', { sanity });
  const waiting = await moveTo(deps, queueId, 'prepared', { sanity });
  if (!waiting.autoApprove) return waiting;
  const approved = await moveTo(deps, queueId, 'preprocessing', {
    approvedAt: new Date(),
    approvedBy: waiting.createdBy,
  });
  await sendApply(deps, queueId);
  return approved;
}
