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

/** An answer row as raw SQL returns it (snake_case, bigint as text) -> the Drizzle row shape. */
function answerFromRaw(r: Record<string, unknown>): AnswerRow {
  return {
    id: Number(r.id),
    attemptId: Number(r.attempt_id),
    questionId: Number(r.question_id),
    screenId: Number(r.screen_id),
    section: Number(r.section),
    value: r.value as AnswerWireValue,
    revision: Number(r.revision),
    savedAt: new Date(r.saved_at as string | Date),
    score: r.score === null ? null : Number(r.score),
    isCorrect: r.is_correct === null ? null : Number(r.is_correct),
    correctValues: (r.correct_values as number[] | null) ?? null,
    reviewScore: r.review_score === null ? null : Number(r.review_score),
    reviewAnnotation: r.review_annotation ?? null,
    reviewedBy: r.reviewed_by === null ? null : Number(r.reviewed_by),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at as string | Date),
  };
}

/**
 * The save of a batch in one statement (the exam-start hot path): lock the attempt if it is still in progress at
 * this progress section, upsert the answers by the revision rule, stamp last_saved_at when something was written,
 * and return every answer of the attempt as it now stands. Null when the attempt was submitted or moved on since
 * the caller read it (nothing is written then).
 */
export async function saveAnswersIfOpen(
  db: DbOrTx,
  attemptId: number,
  progressSection: number,
  list: readonly AnswerWrite[],
): Promise<{ rows: AnswerRow[]; written: number; lastSavedAt: Date | null } | null> {
  const values = JSON.stringify(
    list.map((a) => ({
      question_id: a.questionId,
      screen_id: a.screenId,
      section: a.section,
      value: a.value,
      revision: a.revision,
      score: a.score,
      is_correct: a.isCorrect,
      correct_values: a.correctValues,
    })),
  );
  const res = await db.execute<Record<string, unknown>>(sql`
    with a as (
      select id from attempts
      where id = ${attemptId} and status = 'in_progress' and progress_section = ${progressSection}
      for update
    ), v as (
      select * from jsonb_to_recordset(${values}::jsonb) as v(question_id int, screen_id int, section int, value jsonb,
        revision bigint, score int, is_correct smallint, correct_values jsonb)
    ), ins as (
      insert into answers (attempt_id, question_id, screen_id, section, value, revision, saved_at, score, is_correct,
        correct_values)
      select a.id, v.question_id, v.screen_id, v.section, v.value, v.revision, now(), v.score, v.is_correct,
        v.correct_values
      from a, v
      on conflict (attempt_id, question_id) do update set value = excluded.value, revision = excluded.revision,
        saved_at = excluded.saved_at, screen_id = excluded.screen_id, section = excluded.section,
        score = excluded.score, is_correct = excluded.is_correct, correct_values = excluded.correct_values
      where answers.revision < excluded.revision
      returning *
    ), upd as (
      update attempts set last_saved_at = now(), updated_at = now()
      where id in (select id from a) and exists (select 1 from ins)
      returning last_saved_at
    )
    select x.*, (select count(*) from ins)::int as written, (select last_saved_at from upd) as touched_at
    from (
      select * from ins
      union all
      select * from answers
      where attempt_id = ${attemptId} and exists (select 1 from a) and question_id not in (select question_id from ins)
    ) x
    order by x.question_id`);
  if (res.rows.length === 0) return null;
  const first = res.rows[0]!;
  return {
    rows: res.rows.map(answerFromRaw),
    written: Number(first.written),
    lastSavedAt: first.touched_at ? new Date(first.touched_at as string | Date) : null,
  };
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

// ---- the student's lab group (Vernier's group parameters, 000 section 7) ----

export interface StudentLabGroup {
  id: number;
  ownerId: number | null;
  members: number;
  started: number;
}

/**
 * The lab group a student works in for an assignment's activity: one of the assignment's own lab groups, else one of
 * the lab groups of a class the assignment is for (docs/attempts.md). `started` counts the members with an attempt.
 */
export async function findStudentLabGroup(
  db: DbOrTx,
  assignmentId: number,
  activityId: number,
  studentId: number,
): Promise<StudentLabGroup | undefined> {
  const res = await db.execute<{ id: number; owner_id: number | null; members: number; started: number }>(sql`
    select lg.id,
      (select u.user_id from lab_group_users u where u.lab_group_id = lg.id and u.is_owner
        order by u.user_id limit 1) as owner_id,
      (select count(*)::int from lab_group_users u where u.lab_group_id = lg.id) as members,
      (select count(*)::int from lab_group_users u join attempts t on t.student_id = u.user_id
        and t.assignment_id = ${assignmentId} and t.activity_id = ${activityId}
        where u.lab_group_id = lg.id) as started
    from lab_groups lg
    join lab_group_users m on m.lab_group_id = lg.id and m.user_id = ${studentId}
    where lg.assignment_id = ${assignmentId}
      or (lg.assignment_id is null and lg.class_id in (
        select member_id from assignment_members where assignment_id = ${assignmentId} and member_type = 'class'))
    order by (lg.assignment_id is null), lg.id
    limit 1
  `);
  const row = res.rows[0];
  return row && { id: row.id, ownerId: row.owner_id, members: row.members, started: row.started };
}
