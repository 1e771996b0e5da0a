import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';

export async function listAccountIdsOfDomain(db: DbOrTx, domainId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.domainId, domainId), isNull(accounts.deletedAt)));
  return rows.map((r) => r.id);
}
