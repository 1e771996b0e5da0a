import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  assignments,
  ltiDeployments,
  ltiPlatforms,
  ltiResourceLinks,
  ltiScoreSends,
  oauthConnections,
  users,
} from '../../db/schema';
import { SIGN_IN_TYPES } from '@aula/domain/auth';

// Assignment and Grade Services rows (docs/lti.md): which LTI links a student's work on an assignment counts for,
// the student's LTI subject on a platform, and the score sends with their status.

export type LtiScoreSendRow = typeof ltiScoreSends.$inferSelect;

/**
 * The links an assignment's activity counts for: links to the assignment (all its activities, or this one), and
 * links to the activity alone from a deployment of the assignment's district. Only links that can take a score
 * (a line item, or the line items URL to create one) count.
 */
export function coveringLinks(db: DbOrTx, assignmentId: number, activityId?: number) {
  const activityMatch =
    activityId === undefined
      ? sql`true`
      : or(isNull(ltiResourceLinks.activityId), eq(ltiResourceLinks.activityId, activityId));
  const activityOnly =
    activityId === undefined
      ? sql`false`
      : and(
          isNull(ltiResourceLinks.assignmentId),
          eq(ltiResourceLinks.activityId, activityId),
          eq(ltiDeployments.accountId, assignments.accountId),
        );
  return db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms, accountId: ltiDeployments.accountId })
    .from(ltiResourceLinks)
    .innerJoin(ltiDeployments, eq(ltiDeployments.id, ltiResourceLinks.deploymentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(assignments, eq(assignments.id, assignmentId))
    .where(
      and(
        or(and(eq(ltiResourceLinks.assignmentId, assignmentId), activityMatch), activityOnly),
        or(sql`${ltiResourceLinks.lineItemUrl} is not null`, sql`${ltiResourceLinks.lineItemsUrl} is not null`),
      ),
    )
    .orderBy(ltiResourceLinks.id);
}

/** Whether any link can take a score for this activity of the assignment (a cheap check before sending a job). */
export async function hasCoveringLink(db: DbOrTx, assignmentId: number, activityId: number): Promise<boolean> {
  const rows = await coveringLinks(db, assignmentId, activityId).limit(1);
  return rows.length > 0;
}

/** The student's LTI subject on a platform: the identity link (issuer + subject) the launch recorded. */
export async function studentSubject(db: DbOrTx, studentId: number, issuer: string): Promise<string | null> {
  const [row] = await db
    .select({ subject: oauthConnections.subject })
    .from(oauthConnections)
    .where(
      and(
        eq(oauthConnections.userId, studentId),
        eq(oauthConnections.provider, SIGN_IN_TYPES.lti),
        eq(oauthConnections.issuer, issuer),
      ),
    )
    .orderBy(desc(oauthConnections.id))
    .limit(1);
  return row?.subject ?? null;
}

export interface ScoreValues {
  resourceLinkId: number;
  studentId: number;
  assignmentId: number;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
  scoredAt: Date;
}

/**
 * The link + student's send set to this score. An unchanged score that was sent or is pending is left alone (null:
 * nothing to send); otherwise the revision goes up and the row is pending with no tries.
 */
export async function upsertScoreSend(db: DbOrTx, v: ScoreValues): Promise<LtiScoreSendRow | null> {
  const changed = sql`(${ltiScoreSends.status} = 'failed' or ${ltiScoreSends.assignmentId} is distinct from excluded.assignment_id
    or ${ltiScoreSends.scoreGiven} is distinct from excluded.score_given
    or ${ltiScoreSends.scoreMaximum} is distinct from excluded.score_maximum
    or ${ltiScoreSends.activityProgress} is distinct from excluded.activity_progress
    or ${ltiScoreSends.gradingProgress} is distinct from excluded.grading_progress)`;
  const rows = await db
    .insert(ltiScoreSends)
    .values({ ...v, status: 'pending' })
    .onConflictDoUpdate({
      target: [ltiScoreSends.resourceLinkId, ltiScoreSends.studentId],
      set: {
        assignmentId: v.assignmentId,
        scoreGiven: v.scoreGiven,
        scoreMaximum: v.scoreMaximum,
        activityProgress: v.activityProgress,
        gradingProgress: v.gradingProgress,
        scoredAt: v.scoredAt,
        status: 'pending',
        revision: sql`${ltiScoreSends.revision} + 1`,
        tries: 0,
        lastError: null,
        updatedAt: sql`now()`,
      },
      setWhere: changed,
    })
    .returning();
  return rows[0] ?? null;
}

/** A send with everything the send job needs: the link, its platform, the student. */
export async function findSendContext(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ send: ltiScoreSends, link: ltiResourceLinks, platform: ltiPlatforms })
    .from(ltiScoreSends)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiScoreSends.resourceLinkId))
    .innerJoin(ltiDeployments, eq(ltiDeployments.id, ltiResourceLinks.deploymentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .where(eq(ltiScoreSends.id, id));
  return row;
}

/** Records a try's outcome, only while the send is still at that revision (a newer score has its own job). */
export async function recordTry(
  db: DbOrTx,
  id: number,
  revision: number,
  outcome: { status: 'pending' | 'sent' | 'failed'; error: string | null },
): Promise<void> {
  await db
    .update(ltiScoreSends)
    .set({
      status: outcome.status,
      lastError: outcome.error,
      tries: sql`${ltiScoreSends.tries} + 1`,
      sentAt: outcome.status === 'sent' ? sql`now()` : ltiScoreSends.sentAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(ltiScoreSends.id, id), eq(ltiScoreSends.revision, revision)));
}

/** A failed send set pending again for another round of tries (the teacher's retry). */
export async function resetFailedSend(db: DbOrTx, id: number): Promise<LtiScoreSendRow | undefined> {
  const [row] = await db
    .update(ltiScoreSends)
    .set({ status: 'pending', tries: 0, revision: sql`${ltiScoreSends.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(ltiScoreSends.id, id), eq(ltiScoreSends.status, 'failed')))
    .returning();
  return row;
}

export async function findLink(db: DbOrTx, linkId: number) {
  const [row] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, linkId));
  return row;
}

/**
 * Claims the creation of the link's line item: true for the one caller that may create it now (no line item yet, and
 * no other claim younger than `staleSeconds`). No transaction is held over the platform call.
 */
export async function claimLineItem(db: DbOrTx, linkId: number, staleSeconds: number): Promise<boolean> {
  const rows = await db
    .update(ltiResourceLinks)
    .set({ lineItemClaimedAt: sql`now()` })
    .where(
      and(
        eq(ltiResourceLinks.id, linkId),
        isNull(ltiResourceLinks.lineItemUrl),
        or(
          isNull(ltiResourceLinks.lineItemClaimedAt),
          sql`${ltiResourceLinks.lineItemClaimedAt} < now() - make_interval(secs => ${staleSeconds})`,
        ),
      ),
    )
    .returning({ id: ltiResourceLinks.id });
  return rows.length === 1;
}

export async function releaseLineItemClaim(db: DbOrTx, linkId: number): Promise<void> {
  await db.update(ltiResourceLinks).set({ lineItemClaimedAt: null }).where(eq(ltiResourceLinks.id, linkId));
}

export async function setLineItemUrl(db: DbOrTx, linkId: number, url: string): Promise<void> {
  await db
    .update(ltiResourceLinks)
    .set({ lineItemUrl: url, lineItemClaimedAt: null, updatedAt: sql`now()` })
    .where(eq(ltiResourceLinks.id, linkId));
}

/** Every send of an assignment, for the teacher's review screen: newest score first. */
export async function listSendsOfAssignment(db: DbOrTx, assignmentId: number) {
  return db
    .select({
      send: ltiScoreSends,
      contextTitle: ltiResourceLinks.contextTitle,
      platformName: ltiPlatforms.name,
      studentName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(ltiScoreSends)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiScoreSends.resourceLinkId))
    .innerJoin(ltiDeployments, eq(ltiDeployments.id, ltiResourceLinks.deploymentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(users, eq(users.id, ltiScoreSends.studentId))
    .where(eq(ltiScoreSends.assignmentId, assignmentId))
    .orderBy(users.lastName, users.firstName, ltiScoreSends.id);
}
