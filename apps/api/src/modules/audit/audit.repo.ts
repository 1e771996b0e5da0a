import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  accountId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  subjectUserId?: number | null;
  details?: unknown;
  ip?: string | null;
}

/** Appends to the audit log, inside the caller's transaction so the record and the change commit together. */
export async function insertAuditEntry(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: e.actorUserId,
    accountId: e.accountId,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    subjectUserId: e.subjectUserId ?? null,
    details: e.details ?? null,
    ip: e.ip ?? null,
  });
}
