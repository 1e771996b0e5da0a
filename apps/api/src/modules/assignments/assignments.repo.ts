import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberType } from '@aula/domain/assignments';
import type { DbOrTx } from '../../db/client';
import { assignmentActivities, assignmentMembers, assignments, attempts } from '../../db/schema';
import { assignmentReachable, type Reach } from './assignment-scope.repo';

// An assignment's own rows: the assignment, its pinned activities and its members. The lists of assignments are
// assignment-lists.repo.ts; what an assignment may be made of and the assign-to picker assignment-targets.repo.ts.

export type AssignmentRow = typeof assignments.$inferSelect;

/** A bound int[] parameter (one parameter however many ids). */
export const idList = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

/** An assignment the caller reaches; `lock` holds its row until the transaction ends (edits race attempts). */
export async function findAssignment(
  db: DbOrTx,
  reach: Reach,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<AssignmentRow | undefined> {
  const q = db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, id), assignmentReachable(reach)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** 'Assignment which was attempted by a student can not be edited or deleted.': any attempt row counts. */
export async function hasAttempts(db: DbOrTx, assignmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(attempts)
    .where(eq(attempts.assignmentId, assignmentId))
    .limit(1);
  return !!row;
}

export async function insertAssignment(db: DbOrTx, v: typeof assignments.$inferInsert): Promise<AssignmentRow> {
  const [row] = await db.insert(assignments).values(v).returning();
  return row!;
}

export async function updateAssignment(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<AssignmentRow, 'name' | 'startAt' | 'dueAt' | 'assignmentSetId' | 'organizationId' | 'deletedAt'>>,
): Promise<void> {
  await db
    .update(assignments)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(assignments.id, id));
}

export interface PinnedActivity {
  activityId: number;
  activityVersionId: number | null;
}

/** The assignment's activities in order (the order given), each with its pinned version. */
export async function replaceAssignmentActivities(db: DbOrTx, assignmentId: number, list: readonly PinnedActivity[]) {
  await db.delete(assignmentActivities).where(eq(assignmentActivities.assignmentId, assignmentId));
  if (list.length === 0) return;
  await db.insert(assignmentActivities).values(list.map((a, position) => ({ assignmentId, ...a, position })));
}

export async function pinnedVersions(db: DbOrTx, assignmentId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ activityId: assignmentActivities.activityId, versionId: assignmentActivities.activityVersionId })
    .from(assignmentActivities)
    .where(eq(assignmentActivities.assignmentId, assignmentId));
  return new Map(rows.map((r) => [r.activityId, r.versionId]));
}

export async function replaceAssignmentMembers(
  db: DbOrTx,
  assignmentId: number,
  list: readonly { memberType: MemberType; memberId: number }[],
) {
  await db.delete(assignmentMembers).where(eq(assignmentMembers.assignmentId, assignmentId));
  if (list.length === 0) return;
  await db.insert(assignmentMembers).values(list.map((m) => ({ assignmentId, ...m })));
}

export async function membersOf(db: DbOrTx, assignmentId: number) {
  const rows = await db
    .select({ memberType: assignmentMembers.memberType, memberId: assignmentMembers.memberId })
    .from(assignmentMembers)
    .where(eq(assignmentMembers.assignmentId, assignmentId));
  return rows as { memberType: MemberType; memberId: number }[];
}

export async function activityIdsOf(db: DbOrTx, assignmentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: assignmentActivities.activityId })
    .from(assignmentActivities)
    .where(eq(assignmentActivities.assignmentId, assignmentId))
    .orderBy(asc(assignmentActivities.position));
  return rows.map((r) => r.id);
}

/** The clause of a scoped list (001 section 2: assignments under an account, class, student, ...). */
