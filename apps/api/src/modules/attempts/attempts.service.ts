import type { Question } from '@aula/domain/activity-content';
import { answerFromWire, validateAnswers, type AnswerValue } from '@aula/domain/answers';
import type { AttemptView } from '@aula/domain/attempts';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { queueScoreSync } from '../lti/ags.trigger';
import { transactionWithEvents } from '../realtime/after-commit';
import { ownAttempt, refuseSubmitted } from './attempt-access';
import { latestEssayText, listAnswers, type AnswerRow } from './attempt-answers.repo';
import { attemptContent, emitProgress } from './attempt-content';
import { buildView, viewOf } from './attempt-view';
import {
  findAssignedActivity,
  findAssignmentForStudent,
  findAttemptByKey,
  insertAttemptIfAbsent,
  updateAttempt,
} from './attempts.repo';

// Issue 6: a student works through an assignment's activity (start or resume, save answers and widget states, move
// on section by section, submit); teachers follow progress, open a student's work and score essays and drawings.
// Rules and decisions: docs/attempts.md. This file is the student's start or resume, progress and submit; saving is
// attempt-answers.service.ts, the teachers' progress and preview attempt-review.service.ts, grading
// attempt-grading.service.ts.

const msg = {
  notOpen: { key: 'attempts.notOpen' },
  noSection: 'attempts.noSection',
} as const;

/**
 * POST /student/assignments/:id/activities/:activityId/attempt: the student's attempt at an activity of an assignment
 * they see and that has opened, created on first call (pinned to the assignment's version) and returned after.
 * No transaction: the one write is a single insert, and the exam-start rush makes every round trip count.
 */
export async function startAttempt(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  activityId: number,
  now: Date = new Date(),
): Promise<AttemptView> {
  const db = deps.db;
  const studentId = auth.user.id;
  const assignment = await findAssignmentForStudent(db, studentId, assignmentId);
  if (!assignment) throw new NotFoundError();
  const activity = await findAssignedActivity(db, assignmentId, activityId);
  if (!activity || activity.versionId === null) throw new NotFoundError();
  const key = { assignmentId, activityId, studentId };
  let attempt = await findAttemptByKey(db, key);
  let created = false;
  if (!attempt) {
    if (assignment.startAt.getTime() > now.getTime()) throw new ConflictError(msg.notOpen);
    // two first starts at once (two tabs, a retried request): the unique key lets one insert, the other reads it
    const inserted = await insertAttemptIfAbsent(db, { ...key, activityVersionId: activity.versionId });
    created = !!inserted;
    attempt = inserted ?? (await findAttemptByKey(db, key))!;
  }
  const content = await attemptContent(deps, db, attempt);
  if (created) await emitProgress(deps, db, attempt, content, []);
  return buildView(
    deps,
    auth,
    {
      attempt,
      assignment,
      activity: { id: activity.activityId, title: activity.title, domainId: activity.domainId },
      student: { id: studentId, name: `${auth.user.firstName} ${auth.user.lastName}` },
      content,
    },
    'student',
    created,
  );
}

/** GET /student/attempts/:id */
export async function getAttempt(deps: Deps, auth: AuthContext, attemptId: number): Promise<AttemptView> {
  return viewOf(deps, auth, await ownAttempt(deps.db, auth, attemptId), 'student');
}

/** 000 section 5 over these questions with the stored answers; 422 naming each failing question. */
function refuseIncomplete(questions: readonly Question[], answers: readonly AnswerRow[]) {
  const values: Record<number, AnswerValue> = {};
  const types = new Map(questions.map((q) => [q.id, q.type]));
  for (const a of answers) {
    const type = types.get(a.questionId);
    if (type) values[a.questionId] = answerFromWire(a.value, type);
  }
  // the server cannot see a Tuva simulation load: that wait is the student app's (docs/attempts.md)
  const failing = validateAnswers(questions, values, { mode: 'student_work', tuvaReady: true });
  const entries = Object.entries(failing);
  if (entries.length === 0) return;
  const errors: Record<string, MessageRef[]> = {};
  for (const [qid, key] of entries) errors[qid] = [{ key }];
  throw new ValidationError(errors, { key: entries[0]![1] });
}

/**
 * POST /student/attempts/:id/progress: move on to a section. Every question of the sections before it must pass
 * 000 section 5; a section at or before the current one changes nothing (progress never goes back).
 */
export async function progressAttempt(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  section: number,
): Promise<AttemptView> {
  await transactionWithEvents(deps, async (tx) => {
    const { attempt } = await ownAttempt(tx, auth, attemptId, true);
    refuseSubmitted(attempt);
    const content = await attemptContent(deps, tx, attempt);
    if (section > content.sections) throw ValidationError.field('section', msg.noSection, { section }, true);
    if (section <= attempt.progressSection) return;
    const before = [...content.questions.values()].filter((q) => q.section < section).map((q) => q.question);
    refuseIncomplete(before, await listAnswers(tx, attempt.id));
    const updated = await updateAttempt(tx, attempt.id, { progressSection: section });
    await emitProgress(deps, tx, updated, content);
  });
  return getAttempt(deps, auth, attemptId);
}

/**
 * POST /student/attempts/:id/submit: every question must pass 000 section 5; the attempt is then submitted and the
 * student sees scores. Submitting again returns the submitted attempt (a retried request after a lost reply).
 */
export async function submitAttempt(deps: Deps, auth: AuthContext, attemptId: number): Promise<AttemptView> {
  await transactionWithEvents(deps, async (tx) => {
    const { attempt } = await ownAttempt(tx, auth, attemptId, true);
    if (attempt.status === 'submitted') return;
    const content = await attemptContent(deps, tx, attempt);
    refuseIncomplete(content.list, await listAnswers(tx, attempt.id));
    const updated = await updateAttempt(tx, attempt.id, {
      status: 'submitted',
      submittedAt: new Date(),
      progressSection: Math.max(attempt.progressSection, content.sections),
    });
    await emitProgress(deps, tx, updated, content);
    // the automatic score goes back to an LMS whose LTI link covers this work (docs/lti.md)
    await queueScoreSync(deps, tx, {
      assignmentId: attempt.assignmentId,
      activityId: attempt.activityId,
      studentIds: [attempt.studentId],
    });
  });
  return getAttempt(deps, auth, attemptId);
}

/**
 * GET /student/attempts/:id/previous-submission?questionId=N (000 section 7): the student's latest essay text for this
 * question in another attempt, or null. A question that is not in this attempt is a 404.
 */
export async function previousSubmission(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  questionId: number,
): Promise<{ value: string | null }> {
  const { attempt } = await ownAttempt(deps.db, auth, attemptId);
  const vq = (await attemptContent(deps, deps.db, attempt)).questions.get(questionId);
  if (!vq) throw new NotFoundError();
  if (vq.question.type !== 'essay') return { value: null };
  return { value: await latestEssayText(deps.db, auth.user.id, attempt.id, questionId) };
}
