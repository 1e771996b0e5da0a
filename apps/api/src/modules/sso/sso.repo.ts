import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, oauthConnections, ssoConfigs, ssoConnectRequests, ssoStates, users } from '../../db/schema';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoStateRow = typeof ssoStates.$inferSelect;
export type SsoConnectRow = typeof ssoConnectRequests.$inferSelect;

/**
 * The live configs of a provider a sign-in may use: a district's (its account not deleted) or a domain's (Google).
 * `districtId` narrows them to one district (accounts.district_id, case-insensitive) and that district's domain.
 */
export async function findActiveConfigs(db: DbOrTx, provider: string, districtId?: string) {
  const district = districtId?.trim().toLowerCase();
  const res = await db.execute<{ id: number }>(sql`
    select c.id
    from ${ssoConfigs} c
    left join ${accounts} a on a.id = c.account_id
    where c.provider = ${provider} and c.is_active
      and (c.account_id is null or a.deleted_at is null)
      ${
        district
          ? sql`and (lower(a.district_id) = ${district}
                 or c.domain_id in (select d.domain_id from ${accounts} d
                                     where lower(d.district_id) = ${district} and d.deleted_at is null))`
          : sql``
      }
    order by c.account_id nulls last, c.id
  `);
  return res.rows.map((r) => r.id);
}

export async function findConfig(db: DbOrTx, id: number): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.id, id)).limit(1);
  return row;
}

export async function insertState(db: DbOrTx, values: typeof ssoStates.$inferInsert): Promise<void> {
  await db.insert(ssoStates).values(values);
}

/** Spends a state: the row when it was unused and unexpired, else undefined (a second use finds nothing). */
export async function consumeState(db: DbOrTx, stateHash: string): Promise<SsoStateRow | undefined> {
  const [row] = await db
    .update(ssoStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ssoStates.stateHash, stateHash), isNull(ssoStates.usedAt), gt(ssoStates.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function deleteExpiredStates(db: DbOrTx): Promise<void> {
  await db.delete(ssoStates).where(sql`${ssoStates.expiresAt} < now() - interval '1 day'`);
  await db.delete(ssoConnectRequests).where(sql`${ssoConnectRequests.expiresAt} < now() - interval '1 day'`);
}

export interface CandidateUser {
  id: number;
  role: string;
  accountId: number | null;
  domainId: number | null;
  disabled: boolean;
  linked: boolean;
}

const candidateColumns = {
  id: users.id,
  role: users.role,
  accountId: users.accountId,
  domainId: users.domainId,
  disabled: users.disabled,
};

/** Users this identity is linked to (issuer + subject), wherever they are. */
export async function findLinkedUsers(db: DbOrTx, issuer: string, subject: string): Promise<CandidateUser[]> {
  const rows = await db
    .select(candidateColumns)
    .from(oauthConnections)
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .where(and(eq(oauthConnections.issuer, issuer), eq(oauthConnections.subject, subject), isNull(users.deletedAt)));
  return rows.map((r) => ({ ...r, linked: true }));
}

/** A rostered user of the account whose OneRoster sourcedId is the provider's (users_account_sourced_id_unique). */
export async function findRosteredUser(
  db: DbOrTx,
  accountId: number,
  sourcedId: string,
): Promise<CandidateUser | undefined> {
  const [row] = await db
    .select(candidateColumns)
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.sourcedId, sourcedId), isNull(users.deletedAt)))
    .limit(1);
  return row ? { ...row, linked: false } : undefined;
}

/** The `sso` account setting of these accounts: the providers each has turned on (none when off). */
export async function loadSsoSettings(db: DbOrTx, accountIds: number[]): Promise<Map<number, string[]>> {
  if (accountIds.length === 0) return new Map();
  const res = await db.execute<{ account_id: number; enabled: boolean; providers: string[] }>(sql`
    select s.account_id,
           coalesce((s.value ->> 'enabled')::boolean, false) as enabled,
           coalesce(array(select jsonb_array_elements_text(
             case when jsonb_typeof(s.value -> 'providers') = 'array' then s.value -> 'providers' else '[]'::jsonb end
           )), '{}') as providers
    from account_settings s
    join ${accounts} a on a.id = s.account_id and a.deleted_at is null
    where s.setting = 'sso' and s.account_id = any(${sql.param(accountIds)}::int[])
  `);
  return new Map(res.rows.map((r) => [r.account_id, r.enabled ? r.providers : []]));
}

export async function insertConnection(
  db: DbOrTx,
  values: { userId: number; provider: number; issuer: string; subject: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(oauthConnections)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: oauthConnections.id });
  return rows.length === 1;
}

export async function insertConnectRequest(db: DbOrTx, values: typeof ssoConnectRequests.$inferInsert) {
  await db.insert(ssoConnectRequests).values(values);
}

/** Spends a connect (or role choice) hash: the row when unused and unexpired. */
export async function consumeConnectRequest(db: DbOrTx, requestHash: string): Promise<SsoConnectRow | undefined> {
  const [row] = await db
    .update(ssoConnectRequests)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoConnectRequests.requestHash, requestHash),
        isNull(ssoConnectRequests.usedAt),
        gt(ssoConnectRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function findUserForSession(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...candidateColumns, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
