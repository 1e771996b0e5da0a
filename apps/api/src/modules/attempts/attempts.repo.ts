import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnswerWireValue } from '@aula/domain/answers';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  answers,
  assignmentActivities,
  assignments,
  attemptStates,
  attempts,
  users,
} from '../../db/schema';
import { assignmentReachable, visibleToStudent, type Reach } from '../assignments/assignment-scope.repo';

// Attempts, their answers and screen states. Who reaches an attempt: its own student (while the assignment is
// live), and staff who reach its assignment (the assignments module's one rule, assignment-scope.repo.ts).

export type AttemptRow = typeof attempts.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;
export type StateRow = typeof attemptStates.$inferSelect;

const studentName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

// ---- the assignment and activity an attempt is of ----

export interface StudentAssignment {
  id: number;
  name: string;
  startAt: Date;
  dueAt: Date | null;
  accountId: number;
}

/** An assignment the student sees (GET /student/assignments' rule), open or not. */
export async function findAssignmentForStudent(
  db: DbOrTx,
  studentId: number,
  assignmentId: number,
): Promise<StudentAssignment | undefined> {
  const [row] = await db
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
        eq(assignments.id, assignmentId),
        visibleToStudent(studentId),
        sql`${assignments.accountId} = (select u.account_id from users u where u.id = ${studentId})`,
      ),
    )
    .limit(1);
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

export async function findAssignedActivity(
  db: DbOrTx,
  assignmentId: number,
  activityId: number,
): Promise<AssignedActivity | undefined> {
  const [row] = await db
    .select(assignedActivityColumns)
    .from(assignmentActivities)
    .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
    .where(
      and(
        eq(assignmentActivities.assignmentId, assignmentId),
        eq(assignmentActivities.activityId, activityId),
        isNull(activities.deletedAt),
      ),
    )
    .limit(1);
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

export async function findAttemptByKey(
  db: DbOrTx,
  k: { assignmentId: number; activityId: number; studentId: number },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.assignmentId, k.assignmentId),
        eq(attempts.activityId, k.activityId),
        eq(attempts.studentId, k.studentId),
      ),
    )
    .limit(1);
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

// ---- the students an assignment is for ----

export interface AssignedStudent {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
}

/** Live students the assignment is for (the student app's rule), and anyone who has an attempt at it. */
function assignedOrAttempted(assignmentId: number): SQL {
  return and(
    eq(users.role, 'student'),
    isNull(users.deletedAt),
    or(
      visibleToStudent(sql`${users.id}`),
      sql`exists (select 1 from attempts t where t.assignment_id = ${assignmentId} and t.student_id = ${users.id})`,
    ),
  )!;
}

export async function listAssignedStudents(db: DbOrTx, assignmentId: number): Promise<AssignedStudent[]> {
  return db
    .select({ id: users.id, name: studentName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(assignments, eq(assignments.id, assignmentId))
    .where(assignedOrAttempted(assignmentId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export async function findAssignedStudent(
  db: DbOrTx,
  assignmentId: number,
  studentId: number,
): Promise<AssignedStudent | undefined> {
  const [row] = await db
    .select({ id: users.id, name: studentName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(assignments, eq(assignments.id, assignmentId))
    .where(and(eq(users.id, studentId), assignedOrAttempted(assignmentId)))
    .limit(1);
  return row;
}

// ---- answers ----

export async function listAnswers(db: DbOrTx, attemptId: number): Promise<AnswerRow[]> {
  return db.select().from(answers).where(eq(answers.attemptId, attemptId)).orderBy(asc(answers.questionId));
}

/** What the progress view needs of every answer of an assignment's attempts. */
export async function listAnswerMarksOfAssignment(db: DbOrTx, assignmentId: number) {
  return db
    .select({
      attemptId: answers.attemptId,
      questionId: answers.questionId,
      isCorrect: answers.isCorrect,
      reviewScore: answers.reviewScore,
    })
    .from(answers)
    .innerJoin(attempts, eq(attempts.id, answers.attemptId))
    .where(eq(attempts.assignmentId, assignmentId));
}

export interface AnswerWrite {
  attemptId: number;
  questionId: number;
  screenId: number;
  section: number;
  value: AnswerWireValue;
  revision: number;
  score: number | null;
  isCorrect: number | null;
  correctValues: number[];
}

/**
 * Inserts the answers, or replaces stored ones whose revision is lower (never an equal or higher one: a replayed or
 * late save leaves the newer text). Returns the question ids written.
 */
export async function upsertAnswers(db: DbOrTx, list: readonly AnswerWrite[]): Promise<Set<number>> {
  if (list.length === 0) return new Set();
  const rows = await db
    .insert(answers)
    .values(list.map((a) => ({ ...a, savedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [answers.attemptId, answers.questionId],
      set: {
        value: sql`excluded.value`,
        revision: sql`excluded.revision`,
        savedAt: sql`excluded.saved_at`,
        screenId: sql`excluded.screen_id`,
        section: sql`excluded.section`,
        score: sql`excluded.score`,
        isCorrect: sql`excluded.is_correct`,
        correctValues: sql`excluded.correct_values`,
      },
      setWhere: sql`${answers.revision} < excluded.revision`,
    })
    .returning({ questionId: answers.questionId });
  return new Set(rows.map((r) => r.questionId));
}

export interface ReviewWrite {
  score: number;
  /** undefined keeps the stored annotation */
  annotation?: unknown;
  reviewedBy: number;
}

export async function writeReview(
  db: DbOrTx,
  attemptId: number,
  questionId: number,
  v: ReviewWrite,
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .update(answers)
    .set({
      reviewScore: v.score,
      ...(v.annotation !== undefined ? { reviewAnnotation: v.annotation } : {}),
      reviewedBy: v.reviewedBy,
      reviewedAt: sql`now()`,
    })
    .where(and(eq(answers.attemptId, attemptId), eq(answers.questionId, questionId)))
    .returning();
  return row;
}

/**
 * 000 section 7: the text of the student's most recent essay answer to this question in another of their attempts
 * (a screen shared between activities carries the same question).
 */
export async function latestEssayText(
  db: DbOrTx,
  studentId: number,
  exceptAttemptId: number,
  questionId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ text: sql<string | null>`${answers.value} -> 'additional' -> 0 -> 'value' ->> 'text'` })
    .from(answers)
    .innerJoin(attempts, eq(attempts.id, answers.attemptId))
    .where(
      and(
        eq(attempts.studentId, studentId),
        ne(attempts.id, exceptAttemptId),
        eq(answers.questionId, questionId),
        sql`btrim(coalesce(${answers.value} -> 'additional' -> 0 -> 'value' ->> 'text', '')) <> ''`,
      ),
    )
    .orderBy(desc(answers.savedAt), desc(answers.id))
    .limit(1);
  return row?.text ?? null;
}

// ---- screen states ----

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
