import { ROSTER_QUEUE_STATUS_LABELS, type RosterQueueStatus } from '@aula/domain/rostering';
import type { RosterChangeRow, RosterLogRow, RosterQueueRow } from './queue.repo';

// Queue rows as the wire shape (snake_case). The snapshot itself is never sent: the review reads roster_changes.

export function presentQueueItem(r: RosterQueueRow) {
  return {
    id: r.id,
    account_id: r.accountId,
    status: r.status as RosterQueueStatus,
    status_label: ROSTER_QUEUE_STATUS_LABELS[r.status as RosterQueueStatus] ?? r.status,
    data_type: r.dataType,
    import_type: r.importType,
    source_id: r.sourceId,
    file_name: r.fileName,
    has_file: r.filePath !== null,
    diff_summary: r.diffSummary ?? null,
    sanity: r.sanity ?? null,
    error: r.error,
    created_by: r.createdBy,
    approved_by: r.approvedBy,
    created_at: r.createdAt.toISOString(),
    status_changed_at: r.statusChangedAt.toISOString(),
    approved_at: r.approvedAt?.toISOString() ?? null,
    processed_at: r.processedAt?.toISOString() ?? null,
  };
}
export type RosterQueueItemDto = ReturnType<typeof presentQueueItem>;

export function presentLog(r: RosterLogRow) {
  return { id: r.id, level: r.level, file: r.file, row: r.row, column: r.column, message: r.message };
}

export function presentChange(r: RosterChangeRow) {
  return {
    id: r.id,
    entity_type: r.entity,
    action: r.action,
    sourced_id: r.sourcedId,
    label: r.label,
    target_id: r.targetId,
    changes: r.changes,
    candidates: r.candidates ?? null,
  };
}
