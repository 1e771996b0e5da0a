import {
  DRAWING_DOCUMENT_MAX_BYTES,
  isValidReviewScore,
  maxScore,
  needsReview,
  type AnswerSummary,
} from '@aula/domain/answers';
import type { GradeAnswerInput, GradeAnswersInput, GradeResult, GradeScreensInput } from '@aula/domain/attempts';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { queueScoreSync } from '../lti/ags.trigger';
import { transactionWithEvents } from '../realtime/after-commit';
import { attemptToGrade, reachableAssignment } from './attempt-access';
import { listAnswers, writeReview, type AnswerRow } from './attempt-answers.repo';
import { attemptContent, studentProgress, summarize } from './attempt-content';
import { publishGraded, publishProgress } from './attempts.events';
import { presentAnswer } from './attempts.present';
import { findAssignedActivity, lockAttemptsOf, type AttemptRow } from './attempts.repo';

// Teachers score essays and drawings of submitted attempts: one answer, several screens of one attempt, or one
// screen across students; each request all or nothing.

const msg = {
  notSubmitted: { key: 'attempts.notSubmitted' },
  notAnswered: { key: 'attempts.notAnswered' },
  notReviewed: 'attempts.notReviewed',
  reviewScore: 'attempts.reviewScore',
  notOnScreen: 'attempts.notOnScreen',
  annotationTooLarge: 'attempts.annotationTooLarge',
} as const;

interface Grade {
  questionId: number;
  score: number;
  annotation?: unknown;
  /** the screen the grader named (grade screens, grade answers) */
  screenId?: number;
  /** where a refusal is reported (the request's field path) */
  field: string;
}

/**
 * Checks every grade against the attempt and writes them all (the caller's transaction makes it all or nothing).
 * Only essay and drawing answers of a submitted attempt are scored, from 0 to the question's maximum.
 */
async function writeGrades(
  deps: Deps,
  tx: DbOrTx,
  auth: AuthContext,
  attempt: AttemptRow,
  grades: readonly Grade[],
  ip: string,
  accountId: number,
): Promise<{ rows: AnswerRow[]; summary: AnswerSummary }> {
  if (attempt.status !== 'submitted') throw new ConflictError(msg.notSubmitted);
  const content = await attemptContent(deps, tx, attempt);
  const answered = new Set((await listAnswers(tx, attempt.id)).map((a) => a.questionId));
  const problems: Record<string, MessageRef[]> = {};
  for (const g of grades) {
    const vq = content.questions.get(g.questionId);
    if (!vq) throw new NotFoundError();
    const q = vq.question;
    if (g.screenId !== undefined && vq.screenId !== g.screenId) problems[g.field] = [{ key: msg.notOnScreen }];
    else if (!needsReview(q.type)) problems[g.field] = [{ key: msg.notReviewed }];
    else if (!isValidReviewScore(q, g.score))
      problems[g.field] = [{ key: msg.reviewScore, params: { max: maxScore(q) ?? 0 } }];
    else if (g.annotation !== undefined && JSON.stringify(g.annotation).length > DRAWING_DOCUMENT_MAX_BYTES)
      problems[g.field.replace(/score$/, 'annotation')] = [{ key: msg.annotationTooLarge }];
    else if (!answered.has(g.questionId)) throw new ConflictError(msg.notAnswered);
  }
  const failed = Object.values(problems)[0];
  if (failed) throw new ValidationError(problems, failed[0]);
  const rows: AnswerRow[] = [];
  for (const g of grades) {
    const q = content.questions.get(g.questionId)!.question;
    // a teacher's drawn notes belong to drawings; an essay keeps none
    const annotation = q.type === 'tldraw' ? g.annotation : undefined;
    rows.push(
      (await writeReview(tx, attempt.id, g.questionId, {
        score: g.score,
        annotation,
        reviewedBy: auth.user.id,
      }))!,
    );
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId,
      action: 'attempt.answer-graded',
      entityType: 'attempt',
      entityId: attempt.id,
      subjectUserId: attempt.studentId,
      details: { question_id: g.questionId, score: g.score },
      ip,
    });
  }
  const all = await listAnswers(tx, attempt.id);
  publishGraded(deps, tx, attempt.studentId, {
    attempt_id: attempt.id,
    assignment_id: attempt.assignmentId,
    activity_id: attempt.activityId,
  });
  publishProgress(deps, tx, {
    assignment_id: attempt.assignmentId,
    student_id: attempt.studentId,
    progress: studentProgress(attempt.activityId, attempt, content, all),
  });
  // the teacher's score goes back to an LMS whose LTI link covers this work (docs/lti.md)
  await queueScoreSync(deps, tx, {
    assignmentId: attempt.assignmentId,
    activityId: attempt.activityId,
    studentIds: [attempt.studentId],
  });
  return { rows, summary: summarize(content, all) };
}

