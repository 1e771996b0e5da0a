import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { activities, assignmentActivities, assignments, attempts, users } from '../../db/schema';
import { assignmentReachable, visibleToStudent, type Reach } from '../assignments/assignment-scope.repo';

// Attempts and the assignment and activity each is of; answers are in attempt-answers.repo.ts, screen states in
// attempt-states.repo.ts, the students an assignment is for in attempt-students.repo.ts. Who reaches an attempt:
// its own student (while the assignment is live), and staff who reach its assignment (the assignments module's one
// rule, assignment-scope.repo.ts).

export type AttemptRow = typeof attempts.$inferSelect;

/** "First Last", as every attempts view names a student. */
export const studentName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

// ---- the assignment and activity an attempt is of ----

export interface StudentAssignment {
  id: number;
  name: string;
  startAt: Date;
  dueAt: Date | null;
  accountId: number;
}

// The exam-start path's reads (start an attempt), built once per database handle (preparedQuery).
const assignmentForStudent = (db: DbOrTx) =>
  preparedQuery(db, 'attempt_assignment_for_student', (d, name) => {
    const studentId = sql`${sql.placeholder('studentId')}`;
    return d
      .select({
        id: assignments.id,
        name: assignments.name,
        startAt: assignments.startAt,
        dueAt: assignments.dueAt,
        accountId: assignments.accountId,
      })
      .from(assignments)
      .where(
        and(
          eq(assignments.id, sql.placeholder('assignmentId')),
          visibleToStudent(studentId),
          sql`${assignments.accountId} = (select u.account_id from users u where u.id = ${studentId})`,
        ),
      )
      .limit(1)
      .prepare(name);
  });

/** An assignment the student sees (GET /student/assignments' rule), open or not. */
export async function findAssignmentForStudent(
  db: DbOrTx,
  studentId: number,
  assignmentId: number,
): Promise<StudentAssignment | undefined> {
  const [row] = await assignmentForStudent(db).execute({ studentId, assignmentId });
  return row;
}

export interface AssignedActivity {
  activityId: number;
  title: string;
  domainId: number;
  /** the version the assignment pinned, else the activity's published one */
  versionId: number | null;
}

const assignedActivityColumns = {
  activityId: activities.id,
  title: activities.title,
  domainId: activities.domainId,
  versionId: sql<number | null>`coalesce(${assignmentActivities.activityVersionId}, ${activities.publishedVersionId})`,
};

/** The live activities of an assignment, in its order. */
export async function listAssignedActivities(db: DbOrTx, assignmentId: number): Promise<AssignedActivity[]> {
  return db
    .select(assignedActivityColumns)
    .from(assignmentActivities)
    .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
    .where(and(eq(assignmentActivities.assignmentId, assignmentId), isNull(activities.deletedAt)))
    .orderBy(asc(assignmentActivities.position), asc(activities.id));
}

const assignedActivity = (db: DbOrTx) =>
  preparedQuery(db, 'attempt_assigned_activity', (d, name) =>
    d
      .select(assignedActivityColumns)
      .from(assignmentActivities)
      .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
      .where(
        and(
          eq(assignmentActivities.assignmentId, sql.placeholder('assignmentId')),
          eq(assignmentActivities.activityId, sql.placeholder('activityId')),
          isNull(activities.deletedAt),
        ),
      )
      .limit(1)
      .prepare(name),
  );

export async function findAssignedActivity(
  db: DbOrTx,
  assignmentId: number,
  activityId: number,
): Promise<AssignedActivity | undefined> {
  const [row] = await assignedActivity(db).execute({ assignmentId, activityId });
  return row;
}

// ---- attempts ----

/** Inserts the attempt unless the student already has one (the unique key decides a double start); undefined then. */
export async function insertAttemptIfAbsent(
  db: DbOrTx,
  v: { assignmentId: number; activityId: number; studentId: number; activityVersionId: number | null },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .insert(attempts)
    .values(v)
    .onConflictDoNothing({ target: [attempts.assignmentId, attempts.activityId, attempts.studentId] })
    .returning();
  return row;
}

