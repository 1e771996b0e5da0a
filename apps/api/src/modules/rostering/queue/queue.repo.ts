import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ROSTER_SANITY_SHARE, type RosterRowError } from '@aula/domain/rostering';
import type { DbOrTx } from '../../../db/client';
import { accountSettings, accounts, rosterChanges, rosterLogs, rosterQueue } from '../../../db/schema';
import type { TenantScope } from '../../../lib/auth-context';
import { offsetOf, type PageRequest, type PageResult } from '../../accounts/listing';
import { accountInScope } from '../../accounts/tenant-scope.repo';
import { deleteSnapshotRows } from './roster-snapshot.repo';

// Queries of the roster queue, its log and its review rows. Reads take the caller's tenant scope: another
// district's item is not found.

export type RosterQueueRow = typeof rosterQueue.$inferSelect;
export type RosterChangeRow = typeof rosterChanges.$inferSelect;
export type RosterLogRow = typeof rosterLogs.$inferSelect;
export type NewRosterQueueRow = typeof rosterQueue.$inferInsert;
export type NewRosterChange = Omit<typeof rosterChanges.$inferInsert, 'id' | 'queueId'>;

const inScope = (scope: TenantScope): SQL =>
  sql`${rosterQueue.accountId} in (select accounts.id from accounts where ${accountInScope(scope)})`;

export async function insertQueueItem(db: DbOrTx, v: NewRosterQueueRow): Promise<RosterQueueRow> {
  const [row] = await db.insert(rosterQueue).values(v).returning();
  return row!;
}

export async function findQueueItem(db: DbOrTx, id: number): Promise<RosterQueueRow | undefined> {
  const [row] = await db.select().from(rosterQueue).where(eq(rosterQueue.id, id));
  return row;
}

