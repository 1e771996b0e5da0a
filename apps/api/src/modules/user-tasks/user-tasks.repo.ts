import { and, asc, count, desc, eq, exists, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, sessions, userOrganizations, users, userTasks } from '../../db/schema';

export type UserTaskRow = typeof userTasks.$inferSelect;

export async function insertUserTask(
  db: DbOrTx,
  v: { userId: number; accountId: number | null; type: string; payload: Record<string, unknown> },
): Promise<UserTaskRow> {
  const [row] = await db
    .insert(userTasks)
    .values({ ...v, status: 'pending' })
    .returning();
  return row!;
}

export async function findUserTaskById(db: DbOrTx, id: number): Promise<UserTaskRow | undefined> {
  const [row] = await db.select().from(userTasks).where(eq(userTasks.id, id)).limit(1);
  return row;
}

/** Only the owner's: another user's task is "not found". */
export async function findUserTaskOfUser(db: DbOrTx, id: number, userId: number): Promise<UserTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(userTasks)
    .where(and(eq(userTasks.id, id), eq(userTasks.userId, userId)))
    .limit(1);
  return row;
}

export async function listUserTasksOfUser(
  db: DbOrTx,
  userId: number,
  opts: { statuses?: readonly string[] | undefined; type?: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserTaskRow[]; total: number }> {
  const where = and(
    eq(userTasks.userId, userId),
    opts.statuses?.length ? inArray(userTasks.status, [...opts.statuses]) : undefined,
    opts.type ? eq(userTasks.type, opts.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userTasks)
      .where(where)
      .orderBy(desc(userTasks.createdAt), desc(userTasks.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(userTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Claims the task for one attempt: pending (or processing, when a crashed attempt is retried) becomes processing and
 * the attempt is counted. Undefined when the task is gone or already finished, so a duplicate job does nothing.
 */
export async function markUserTaskProcessing(db: DbOrTx, id: number): Promise<UserTaskRow | undefined> {
  const [row] = await db
    .update(userTasks)
    .set({ status: 'processing', attempts: sql`${userTasks.attempts} + 1`, startedAt: new Date(), error: null })
    .where(and(eq(userTasks.id, id), inArray(userTasks.status, ['pending', 'processing'])))
    .returning();
  return row;
}

export async function markUserTaskCompleted(
  db: DbOrTx,
  id: number,
  result: { file: string; name: string; type: string },
): Promise<UserTaskRow | undefined> {
  const [row] = await db
    .update(userTasks)
    .set({
      status: 'completed',
      resultFile: result.file,
      resultName: result.name,
      resultType: result.type,
      error: null,
      finishedAt: new Date(),
    })
    .where(and(eq(userTasks.id, id), eq(userTasks.status, 'processing')))
    .returning();
  return row;
}

export async function markUserTaskFailed(db: DbOrTx, id: number, error: string): Promise<UserTaskRow | undefined> {
  const [row] = await db
    .update(userTasks)
    .set({ status: 'error', error, finishedAt: new Date() })
    .where(and(eq(userTasks.id, id), inArray(userTasks.status, ['pending', 'processing'])))
    .returning();
  return row;
}

export async function findLiveAccount(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; domainId: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, domainId: accounts.domainId, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .limit(1);
  return row;
}

export interface UserActivityRow {
  id: number;
  role: string;
  firstName: string;
  lastName: string;
  email: string | null;
  lastSignInAt: Date | string | null;
}

/** The account's users (optionally only members of some organizations) with their latest sign-in. */
export async function listUsersWithLastSignIn(
  db: DbOrTx,
  opts: { accountId: number; organizationIds?: readonly number[] | undefined },
): Promise<UserActivityRow[]> {
  const orgIds = opts.organizationIds;
  return db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      lastSignInAt: max(sessions.createdAt),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.accountId, opts.accountId),
        isNull(users.deletedAt),
        orgIds
          ? exists(
              db
                .select({ one: sql`1` })
                .from(userOrganizations)
                .where(
                  and(
                    eq(userOrganizations.userId, users.id),
                    inArray(userOrganizations.organizationId, orgIds.length ? [...orgIds] : [-1]),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.id));
}