const attemptByKey = (db: DbOrTx) =>
  preparedQuery(db, 'attempt_by_key', (d, name) =>
    d
      .select()
      .from(attempts)
      .where(
        and(
          eq(attempts.assignmentId, sql.placeholder('assignmentId')),
          eq(attempts.activityId, sql.placeholder('activityId')),
          eq(attempts.studentId, sql.placeholder('studentId')),
        ),
      )
      .limit(1)
      .prepare(name),
  );

export async function findAttemptByKey(
  db: DbOrTx,
  k: { assignmentId: number; activityId: number; studentId: number },
): Promise<AttemptRow | undefined> {
  const [row] = await attemptByKey(db).execute(k);
  return row;
}

/** What a view of an attempt shows around it. */
export interface AttemptContext {
  attempt: AttemptRow;
  assignment: { id: number; name: string; dueAt: Date | null; accountId: number };
  activity: { id: number; title: string; domainId: number };
  student: { id: number; name: string };
}

async function findAttemptWhere(db: DbOrTx, where: SQL, lock: boolean): Promise<AttemptContext | undefined> {
  const q = db
    .select({
      attempt: attempts,
      assignment: {
        id: assignments.id,
        name: assignments.name,
        dueAt: assignments.dueAt,
        accountId: assignments.accountId,
      },
      activity: { id: activities.id, title: activities.title, domainId: activities.domainId },
      student: { id: users.id, name: studentName },
    })
    .from(attempts)
    .innerJoin(assignments, eq(assignments.id, attempts.assignmentId))
    .innerJoin(activities, eq(activities.id, attempts.activityId))
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(where)
    .limit(1);
  // the attempt row only: saves, progress and submit of one attempt take turns
  const [row] = lock ? await q.for('update', { of: attempts }) : await q;
  return row;
}

/** The student's own attempt row of a live assignment (the save path's read: nothing around it). */
export async function findOwnAttemptRow(
  db: DbOrTx,
  studentId: number,
  attemptId: number,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.studentId, studentId),
        sql`exists (select 1 from assignments a where a.id = ${attempts.assignmentId} and a.deleted_at is null)`,
      ),
    )
    .limit(1);
  return row;
}

/** The student's own attempt of a live assignment. */
export function findOwnAttempt(db: DbOrTx, studentId: number, attemptId: number, opts: { lock?: boolean } = {}) {
  return findAttemptWhere(
    db,
    and(eq(attempts.id, attemptId), eq(attempts.studentId, studentId), isNull(assignments.deletedAt))!,
    !!opts.lock,
  );
}

/** An attempt whose assignment the staff caller reaches. */
export function findAttemptInReach(db: DbOrTx, reach: Reach, attemptId: number, opts: { lock?: boolean } = {}) {
  return findAttemptWhere(db, and(eq(attempts.id, attemptId), assignmentReachable(reach))!, !!opts.lock);
}

export async function updateAttempt(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<AttemptRow, 'status' | 'progressSection' | 'submittedAt' | 'lastSavedAt' | 'activityVersionId'>>,
): Promise<AttemptRow> {
  const [row] = await db
    .update(attempts)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(attempts.id, id))
    .returning();
  return row!;
}

export async function listAttemptsOfAssignment(db: DbOrTx, assignmentId: number): Promise<AttemptRow[]> {
  return db.select().from(attempts).where(eq(attempts.assignmentId, assignmentId));
}

/** Attempts of these students at one activity of an assignment, locked for grading. */
export async function lockAttemptsOf(
  db: DbOrTx,
  assignmentId: number,
  activityId: number,
  studentIds: readonly number[],
): Promise<AttemptRow[]> {
  if (studentIds.length === 0) return [];
  return db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.assignmentId, assignmentId),
        eq(attempts.activityId, activityId),
        inArray(attempts.studentId, [...studentIds]),
      ),
    )
    .orderBy(asc(attempts.id))
    .for('update');
}