export async function findQueueItemInScope(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<RosterQueueRow | undefined> {
  const [row] = await db
    .select()
    .from(rosterQueue)
    .where(and(eq(rosterQueue.id, id), inScope(scope)));
  return row;
}

/** Locks the item for a status change (FOR UPDATE), so two callers cannot both move it. */
export async function lockQueueItem(db: DbOrTx, id: number): Promise<RosterQueueRow | undefined> {
  const [row] = await db.select().from(rosterQueue).where(eq(rosterQueue.id, id)).for('update');
  return row;
}

export async function updateQueueItem(db: DbOrTx, id: number, v: Partial<NewRosterQueueRow>): Promise<RosterQueueRow> {
  const patch = v.status ? { ...v, statusChangedAt: new Date() } : v;
  const [row] = await db.update(rosterQueue).set(patch).where(eq(rosterQueue.id, id)).returning();
  return row!;
}

export interface HistoryFilter extends PageRequest {
  accountId?: number | undefined;
  status?: string | undefined;
}

export async function listQueueItems(
  db: DbOrTx,
  scope: TenantScope,
  f: HistoryFilter,
): Promise<PageResult<RosterQueueRow>> {
  const where = and(
    inScope(scope),
    f.accountId !== undefined ? eq(rosterQueue.accountId, f.accountId) : undefined,
    f.status !== undefined ? eq(rosterQueue.status, f.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(rosterQueue).where(where).orderBy(desc(rosterQueue.id)).limit(f.per_page).offset(offsetOf(f)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rosterQueue)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function latestQueueItem(db: DbOrTx, accountId: number): Promise<RosterQueueRow | undefined> {
  const [row] = await db
    .select()
    .from(rosterQueue)
    .where(eq(rosterQueue.accountId, accountId))
    .orderBy(desc(rosterQueue.id))
    .limit(1);
  return row;
}

export async function latestFailedItems(
  db: DbOrTx,
  scope: TenantScope,
  accountId: number | undefined,
  limit: number,
): Promise<RosterQueueRow[]> {
  return db
    .select()
    .from(rosterQueue)
    .where(
      and(
        inScope(scope),
        eq(rosterQueue.status, 'failed'),
        accountId !== undefined ? eq(rosterQueue.accountId, accountId) : undefined,
      ),
    )
    .orderBy(desc(rosterQueue.id))
    .limit(limit);
}

export interface LogEntry {
  level: 'error' | 'warning' | 'info';
  file: string | null;
  row: number | null;
  column: string | null;
  message: string;
}

export function logEntryOf(e: RosterRowError): LogEntry {
  return { level: e.severity, file: e.file, row: e.row, column: e.column, message: e.message };
}

/** Rows a statement of the review and the log carries (one jsonb parameter each). */
export const STAGE_BATCH = 5000;

export async function insertLogs(db: DbOrTx, queueId: number, entries: LogEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += STAGE_BATCH) {
    const part = entries.slice(i, i + STAGE_BATCH);
    await db.execute(sql`insert into roster_logs (queue_id, level, file, "row", "column", message)
      select ${queueId}, x.level, x.file, x."row", x."column", x.message
        from rows from (jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
          as (level text, file text, "row" int, "column" text, message text)) with ordinality
          as x(level, file, "row", "column", message, n)
       order by x.n`);
  }
}

/** A refreshed item starts its log and review again. */
export async function clearStaging(db: DbOrTx, queueId: number): Promise<void> {
  await db.delete(rosterLogs).where(eq(rosterLogs.queueId, queueId));
  await db.delete(rosterChanges).where(eq(rosterChanges.queueId, queueId));
  await deleteSnapshotRows(db, queueId);
}

export async function listLogs(
  db: DbOrTx,
  queueId: number,
  f: PageRequest & { level?: string | undefined; file?: string | undefined },
): Promise<PageResult<RosterLogRow>> {
  const where = and(
    eq(rosterLogs.queueId, queueId),
    f.level !== undefined ? eq(rosterLogs.level, f.level) : undefined,
    f.file !== undefined ? eq(rosterLogs.file, f.file) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(rosterLogs).where(where).orderBy(rosterLogs.id).limit(f.per_page).offset(offsetOf(f)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rosterLogs)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Log counts per file and level (the log summary). */
export async function summariseLogs(db: DbOrTx, queueId: number) {
  return db
    .select({ file: rosterLogs.file, level: rosterLogs.level, count: sql<number>`count(*)::int` })
    .from(rosterLogs)
    .where(eq(rosterLogs.queueId, queueId))
    .groupBy(rosterLogs.file, rosterLogs.level)
    .orderBy(rosterLogs.file, rosterLogs.level);
}

/** Distinct messages with how often each occurs (the log messages call). */
export async function listLogMessages(
  db: DbOrTx,
  queueId: number,
  f: PageRequest,
): Promise<PageResult<{ level: string; message: string; count: number }>> {
  const where = eq(rosterLogs.queueId, queueId);
  const grouped = db
    .select({ level: rosterLogs.level, message: rosterLogs.message, count: sql<number>`count(*)::int`.as('count') })
    .from(rosterLogs)
    .where(where)
    .groupBy(rosterLogs.level, rosterLogs.message)
    .as('g');
  const [rows, [count]] = await Promise.all([
    db.select().from(grouped).orderBy(desc(grouped.count), grouped.message).limit(f.per_page).offset(offsetOf(f)),
    db.select({ n: sql<number>`count(*)::int` }).from(grouped),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The review rows, in order, STAGE_BATCH a statement (one jsonb parameter: no per-row parameters to build). */
export async function replaceChanges(db: DbOrTx, queueId: number, changes: NewRosterChange[]): Promise<void> {
  await db.delete(rosterChanges).where(eq(rosterChanges.queueId, queueId));
  for (let i = 0; i < changes.length; i += STAGE_BATCH) {
    const part = changes.slice(i, i + STAGE_BATCH).map((c) => ({
      entity: c.entity,
      action: c.action,
      sourced_id: c.sourcedId,
      label: c.label,
      target_id: c.targetId ?? null,
      changes: c.changes ?? {},
      candidates: c.candidates ?? null,
    }));
    await db.execute(sql`insert into roster_changes
        (queue_id, entity, action, sourced_id, label, target_id, changes, candidates)
      select ${queueId}, x.entity, x.action, x.sourced_id, x.label, x.target_id, x.changes, x.candidates
        from rows from (jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as (entity text, action text,
          sourced_id text, label text, target_id int, changes jsonb, candidates jsonb)) with ordinality
          as x(entity, action, sourced_id, label, target_id, changes, candidates, n)
       order by x.n`);
  }
}

export interface ChangeFilter {
  entities: string[];
  actions?: string[] | undefined;
  search?: string | undefined;
}

/** `search`: a label containing it or the sourcedId itself, case-insensitive (the review's search box). */
export const likeSearch = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listChanges(
  db: DbOrTx,
  queueId: number,
  f: PageRequest & ChangeFilter,
): Promise<PageResult<RosterChangeRow>> {
  return changesWindow(db, queueId, f, offsetOf(f), f.per_page);
}

/** The review rows from `offset` on, at most `limit` of them, and how many match. */
export async function changesWindow(
  db: DbOrTx,
  queueId: number,
  f: ChangeFilter,
  offset: number,
  limit: number,
): Promise<PageResult<RosterChangeRow>> {
  const where = and(
    eq(rosterChanges.queueId, queueId),
    inArray(rosterChanges.entity, f.entities),
    f.actions ? inArray(rosterChanges.action, f.actions) : undefined,
    f.search
      ? sql`(lower(${rosterChanges.label}) like ${likeSearch(f.search)}
          or lower(${rosterChanges.sourcedId}) = ${f.search.toLowerCase()})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    limit > 0
      ? db.select().from(rosterChanges).where(where).orderBy(rosterChanges.id).limit(limit).offset(offset)
      : Promise.resolve([]),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rosterChanges)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The setup flags and the rostering total of the account summary. */
export async function countAccountImports(db: DbOrTx, accountId: number) {
  const res = await db.execute<{ processed: number; staged: number; total: number }>(sql`
    select count(*) filter (where status = 'processed')::int as processed,
           count(*) filter (where status in ('staged', 'prepared', 'sanity', 'actionRequired'))::int as staged,
           count(*)::int as total
      from roster_queue where account_id = ${accountId}`);
  const r = res.rows[0];
  return { processed: Number(r?.processed ?? 0), staged: Number(r?.staged ?? 0), total: Number(r?.total ?? 0) };
}

export async function accountDomainId(db: DbOrTx, accountId: number): Promise<number | undefined> {
  const [a] = await db.select({ domainId: accounts.domainId }).from(accounts).where(eq(accounts.id, accountId));
  return a?.domainId;
}

/** The district's sanity share: its rostering setting's sanity_share, else DEFAULT_ROSTER_SANITY_SHARE. */
export async function sanityShareOf(db: DbOrTx, accountId: number): Promise<number> {
  const [s] = await db
    .select({ value: accountSettings.value })
    .from(accountSettings)
    .where(and(eq(accountSettings.accountId, accountId), eq(accountSettings.setting, 'rostering')));
  const share = (s?.value as { sanity_share?: unknown } | undefined)?.sanity_share;
  return typeof share === 'number' ? share : DEFAULT_ROSTER_SANITY_SHARE;
}
