import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  assignmentActivities,
  assignmentSets,
  assignments,
  attempts,
  ltiDeployments,
  ltiPlatforms,
} from '../../db/schema';

// Assignment sets through LTI (issue 18 items 3-4; docs/lti.md): the sets a deployment offers in the deep-linking
// picker (its district's own), and what a launch of a set link needs (the set's assignments, the learner's
// submitted work).

// table-qualified by hand: a select with no join renders drizzle's columns unqualified
const liveAssignmentsOfSet = sql<number>`(select count(*)::int from assignments a where a.assignment_set_id = "assignment_sets"."id" and a.deleted_at is null)`;

/** The district's assignment sets (not deleted), by name; `ids` narrows the list to those. */
export async function offeredAssignmentSets(db: DbOrTx, accountId: number, ids?: number[]) {
  return db
    .select({ id: assignmentSets.id, name: assignmentSets.name, assignmentsCount: liveAssignmentsOfSet })
    .from(assignmentSets)
    .where(
      and(
        eq(assignmentSets.accountId, accountId),
        isNull(assignmentSets.deletedAt),
        ids ? sql`${assignmentSets.id} = any(${sql.param(ids)}::int[])` : undefined,
      ),
    )
    .orderBy(asc(assignmentSets.name), asc(assignmentSets.id));
}

/** A set of the district (not deleted). */
export async function findDistrictAssignmentSet(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select({ id: assignmentSets.id, name: assignmentSets.name, createdBy: assignmentSets.createdBy })
    .from(assignmentSets)
    .where(and(eq(assignmentSets.id, id), eq(assignmentSets.accountId, accountId), isNull(assignmentSets.deletedAt)));
  return row;
}

/** The set's assignments (not deleted) by start date, each with its activity ids in order. */
export async function assignmentsOfSet(db: DbOrTx, setId: number) {
  const rows = await db
    .select({
      id: assignments.id,
      startAt: assignments.startAt,
      dueAt: assignments.dueAt,
      activityId: assignmentActivities.activityId,
    })
    .from(assignments)
    .leftJoin(assignmentActivities, eq(assignmentActivities.assignmentId, assignments.id))
    .where(and(eq(assignments.assignmentSetId, setId), isNull(assignments.deletedAt)))
    .orderBy(asc(assignments.startAt), asc(assignments.id), asc(assignmentActivities.position));
  const out: { id: number; startAt: Date; dueAt: Date | null; activityIds: number[] }[] = [];
  for (const r of rows) {
    let last = out[out.length - 1];
    if (last?.id !== r.id) {
      last = { id: r.id, startAt: r.startAt, dueAt: r.dueAt, activityIds: [] };
      out.push(last);
    }
    if (r.activityId !== null) last.activityIds.push(r.activityId);
  }
  return out;
}

/** `assignment:activity` keys of the student's submitted attempts in these assignments. */
export async function submittedWork(db: DbOrTx, studentId: number, assignmentIds: number[]): Promise<Set<string>> {
  if (!assignmentIds.length) return new Set();
  const rows = await db
    .select({ assignmentId: attempts.assignmentId, activityId: attempts.activityId })
    .from(attempts)
    .where(
      and(
        eq(attempts.studentId, studentId),
        eq(attempts.status, 'submitted'),
        sql`${attempts.assignmentId} = any(${sql.param(assignmentIds)}::int[])`,
      ),
    );
  return new Set(rows.map((r) => `${r.assignmentId}:${r.activityId}`));
}

/** The district's domain and its LTI deployments (where a pasted link can launch). */
export async function districtDeployments(db: DbOrTx, accountId: number) {
  const [account] = await db.select({ domainId: accounts.domainId }).from(accounts).where(eq(accounts.id, accountId));
  const deployments = await db
    .select({
      id: ltiDeployments.id,
      name: ltiDeployments.name,
      deploymentId: ltiDeployments.deploymentId,
      isActive: ltiDeployments.isActive,
      platformName: ltiPlatforms.name,
    })
    .from(ltiDeployments)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .where(eq(ltiDeployments.accountId, accountId))
    .orderBy(asc(ltiPlatforms.name), asc(ltiDeployments.id));
  return { domainId: account?.domainId ?? null, deployments };
}
