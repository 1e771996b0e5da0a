import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { accounts, rosterSources } from '../../../db/schema';
import type { TenantScope } from '../../../lib/auth-context';
import { accountInScope } from '../../accounts/tenant-scope.repo';

export type RosterSourceRow = typeof rosterSources.$inferSelect;
export type RosterSourceValues = Omit<typeof rosterSources.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Sources of the live accounts in the caller's slice (one account's when accountId is given). */
export async function listSources(db: DbOrTx, scope: TenantScope, accountId?: number): Promise<RosterSourceRow[]> {
  const rows = await db
    .select({ source: rosterSources })
    .from(rosterSources)
    .innerJoin(accounts, eq(accounts.id, rosterSources.accountId))
    .where(and(accountInScope(scope), accountId === undefined ? undefined : eq(rosterSources.accountId, accountId)))
    .orderBy(asc(accounts.name), asc(rosterSources.id));
  return rows.map((r) => r.source);
}

export async function findSourceOfAccount(db: DbOrTx, accountId: number): Promise<RosterSourceRow | undefined> {
  const [row] = await db.select().from(rosterSources).where(eq(rosterSources.accountId, accountId));
  return row;
}

/** Unscoped: for jobs, which act for no user. Sources of deleted accounts are not found. */
export async function findSource(db: DbOrTx, id: number): Promise<RosterSourceRow | undefined> {
  const [row] = await db
    .select({ source: rosterSources })
    .from(rosterSources)
    .innerJoin(accounts, eq(accounts.id, rosterSources.accountId))
    .where(and(eq(rosterSources.id, id), isNull(accounts.deletedAt)));
  return row?.source;
}

export async function upsertSource(db: DbOrTx, values: RosterSourceValues): Promise<RosterSourceRow> {
  const { accountId: _a, ...changes } = values;
  const [row] = await db
    .insert(rosterSources)
    .values(values)
    .onConflictDoUpdate({ target: rosterSources.accountId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateSource(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<RosterSourceValues, 'isActive' | 'allowAutomatic' | 'schedule' | 'lastRunAt'>>,
): Promise<RosterSourceRow> {
  const [row] = await db
    .update(rosterSources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rosterSources.id, id))
    .returning();
  return row!;
}

export async function stampLastRun(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(rosterSources).set({ lastRunAt: at }).where(eq(rosterSources.id, id));
}

export async function deleteSource(db: DbOrTx, id: number): Promise<void> {
  await db.delete(rosterSources).where(eq(rosterSources.id, id));
}

/** Active sources allowed to run on their schedule, of live accounts (the tick job picks the due ones). */
export async function listAutomaticSources(db: DbOrTx): Promise<RosterSourceRow[]> {
  const rows = await db
    .select({ source: rosterSources })
    .from(rosterSources)
    .innerJoin(accounts, eq(accounts.id, rosterSources.accountId))
    .where(and(eq(rosterSources.isActive, true), eq(rosterSources.allowAutomatic, true), isNull(accounts.deletedAt)))
    .orderBy(asc(rosterSources.id));
  return rows.map((r) => r.source);
}

/** Claims a run: true for exactly one caller per source and due time, however many workers tick at once. */
export async function claimRun(db: DbOrTx, id: number, due: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(rosterSources)
    .set({ lastRunAt: now })
    .where(
      and(
        eq(rosterSources.id, id),
        sql`(${rosterSources.lastRunAt} is null or ${rosterSources.lastRunAt} < ${due.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: rosterSources.id });
  return rows.length > 0;
}

export async function findSourcesByIds(db: DbOrTx, ids: number[]): Promise<RosterSourceRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(rosterSources).where(inArray(rosterSources.id, ids));
}
