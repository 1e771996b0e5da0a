import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attemptStates } from '../../db/schema';

// An attempt's screen states (a widget's, e.g. a Tuva simulation's), kept by the same revision rule as answers.

export type StateRow = typeof attemptStates.$inferSelect;

export async function listStates(db: DbOrTx, attemptId: number): Promise<StateRow[]> {
  return db
    .select()
    .from(attemptStates)
    .where(eq(attemptStates.attemptId, attemptId))
    .orderBy(asc(attemptStates.stateId));
}

/** As upsertAnswers: a state is replaced only by a greater revision. */
export async function upsertStates(
  db: DbOrTx,
  attemptId: number,
  list: readonly { id: string; value: unknown; revision: number }[],
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(attemptStates)
    .values(
      list.map((s) => ({
        attemptId,
        stateId: s.id,
        value: s.value ?? null,
        revision: s.revision,
        savedAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: [attemptStates.attemptId, attemptStates.stateId],
      set: { value: sql`excluded.value`, revision: sql`excluded.revision`, savedAt: sql`excluded.saved_at` },
      setWhere: sql`${attemptStates.revision} < excluded.revision`,
    });
}

export async function stateRevisions(
  db: DbOrTx,
  attemptId: number,
  ids: readonly string[],
): Promise<{ id: string; revision: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: attemptStates.stateId, revision: attemptStates.revision })
    .from(attemptStates)
    .where(and(eq(attemptStates.attemptId, attemptId), inArray(attemptStates.stateId, [...ids])));
}

export async function countStates(db: DbOrTx, attemptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attemptStates)
    .where(eq(attemptStates.attemptId, attemptId));
  return row?.n ?? 0;
}