function gradeResult(attemptId: number, r: { rows: AnswerRow[]; summary: AnswerSummary }): GradeResult['data'] {
  const answers = r.rows.map((row) => presentAnswer(row, true));
  return { attempt_id: attemptId, answer: answers[0]!, summary: r.summary, answers };
}

/** POST /dashboard/attempts/:id/grade-answer */
export async function gradeAnswer(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: GradeAnswerInput,
  ip: string,
): Promise<GradeResult['data']> {
  return transactionWithEvents(deps, async (tx) => {
    const ctx = await attemptToGrade(tx, auth, attemptId);
    const grade: Grade = { questionId: input.question_id, score: input.score, field: 'score' };
    if (input.annotation !== undefined) grade.annotation = input.annotation;
    const r = await writeGrades(deps, tx, auth, ctx.attempt, [grade], ip, ctx.assignment.accountId);
    return gradeResult(ctx.attempt.id, r);
  });
}

/** POST /dashboard/attempts/:id/grade-screens: several screens of one student's attempt, all or nothing. */
export async function gradeScreens(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: GradeScreensInput,
  ip: string,
): Promise<GradeResult['data']> {
  return transactionWithEvents(deps, async (tx) => {
    const ctx = await attemptToGrade(tx, auth, attemptId);
    const grades = input.screens.flatMap((s, i) =>
      s.answers.map((a, j) => ({
        questionId: a.question_id,
        score: a.score,
        screenId: s.screen_id,
        field: `screens.${i}.answers.${j}.score`,
      })),
    );
    const r = await writeGrades(deps, tx, auth, ctx.attempt, grades, ip, ctx.assignment.accountId);
    return gradeResult(ctx.attempt.id, r);
  });
}

/**
 * POST /dashboard/assignments/:id/grade-answers: one screen's answers across the students of an assignment's
 * activity, all or nothing. One result per attempt, in the order the students first appear.
 */
export async function gradeAnswersAcross(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  input: GradeAnswersInput,
  ip: string,
): Promise<GradeResult['data'][]> {
  return transactionWithEvents(deps, async (tx) => {
    const assignment = await reachableAssignment(tx, auth, assignmentId);
    const activity = await findAssignedActivity(tx, assignmentId, input.activity_id);
    if (!activity) throw new NotFoundError();
    const studentIds = [...new Set(input.answers.map((a) => a.student_id))];
    const attempts = new Map(
      (await lockAttemptsOf(tx, assignmentId, activity.activityId, studentIds)).map((t) => [t.studentId, t]),
    );
    const out: GradeResult['data'][] = [];
    for (const studentId of studentIds) {
      const attempt = attempts.get(studentId);
      if (!attempt) throw new ConflictError(msg.notSubmitted);
      const grades = input.answers
        .map((a, i) => ({ a, i }))
        .filter(({ a }) => a.student_id === studentId)
        .map(({ a, i }) => ({
          questionId: a.question_id,
          score: a.score,
          screenId: input.screen_id,
          field: `answers.${i}.score`,
        }));
      out.push(gradeResult(attempt.id, await writeGrades(deps, tx, auth, attempt, grades, ip, assignment.accountId)));
    }
    return out;
  });
}
