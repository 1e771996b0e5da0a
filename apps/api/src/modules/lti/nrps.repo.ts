import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  classes,
  classUsers,
  ltiDeployments,
  ltiPlatforms,
  ltiResourceLinks,
  oauthConnections,
  userOrganizations,
  users,
} from '../../db/schema';
import { SIGN_IN_TYPES } from '@aula/domain/auth';

// Names and Role Provisioning Services rows (docs/lti.md): a link with its platform and district, the Aula users
// a member matches, and the writes of an import (users, identity links, class enrolments).

export async function findLinkWithPlatform(db: DbOrTx, linkId: number) {
  const [row] = await db
    .select({
      link: ltiResourceLinks,
      platform: ltiPlatforms,
      accountId: ltiDeployments.accountId,
      domainId: accounts.domainId,
    })
    .from(ltiResourceLinks)
    .innerJoin(ltiDeployments, eq(ltiDeployments.id, ltiResourceLinks.deploymentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId))
    .where(eq(ltiResourceLinks.id, linkId));
  return row;
}

/** The links mapped to a class (the class screen lists them), or opening an assignment (the assignment view). */
export async function listLinks(db: DbOrTx, where: { classId: number } | { assignmentId: number }) {
  return db
    .select({ link: ltiResourceLinks, platformName: ltiPlatforms.name })
    .from(ltiResourceLinks)
    .innerJoin(ltiDeployments, eq(ltiDeployments.id, ltiResourceLinks.deploymentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .where(
      'classId' in where
        ? eq(ltiResourceLinks.classId, where.classId)
        : eq(ltiResourceLinks.assignmentId, where.assignmentId),
    )
    .orderBy(ltiResourceLinks.id);
}

/** The class the link's course maps to (the members import goes there). */
export async function mapLinkToClass(db: DbOrTx, linkId: number, classId: number): Promise<void> {
  await db
    .update(ltiResourceLinks)
    .set({ classId, updatedAt: sql`now()` })
    .where(eq(ltiResourceLinks.id, linkId));
}

export interface MatchedUser {
  id: number;
  role: string;
  accountId: number | null;
}

const matched = { id: users.id, role: users.role, accountId: users.accountId };

/** The live user an LTI identity (issuer + subject) is linked to. */
export async function userByIdentity(db: DbOrTx, issuer: string, subject: string): Promise<MatchedUser | undefined> {
  const [row] = await db
    .select(matched)
    .from(oauthConnections)
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .where(and(eq(oauthConnections.issuer, issuer), eq(oauthConnections.subject, subject), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The district's live user with this roster sourcedId. */
export async function userBySourcedId(
  db: DbOrTx,
  accountId: number,
  sourcedId: string,
): Promise<MatchedUser | undefined> {
  const [row] = await db
    .select(matched)
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.sourcedId, sourcedId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function insertMemberUser(
  db: DbOrTx,
  v: {
    role: 'student' | 'teacher';
    domainId: number;
    accountId: number;
    organizationId: number;
    firstName: string;
    lastName: string;
    email: string | null;
    sourcedId: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      role: v.role,
      domainId: v.domainId,
      accountId: v.accountId,
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      sourcedId: v.sourcedId,
    })
    .returning({ id: users.id });
  await db.insert(userOrganizations).values({ userId: row!.id, organizationId: v.organizationId });
  return row!.id;
}

/** Links the identity to the user; false when that identity is already linked (to anyone). */
export async function linkIdentity(
  db: DbOrTx,
  v: { userId: number; issuer: string; subject: string; email: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(oauthConnections)
    .values({ ...v, provider: SIGN_IN_TYPES.lti })
    .onConflictDoNothing()
    .returning({ id: oauthConnections.id });
  return rows.length === 1;
}

/** Enrols the user in the class; false when they already were in it. */
export async function enrol(
  db: DbOrTx,
  classId: number,
  userId: number,
  type: 'student' | 'teacher',
): Promise<boolean> {
  const rows = await db
    .insert(classUsers)
    .values({ classId, userId, userType: type })
    .onConflictDoNothing()
    .returning({ userId: classUsers.userId });
  return rows.length === 1;
}

export async function classOrganization(db: DbOrTx, classId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: classes.organizationId }).from(classes).where(eq(classes.id, classId));
  return row?.id;
}
