import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountSettings, accounts, organizations, sessions, users } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from './listing';
import { accountInScope } from './tenant-scope.repo';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), accountInScope(scope)))
    .limit(1);
  return row;
}

export async function listAccounts(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined; type?: number | undefined; domain_id?: number | undefined },
): Promise<PageResult<AccountRow>> {
  const where = and(
    accountInScope(scope),
    f.search
      ? or(ilike(accounts.name, likePattern(f.search)), ilike(accounts.districtId, likePattern(f.search)))
      : undefined,
    f.type !== undefined ? eq(accounts.type, f.type) : undefined,
    f.domain_id !== undefined ? eq(accounts.domainId, f.domain_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Is this Account ID used by any account at all (every tenant, deleted ones too: the unique index covers them)?
 * Answers only yes or no, so it tells the caller nothing else about the other account.
 */
export async function isDistrictIdTaken(db: DbOrTx, districtId: string, exceptAccountId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        sql`lower(${accounts.districtId}) = lower(${districtId})`,
        exceptAccountId !== undefined ? sql`${accounts.id} <> ${exceptAccountId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertAccount(
  db: DbOrTx,
  v: { domainId: number; name: string; districtId: string; zipCode: string; type: number },
): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(v).returning();
  return row!;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  v: { name: string; districtId: string; zipCode: string; type: number },
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(accounts.id, id))
    .returning();
  return row!;
}

export async function listAccountSettings(db: DbOrTx, accountId: number) {
  return db
    .select({ setting: accountSettings.setting, value: accountSettings.value })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId));
}

export async function upsertAccountSetting(
  db: DbOrTx,
  accountId: number,
  setting: string,
  value: unknown,
): Promise<void> {
  await db
    .insert(accountSettings)
    .values({ accountId, setting, value })
    .onConflictDoUpdate({
      target: [accountSettings.accountId, accountSettings.setting],
      set: { value, updatedAt: sql`now()` },
    });
}

export async function countAccountData(
  db: DbOrTx,
  accountId: number,
): Promise<{ organizations: number; users: number }> {
  const [[orgs], [people]] = await Promise.all([
    db
      .select({ n: count() })
      .from(organizations)
      .where(and(eq(organizations.accountId, accountId), sql`${organizations.deletedAt} is null`)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.accountId, accountId), sql`${users.deletedAt} is null`)),
  ]);
  return { organizations: orgs?.n ?? 0, users: people?.n ?? 0 };
}

export async function softDeleteAccount(db: DbOrTx, accountId: number): Promise<void> {
  await db
    .update(accounts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(accounts.id, accountId));
}

/** Disables every user of the account and revokes their live sessions; returns the revoked sessions by user. */
export async function disableAccountUsers(
  db: DbOrTx,
  accountId: number,
): Promise<{ userId: number; sessionId: number }[]> {
  await db
    .update(users)
    .set({ disabled: true, updatedAt: sql`now()` })
    .where(eq(users.accountId, accountId));
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        sql`${sessions.revokedAt} is null`,
        sql`${sessions.userId} in (select u.id from users u where u.account_id = ${accountId})`,
      ),
    )
    .returning({ userId: sessions.userId, sessionId: sessions.id });
}

/** The stored technology settings of those of `ids` inside the caller's scope; ids outside it are left out. */
export async function listTechnologySettingsInScope(db: DbOrTx, scope: TenantScope, ids: number[]) {
  const [inScope, stored] = await Promise.all([
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(inArray(accounts.id, ids), accountInScope(scope))),
    db
      .select({ accountId: accountSettings.accountId, setting: accountSettings.setting, value: accountSettings.value })
      .from(accountSettings)
      .where(inArray(accountSettings.accountId, ids)),
  ]);
  return { ids: inScope.map((r) => r.id), stored };
}
