import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AnswerWireValue } from '@aula/domain/answers';
import { executeStatement, type DbOrTx } from '../../db/client';
import { answers, attempts } from '../../db/schema';

// An attempt's answers: read, saved by the revision rule (the exam-start hot path is saveAnswersIfOpen), graded,
// and the previous submission of 000 section 7. The caller has checked who reaches the attempt (attempts.repo.ts).

export type AnswerRow = typeof answers.$inferSelect;

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

// The save of a batch (saveAnswersIfOpen) as one constant statement: $1 attempt, $2 student, $3 progress section,
// $4 the answers as a JSON array.
const SAVE_IF_OPEN = `
    with a as (
      select id from attempts
      where id = $1 and student_id = $2 and status = 'in_progress'
        and progress_section = $3
        and exists (select 1 from assignments s where s.id = attempts.assignment_id and s.deleted_at is null)
      for update of attempts
    ), v as (
      select * from jsonb_to_recordset($4::jsonb) as v(question_id int, screen_id int, section int, value jsonb,
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
      where attempt_id = $1 and exists (select 1 from a) and question_id not in (select question_id from ins)
    ) x
    order by x.question_id`;

/**
 * The save of a batch in one statement (the exam-start hot path): lock the attempt if it is still in progress at
 * this progress section, upsert the answers by the revision rule, stamp last_saved_at when something was written,
 * and return every answer of the attempt as it now stands. Null when the attempt was submitted or moved on since
 * the caller read it (nothing is written then). A constant statement, prepared once per connection.
 */
export async function saveAnswersIfOpen(
  db: DbOrTx,
  attempt: { id: number; studentId: number; progressSection: number },
  list: readonly AnswerWrite[],
): Promise<{ rows: AnswerRow[]; written: number; lastSavedAt: Date | null } | null> {
  const { id: attemptId, studentId, progressSection } = attempt;
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
  const rows = await executeStatement<Record<string, unknown>>(db, 'attempt_save_answers', SAVE_IF_OPEN, [
    attemptId,
    studentId,
    progressSection,
    values,
  ]);
  if (rows.length === 0) return null;
  const first = rows[0]!;
  return {
    rows: rows.map(answerFromRaw),
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
