import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiKeys } from '../../db/schema';

export type LtiKeyRow = typeof ltiKeys.$inferSelect;
export type LtiKeyValues = Omit<typeof ltiKeys.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// Keys are provider-level (no tenant): a handful of rows, so callers filter by state in TypeScript with the one
// rule of @aula/domain/lti rather than a second copy of it in SQL.

export async function listKeys(db: DbOrTx): Promise<LtiKeyRow[]> {
  return db.select().from(ltiKeys).orderBy(asc(ltiKeys.createdAt), asc(ltiKeys.id));
}

export async function findKey(db: DbOrTx, id: number): Promise<LtiKeyRow | undefined> {
  const [row] = await db.select().from(ltiKeys).where(eq(ltiKeys.id, id));
  return row;
}

/** Serializes key changes (create, rotate, toggle): two rotations at once must not both schedule a signer. */
export async function lockKeys(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lti_keys'))`);
}

export async function insertKey(db: DbOrTx, values: LtiKeyValues): Promise<LtiKeyRow> {
  const [row] = await db.insert(ltiKeys).values(values).returning();
  return row!;
}

export async function updateKey(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<LtiKeyValues, 'signsFrom' | 'retiresAt' | 'deactivatedAt'>>,
): Promise<LtiKeyRow> {
  const [row] = await db
    .update(ltiKeys)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ltiKeys.id, id))
    .returning();
  return row!;
}

export async function deleteKey(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ltiKeys).where(eq(ltiKeys.id, id));
}
