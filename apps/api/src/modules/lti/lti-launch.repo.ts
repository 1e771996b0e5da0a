import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  activities,
  assignmentActivities,
  assignmentMembers,
  assignments,
  ltiDeployments,
  ltiLaunches,
  ltiLaunchStates,
  ltiPlatforms,
} from '../../db/schema';

// Launch bookkeeping (issue 18 items 3-4): login states, verified launches and their handoffs, and the lookups a
// launch makes (platforms by issuer, deployments, the activities a deep-linking picker offers).

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiLaunchRow = typeof ltiLaunches.$inferSelect;
export type LtiLaunchStateRow = typeof ltiLaunchStates.$inferSelect;

export async function findPlatformsByIssuer(db: DbOrTx, issuer: string, clientId?: string) {
  return db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, issuer), clientId ? eq(ltiPlatforms.clientId, clientId) : undefined))
    .orderBy(asc(ltiPlatforms.id));
}

export async function findPlatform(db: DbOrTx, id: number): Promise<LtiPlatformRow | undefined> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row;
}

export async function insertState(db: DbOrTx, values: typeof ltiLaunchStates.$inferInsert): Promise<void> {
  await db.delete(ltiLaunchStates).where(sql`${ltiLaunchStates.expiresAt} < now() - interval '1 day'`);
  await db.insert(ltiLaunchStates).values(values);
}

/** Spends a state: the row when it was unused and unexpired, else undefined (a second use finds nothing). */
export async function consumeState(db: DbOrTx, stateHash: string): Promise<LtiLaunchStateRow | undefined> {
  const [row] = await db
    .update(ltiLaunchStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ltiLaunchStates.stateHash, stateHash),
        isNull(ltiLaunchStates.usedAt),
        gt(ltiLaunchStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The deployment a launch names on its platform, with whether its district is still there. */
export async function findDeployment(db: DbOrTx, platformId: number, deploymentId: string) {
  const [row] = await db
    .select({ deployment: ltiDeployments, accountDeleted: sql<boolean>`${accounts.deletedAt} is not null` })
    .from(ltiDeployments)
    .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId))
    .where(and(eq(ltiDeployments.platformId, platformId), eq(ltiDeployments.deploymentId, deploymentId)));
  return row;
}

export async function findDeploymentById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ deployment: ltiDeployments, platform: ltiPlatforms, domainId: accounts.domainId })
    .from(ltiDeployments)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId))
    .where(eq(ltiDeployments.id, id));
  return row;
}

export async function insertLaunch(db: DbOrTx, values: typeof ltiLaunches.$inferInsert): Promise<LtiLaunchRow> {
  await db.delete(ltiLaunches).where(sql`${ltiLaunches.expiresAt} < now() - interval '1 day'`);
  const [row] = await db.insert(ltiLaunches).values(values).returning();
  return row!;
}

/** Spends a handoff: the launch when its handoff is unused and unexpired. */
export async function consumeHandoff(db: DbOrTx, handoffHash: string): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .update(ltiLaunches)
    .set({ handoffUsedAt: sql`now()` })
    .where(
      and(
        eq(ltiLaunches.handoffHash, handoffHash),
        isNull(ltiLaunches.handoffUsedAt),
        gt(ltiLaunches.handoffExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The caller's own live deep-linking launch. */
export async function findOpenDeepLink(db: DbOrTx, id: number, userId: number): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .select()
    .from(ltiLaunches)
    .where(
      and(
        eq(ltiLaunches.id, id),
        eq(ltiLaunches.userId, userId),
        eq(ltiLaunches.messageType, 'LtiDeepLinkingRequest'),
        isNull(ltiLaunches.respondedAt),
        gt(ltiLaunches.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Marks the deep-linking launch answered; false when another answer came first. */
export async function markResponded(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(ltiLaunches)
    .set({ respondedAt: sql`now()` })
    .where(and(eq(ltiLaunches.id, id), isNull(ltiLaunches.respondedAt)))
    .returning({ id: ltiLaunches.id });
  return rows.length === 1;
}

/**
 * The published activities a deployment offers: its district's own, plus (catalog deployments) the activities its
 * domain shares with every district. `ids` narrows the list to those.
 */
export async function offeredActivities(
  db: DbOrTx,
  d: { accountId: number; domainId: number; isCatalog: boolean },
  ids?: number[],
) {
  const own = eq(activities.accountId, d.accountId);
  const shared = and(isNull(activities.accountId), eq(activities.domainId, d.domainId));
  const rows = await db
    .select({ id: activities.id, title: activities.title, accountId: activities.accountId })
    .from(activities)
    .where(
      and(
        d.isCatalog ? or(own, shared) : own,
        eq(activities.status, 'published'),
        sql`${activities.publishedVersionId} is not null`,
        isNull(activities.deletedAt),
        isNull(activities.archivedAt),
        ids ? sql`${activities.id} = any(${sql.param(ids)}::int[])` : undefined,
      ),
    )
    .orderBy(asc(activities.title), asc(activities.id));
  return rows.map((r) => ({ id: r.id, title: r.title, shared: r.accountId === null }));
}

/** The published version of an activity (what an LTI assignment pins). */
export async function publishedVersionOf(db: DbOrTx, activityId: number) {
  const [row] = await db
    .select({ versionId: activities.publishedVersionId, title: activities.title })
    .from(activities)
    .where(eq(activities.id, activityId));
  return row;
}

/** An assignment of the district (not deleted) with its activity ids in order. */
export async function findDistrictAssignment(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select({ id: assignments.id, name: assignments.name, createdBy: assignments.createdBy })
    .from(assignments)
    .where(and(eq(assignments.id, id), eq(assignments.accountId, accountId), isNull(assignments.deletedAt)));
  if (!row) return undefined;
  const acts = await db
    .select({ id: assignmentActivities.activityId })
    .from(assignmentActivities)
    .where(eq(assignmentActivities.assignmentId, id))
    .orderBy(asc(assignmentActivities.position));
  return { ...row, activityIds: acts.map((a) => a.id) };
}

export async function insertLtiAssignment(
  db: DbOrTx,
  v: {
    accountId: number;
    name: string;
    activityId: number;
    versionId: number;
    createdBy: number | null;
    assignmentSetId?: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(assignments)
    .values({
      accountId: v.accountId,
      name: v.name,
      startAt: new Date(),
      createdBy: v.createdBy,
      assignmentSetId: v.assignmentSetId ?? null,
    })
    .returning({ id: assignments.id });
  await db
    .insert(assignmentActivities)
    .values({ assignmentId: row!.id, activityId: v.activityId, activityVersionId: v.versionId, position: 0 });
  return row!.id;
}

/** The instructor becomes the author of a link's assignment nobody authored (a learner's launch made it). */
export async function claimAssignment(db: DbOrTx, assignmentId: number, userId: number): Promise<void> {
  await db
    .update(assignments)
    .set({ createdBy: userId, updatedAt: sql`now()` })
    .where(and(eq(assignments.id, assignmentId), isNull(assignments.createdBy)));
}

/** The student is named on the assignment (a launching learner of the course sees it). */
export async function addStudentMember(db: DbOrTx, assignmentId: number, studentId: number): Promise<void> {
  await db
    .insert(assignmentMembers)
    .values({ assignmentId, memberType: 'student', memberId: studentId })
    .onConflictDoNothing();
}
