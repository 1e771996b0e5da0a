import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoConfigs } from '../../db/schema';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoConfigValues = Omit<typeof ssoConfigs.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Whose connections: a district's (account) or a domain's (Google only). Resolved in scope by the service. */
export type SsoOwner = { kind: 'account'; id: number } | { kind: 'domain'; id: number };

const ownedBy = (owner: SsoOwner) =>
  owner.kind === 'account' ? eq(ssoConfigs.accountId, owner.id) : eq(ssoConfigs.domainId, owner.id);

export async function listConfigs(db: DbOrTx, owner: SsoOwner): Promise<SsoConfigRow[]> {
  return db.select().from(ssoConfigs).where(ownedBy(owner)).orderBy(asc(ssoConfigs.provider));
}

export async function findConfig(db: DbOrTx, owner: SsoOwner, provider: string): Promise<SsoConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(and(ownedBy(owner), eq(ssoConfigs.provider, provider)));
  return row;
}

export async function insertConfig(db: DbOrTx, values: SsoConfigValues): Promise<SsoConfigRow> {
  const [row] = await db.insert(ssoConfigs).values(values).returning();
  return row!;
}

export async function updateConfig(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<SsoConfigValues, 'accountId' | 'domainId' | 'provider'>>,
): Promise<SsoConfigRow> {
  const [row] = await db
    .update(ssoConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ssoConfigs.id, id))
    .returning();
  return row!;
}

export async function deleteConfig(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ssoConfigs).where(eq(ssoConfigs.id, id));
}
