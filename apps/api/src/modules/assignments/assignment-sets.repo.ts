import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AssignmentSetListFilter } from '@aula/domain/assignments';
import type { DbOrTx } from '../../db/client';
import { assignmentSets, assignments, users } from '../../db/schema';
import { likePattern, offsetOf, type PageResult } from '../accounts/listing';
import { assignmentReachable, assignmentSetReachable, type Reach } from './assignment-scope.repo';

export type AssignmentSetRow = typeof assignmentSets.$inferSelect & {
  assignmentsCount: number;
  creator: { id: number; firstName: string; lastName: string } | null;
};

/** The set's columns, how many of its assignments the caller reaches, and who made it. */
function selection(reach: Reach) {
  return {
    id: assignmentSets.id,
    accountId: assignmentSets.accountId,
    name: assignmentSets.name,
    createdBy: assignmentSets.createdBy,
    deletedAt: assignmentSets.deletedAt,
    createdAt: assignmentSets.createdAt,
    updatedAt: assignmentSets.updatedAt,
    assignmentsCount: sql<number>`(select count(*)::int from ${assignments} where ${assignments.assignmentSetId} = ${assignmentSets.id} and ${assignmentReachable(reach)})`,
    creatorFirst: users.firstName,
    creatorLast: users.lastName,
  };
}

type Selected = Omit<AssignmentSetRow, 'creator'> & { creatorFirst: string | null; creatorLast: string | null };

function flatten({ creatorFirst, creatorLast, ...r }: Selected): AssignmentSetRow {
  return {
    ...r,
    creator:
      r.createdBy !== null && creatorFirst !== null
        ? { id: r.createdBy, firstName: creatorFirst, lastName: creatorLast ?? '' }
        : null,
  };
}

export async function findAssignmentSet(db: DbOrTx, reach: Reach, id: number): Promise<AssignmentSetRow | undefined> {
  const [row] = await db
    .select(selection(reach))
    .from(assignmentSets)
    .leftJoin(users, eq(users.id, assignmentSets.createdBy))
    .where(and(eq(assignmentSets.id, id), assignmentSetReachable(reach)))
    .limit(1);
  return row && flatten(row);
}

export async function insertAssignmentSet(db: DbOrTx, v: typeof assignmentSets.$inferInsert): Promise<number> {
  const [row] = await db.insert(assignmentSets).values(v).returning({ id: assignmentSets.id });
  return row!.id;
}

export async function listAssignmentSets(
  db: DbOrTx,
  reach: Reach,
  f: AssignmentSetListFilter,
): Promise<PageResult<AssignmentSetRow>> {
  const where = and(
    assignmentSetReachable(reach),
    f.search ? ilike(assignmentSets.name, likePattern(f.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(selection(reach))
      .from(assignmentSets)
      .leftJoin(users, eq(users.id, assignmentSets.createdBy))
      .where(where)
      .orderBy(desc(assignmentSets.createdAt), asc(assignmentSets.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(assignmentSets).where(where),
  ]);
  return { rows: rows.map(flatten), total: total!.n };
}
