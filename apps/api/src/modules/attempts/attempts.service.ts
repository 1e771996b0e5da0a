import { LRUCache } from 'lru-cache';
import type { Question } from '@aula/domain/activity-content';
import { answerFitProblem } from '@aula/domain/answer-fit';
import {
  answerFromWire,
  DRAWING_DOCUMENT_MAX_BYTES,
  isValidReviewScore,
  maxScore,
  needsReview,
  scoreAnswer,
  summarizeAnswers,
  validateAnswers,
  withoutAnswerKey,
  type AnswerSummary,
  type AnswerValue,
  type SummaryAnswer,
} from '@aula/domain/answers';
import type {
  AssignmentProgress,
  AttemptView,
  GradeAnswerInput,
  GradeAnswersInput,
  GradeResult,
  GradeScreensInput,
  SaveAnswersInput,
  SavedAnswer,
  SaveStatesInput,
  StudentPreviewInput,
  StudentProgress,
} from '@aula/domain/attempts';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { findAssignment } from '../assignments/assignments.repo';
import { reachOf } from '../assignments/assignments.service';
import { insertAuditEntry } from '../audit/audit.repo';
import { transactionWithEvents } from '../realtime/after-commit';
import { loadVersionScreens, renderable, type VersionScreen } from '../screens/renderable-screens';
import { publishGraded, publishProgress } from './attempts.events';
import { presentAnswer, presentAttempt, presentState } from './attempts.present';
import * as repo from './attempts.repo';

// Issue 6: a student works through an assignment's activity (start or resume, save answers and widget states, move
// on section by section, submit); teachers follow progress, open a student's work and score essays and drawings.
// Rules and decisions: docs/attempts.md.

const msg = {
  notOpen: { key: 'attempts.notOpen' },
  submitted: { key: 'attempts.submitted' },
  notInActivity: { key: 'attempts.notInActivity' },
  sectionClosed: { key: 'attempts.sectionClosed' },
  notSubmitted: { key: 'attempts.notSubmitted' },
  notAnswered: { key: 'attempts.notAnswered' },
  notReviewed: 'attempts.notReviewed',
  reviewScore: 'attempts.reviewScore',
  notOnScreen: 'attempts.notOnScreen',
  annotationTooLarge: 'attempts.annotationTooLarge',
  stateTooLarge: 'attempts.stateTooLarge',
  tooManyStates: 'attempts.tooManyStates',
  noSection: 'attempts.noSection',
} as const;

/** Most screen states one attempt may hold (a state is a widget's, e.g. one per Tuva simulation). */
export const ATTEMPT_STATES_MAX = 200;

// ---------------------------------------------------------------------------------------------------------------
// The pinned version's content

interface VersionQuestion {
  question: Question;
  screenId: number;
  section: number;
}

interface VersionContent {
  screens: VersionScreen[];
  /** every question of the version by id (a question on two screens counts once, on the first) */
  questions: Map<number, VersionQuestion>;
  list: Question[];
  /** the highest section (1 for an empty version) */
  sections: number;
}

// A version's screens never change (its screen versions are frozen), so saves read them from memory: the 200 most
// recently used versions, each for at most an hour. Keyed by the database handle: tests and benches run several
// databases in one process.
const contentCache = new WeakMap<Db, LRUCache<string, VersionContent>>();
const newContentCache = () => new LRUCache<string, VersionContent>({ max: 200, ttl: 60 * 60_000 });

async function versionContent(
  deps: Deps,
  db: DbOrTx,
  activityId: number,
  versionId: number | null,
): Promise<VersionContent> {
  const key = `${activityId}:${versionId}`;
  let cache = contentCache.get(deps.db);
  if (!cache) contentCache.set(deps.db, (cache = newContentCache()));
  const hit = cache.get(key);
  if (hit) return hit;
  const screens = await loadVersionScreens(db, activityId, versionId);
  const questions = new Map<number, VersionQuestion>();
  for (const s of screens)
    for (const q of s.body.questions)
      if (!questions.has(q.id)) questions.set(q.id, { question: q, screenId: s.screen_id, section: s.section });
  const content: VersionContent = {
    screens,
    questions,
    list: [...questions.values()].map((v) => v.question),
    sections: Math.max(1, ...screens.map((s) => s.section)),
  };
  if (versionId !== null) cache.set(key, content);
  return content;
}

/** The version an attempt shows: the one it pinned (else the assignment's, should that version have been removed). */
async function attemptContent(deps: Deps, db: DbOrTx, attempt: repo.AttemptRow): Promise<VersionContent> {
  let versionId = attempt.activityVersionId;
  if (versionId === null)
    versionId = (await repo.findAssignedActivity(db, attempt.assignmentId, attempt.activityId))?.versionId ?? null;
  return versionContent(deps, db, attempt.activityId, versionId);
}

// ---------------------------------------------------------------------------------------------------------------
// Summaries and progress

function summaryAnswerOf(a: {
  questionId: number;
  isCorrect: number | null;
  reviewScore: number | null;
}): SummaryAnswer {
  return {
    question_id: a.questionId,
    is_correct: a.isCorrect as SummaryAnswer['is_correct'],
    review: a.reviewScore === null ? null : { score: a.reviewScore },
  };
}

function summarize(
  content: VersionContent,
  answers: readonly { questionId: number; isCorrect: number | null; reviewScore: number | null }[],
): AnswerSummary {
  return summarizeAnswers(
    content.list,
    answers.filter((a) => content.questions.has(a.questionId)).map(summaryAnswerOf),
  );
}

/** One student's progress on one activity, as the teachers' view and the real-time event carry it. */
function studentProgress(
  activityId: number,
  attempt: repo.AttemptRow | undefined,
  content: VersionContent,
  answers: readonly { questionId: number; isCorrect: number | null; reviewScore: number | null }[],
): StudentProgress {
  const summary = summarize(content, answers);
  return {
    activity_id: activityId,
    attempt_id: attempt?.id ?? null,
    status: attempt ? (attempt.status as StudentProgress['status']) : 'not_started',
    progress_section: attempt?.progressSection ?? 0,
    answered: answers.filter((a) => content.questions.has(a.questionId)).length,
    questions_number: summary.questions_number,
    correct_answers: summary.correct_answers,
    need_review: summary.questions.filter((q) => q.needReview).length,
    last_saved_at: attempt?.lastSavedAt?.toISOString() ?? null,
  };
}

async function emitProgress(
  deps: Deps,
  tx: DbOrTx,
  attempt: repo.AttemptRow,
  content: VersionContent,
  answers?: readonly repo.AnswerRow[],
) {
  answers ??= await repo.listAnswers(tx, attempt.id);
  publishProgress(deps, tx, {
    assignment_id: attempt.assignmentId,
    student_id: attempt.studentId,
    progress: studentProgress(attempt.activityId, attempt, content, answers),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Views

type ViewMode = 'student' | 'teacher_review' | 'student_review';

async function buildView(
  deps: Deps,
  auth: AuthContext,
  v: {
    attempt: repo.AttemptRow | null;
    assignment: { id: number; name: string; dueAt: Date | null };
    activity: { id: number; title: string; domainId: number };
    student: { id: number; name: string };
    content: VersionContent;
  },
  mode: ViewMode,
  /** the attempt was just created: it holds nothing yet */
  fresh = false,
): Promise<AttemptView> {
  const db = deps.db;
  const stored = !!v.attempt && !fresh;
  const [r, answers, states, labGroup] = await Promise.all([
    renderable(db, auth, v.activity.domainId, v.content.screens),
    stored ? repo.listAnswers(db, v.attempt!.id) : [],
    stored ? repo.listStates(db, v.attempt!.id) : [],
    repo.findStudentLabGroup(db, v.assignment.id, v.activity.id, v.student.id),
  ]);
  // a student (or a teacher previewing what the student sees) gets scores once the work is submitted
  const reveal = mode === 'teacher_review' || v.attempt?.status === 'submitted';
  return {
    attempt: v.attempt ? presentAttempt(v.attempt, v.content.sections) : null,
    activity: { id: v.activity.id, title: v.activity.title },
    assignment: { id: v.assignment.id, name: v.assignment.name, due_at: v.assignment.dueAt?.toISOString() ?? null },
    student: v.student,
    screens: reveal ? r.screens : r.screens.map((s) => ({ ...s, questions: s.questions.map(withoutAnswerKey) })),
    media: r.media,
    answers: answers.map((a) => presentAnswer(a, reveal)),
    states: states.map(presentState),
    summary: reveal ? summarize(v.content, answers) : null,
    lab_group: labGroup
      ? { id: labGroup.id, owner_id: labGroup.ownerId, complete: labGroup.started >= labGroup.members }
      : null,
  };
}

async function viewOf(deps: Deps, auth: AuthContext, ctx: repo.AttemptContext, mode: ViewMode) {
  const content = await attemptContent(deps, deps.db, ctx.attempt);
  return buildView(deps, auth, { ...ctx, content }, mode);
}

// ---------------------------------------------------------------------------------------------------------------
// The student's side

async function ownAttempt(db: DbOrTx, auth: AuthContext, attemptId: number, lock = false) {
  const ctx = await repo.findOwnAttempt(db, auth.user.id, attemptId, { lock });
  if (!ctx) throw new NotFoundError();
  return ctx;
}

function refuseSubmitted(attempt: repo.AttemptRow) {
  if (attempt.status === 'submitted') throw new ConflictError(msg.submitted);
}

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
  const assignment = await repo.findAssignmentForStudent(db, studentId, assignmentId);
  if (!assignment) throw new NotFoundError();
  const activity = await repo.findAssignedActivity(db, assignmentId, activityId);
  if (!activity || activity.versionId === null) throw new NotFoundError();
  const key = { assignmentId, activityId, studentId };
  let attempt = await repo.findAttemptByKey(db, key);
  let created = false;
  if (!attempt) {
    if (assignment.startAt.getTime() > now.getTime()) throw new ConflictError(msg.notOpen);
    // two first starts at once (two tabs, a retried request): the unique key lets one insert, the other reads it
    const inserted = await repo.insertAttemptIfAbsent(db, { ...key, activityVersionId: activity.versionId });
    created = !!inserted;
    attempt = inserted ?? (await repo.findAttemptByKey(db, key))!;
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

type AnswerInput = SaveAnswersInput['answers'][number];

/**
 * The rows a batch writes: one per question (the newest of the batch), scored. A question not on the version is a
 * 409, a value that does not fit its question a 422 (all of the batch's, by question id). A question of a section
 * before the progress section is read-only (000 section 4): with the stored answers at hand, a replay of what is
 * stored there (or older) is skipped and anything newer is a 409; without them, null asks for them.
 */
function planWrites(
  content: VersionContent,
  attempt: repo.AttemptRow,
  latest: ReadonlyMap<number, AnswerInput>,
  stored: ReadonlyMap<number, repo.AnswerRow> | null,
): repo.AnswerWrite[] | null {
  const writes: repo.AnswerWrite[] = [];
  const problems: Record<string, MessageRef[]> = {};
  for (const a of latest.values()) {
    const vq = content.questions.get(a.question_id);
    if (!vq) throw new ConflictError(msg.notInActivity);
    if (vq.section < attempt.progressSection) {
      if (!stored) return null;
      const held = stored.get(a.question_id);
      if (held && held.revision >= a.revision) continue;
      throw new ConflictError(msg.sectionClosed);
    }
    const problem = answerFitProblem(vq.question, a.value);
    if (problem) {
      problems[String(a.question_id)] = [{ key: problem }];
      continue;
    }
    const s = scoreAnswer(vq.question, answerFromWire(a.value, vq.question.type));
    writes.push({
      attemptId: attempt.id,
      questionId: a.question_id,
      screenId: vq.screenId,
      section: vq.section,
      value: a.value,
      revision: a.revision,
      score: s.score,
      isCorrect: s.is_correct,
      correctValues: s.correct_values,
    });
  }
  const failed = Object.values(problems)[0];
  if (failed) throw new ValidationError(problems, failed[0]);
  return writes;
}

function savedReply(latest: ReadonlyMap<number, AnswerInput>, rows: readonly repo.AnswerRow[]) {
  const held = new Map(rows.map((r) => [r.questionId, r]));
  return {
    saved: [...latest.keys()].map((qid) => {
      const row = held.get(qid)!;
      return { question_id: qid, revision: row.revision, saved_at: row.savedAt.toISOString() };
    }),
  };
}

/**
 * POST /student/attempts/:id/answers: every answer of the batch, or none. An answer replaces the stored one only with a
 * greater revision; the reply gives the revision the server holds for each question sent.
 *
 * The usual save (nothing in a closed section) is one read and one statement (repo.saveAnswersIfOpen), because an
 * exam's saves arrive by the thousand; a batch that touches a closed section, or an attempt that moved on meanwhile,
 * takes the locked path below.
 */
export async function saveAnswers(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: SaveAnswersInput,
): Promise<{ saved: SavedAnswer[] }> {
  const latest = new Map<number, AnswerInput>();
  for (const a of input.answers) {
    const prev = latest.get(a.question_id);
    if (!prev || a.revision > prev.revision) latest.set(a.question_id, a);
  }
  const attempt = await repo.findOwnAttemptRow(deps.db, auth.user.id, attemptId);
  if (!attempt) throw new NotFoundError();
  refuseSubmitted(attempt);
  const content = await attemptContent(deps, deps.db, attempt);
  const writes = planWrites(content, attempt, latest, null);
  if (writes && writes.length > 0) {
    const done = await repo.saveAnswersIfOpen(deps.db, attempt.id, attempt.progressSection, writes);
    if (done) {
      if (done.written > 0)
        await emitProgress(deps, deps.db, { ...attempt, lastSavedAt: done.lastSavedAt }, content, done.rows);
      return savedReply(latest, done.rows);
    }
  }
  return saveAnswersLocked(deps, auth, attemptId, latest);
}

/** The same save under the attempt's lock, with the stored answers read first. */
async function saveAnswersLocked(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  latest: ReadonlyMap<number, AnswerInput>,
): Promise<{ saved: SavedAnswer[] }> {
  return transactionWithEvents(deps, async (tx) => {
    const { attempt } = await ownAttempt(tx, auth, attemptId, true);
    refuseSubmitted(attempt);
    const content = await attemptContent(deps, tx, attempt);
    const stored = new Map((await repo.listAnswers(tx, attempt.id)).map((r) => [r.questionId, r]));
    const writes = planWrites(content, attempt, latest, stored)!;
    const written = await repo.upsertAnswers(tx, writes);
    const rows = written.size === 0 ? [...stored.values()] : await repo.listAnswers(tx, attempt.id);
    if (written.size > 0) {
      const updated = await repo.updateAttempt(tx, attempt.id, { lastSavedAt: new Date() });
      await emitProgress(deps, tx, updated, content, rows);
    }
    return savedReply(latest, rows);
  });
}

/** POST /student/attempts/:id/states: widget states, by the same revision rule. */
export async function saveStates(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  input: SaveStatesInput,
): Promise<{ saved: { id: string; revision: number }[] }> {
  return transactionWithEvents(deps, async (tx) => {
    const { attempt } = await ownAttempt(tx, auth, attemptId, true);
    refuseSubmitted(attempt);
    const latest = new Map<string, SaveStatesInput['states'][number]>();
    for (const s of input.states) {
      const prev = latest.get(s.id);
      if (!prev || s.revision > prev.revision) latest.set(s.id, s);
    }
    const problems: Record<string, MessageRef[]> = {};
    for (const s of latest.values())
      if (JSON.stringify(s.value ?? null).length > DRAWING_DOCUMENT_MAX_BYTES)
        problems[s.id] = [{ key: msg.stateTooLarge }];
    const failed = Object.values(problems)[0];
    if (failed) throw new ValidationError(problems, failed[0]);
    await repo.upsertStates(tx, attempt.id, [...latest.values()]);
    if ((await repo.countStates(tx, attempt.id)) > ATTEMPT_STATES_MAX)
      throw ValidationError.field('states', msg.tooManyStates, { max: ATTEMPT_STATES_MAX }, true);
    const held = new Map((await repo.stateRevisions(tx, attempt.id, [...latest.keys()])).map((r) => [r.id, r]));
    return { saved: [...latest.keys()].map((id) => ({ id, revision: held.get(id)!.revision })) };
  });
}

/** 000 section 5 over these questions with the stored answers; 422 naming each failing question. */
function refuseIncomplete(questions: readonly Question[], answers: readonly repo.AnswerRow[]) {
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
    refuseIncomplete(before, await repo.listAnswers(tx, attempt.id));
    const updated = await repo.updateAttempt(tx, attempt.id, { progressSection: section });
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
    refuseIncomplete(content.list, await repo.listAnswers(tx, attempt.id));
    const updated = await repo.updateAttempt(tx, attempt.id, {
      status: 'submitted',
      submittedAt: new Date(),
      progressSection: Math.max(attempt.progressSection, content.sections),
    });
    await emitProgress(deps, tx, updated, content);
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
  return { value: await repo.latestEssayText(deps.db, auth.user.id, attempt.id, questionId) };
}

// ---------------------------------------------------------------------------------------------------------------
// The staff side

async function reachableAssignment(db: DbOrTx, auth: AuthContext, assignmentId: number, lock = false) {
  const row = await findAssignment(db, reachOf(auth), assignmentId, { lock });
  if (!row) throw new NotFoundError();
  return row;
}

/** GET /dashboard/assignments/:id/progress: every student the assignment is for x every activity. */
export async function getAssignmentProgress(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  ip: string,
): Promise<AssignmentProgress> {
  const db = deps.db;
  const assignment = await reachableAssignment(db, auth, assignmentId);
  const [activities, students, attempts, marks] = await Promise.all([
    repo.listAssignedActivities(db, assignmentId),
    repo.listAssignedStudents(db, assignmentId),
    repo.listAttemptsOfAssignment(db, assignmentId),
    repo.listAnswerMarksOfAssignment(db, assignmentId),
  ]);
  const contents = new Map<number, VersionContent>();
  for (const a of activities) contents.set(a.activityId, await versionContent(deps, db, a.activityId, a.versionId));
  const attemptOf = new Map(attempts.map((t) => [`${t.studentId}:${t.activityId}`, t]));
  const marksOf = new Map<number, (typeof marks)[number][]>();
  for (const m of marks) {
    const list = marksOf.get(m.attemptId) ?? [];
    list.push(m);
    marksOf.set(m.attemptId, list);
  }
  const out: AssignmentProgress = {
    assignment: {
      id: assignment.id,
      name: assignment.name,
      start_at: assignment.startAt.toISOString(),
      due_at: assignment.dueAt?.toISOString() ?? null,
    },
    activities: activities.map((a) => {
      const c = contents.get(a.activityId)!;
      return { id: a.activityId, title: a.title, sections: c.sections, questions: c.list.length };
    }),
    students: [],
  };
  for (const s of students) {
    const row: AssignmentProgress['students'][number] = { id: s.id, name: s.name, activities: [] };
    for (const a of activities) {
      const attempt = attemptOf.get(`${s.id}:${a.activityId}`);
      const content = attempt ? await attemptContent(deps, db, attempt) : contents.get(a.activityId)!;
      row.activities.push(
        studentProgress(a.activityId, attempt, content, attempt ? (marksOf.get(attempt.id) ?? []) : []),
      );
    }
    out.students.push(row);
  }
  await insertAuditEntry(db, {
    actorUserId: auth.user.id,
    accountId: assignment.accountId,
    action: 'assignment.progress-viewed',
    entityType: 'assignment',
    entityId: assignment.id,
    ip,
  });
  return out;
}

/**
 * POST /dashboard/assignments/:id/students/:studentId/preview (001 section 7 student preview): a student's work on one
 * activity as the teacher reviews it (teacher_review: answers, scores, summary) or as the student sees it
 * (student_review: scores once submitted). A student who has not started has attempt null and no answers.
 */
export async function previewStudentWork(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  studentId: number,
  input: StudentPreviewInput,
  ip: string,
): Promise<AttemptView> {
  const db = deps.db;
  const assignment = await reachableAssignment(db, auth, assignmentId);
  const activity = await repo.findAssignedActivity(db, assignmentId, input.activity_id);
  if (!activity) throw new NotFoundError();
  const student = await repo.findAssignedStudent(db, assignmentId, studentId);
  if (!student) throw new NotFoundError();
  const attempt = await repo.findAttemptByKey(db, { assignmentId, activityId: activity.activityId, studentId });
  const content = attempt
    ? await attemptContent(deps, db, attempt)
    : await versionContent(deps, db, activity.activityId, activity.versionId);
  const view = await buildView(
    deps,
    auth,
    {
      attempt: attempt ?? null,
      assignment,
      activity: { id: activity.activityId, title: activity.title, domainId: activity.domainId },
      student: { id: student.id, name: student.name },
      content,
    },
    input.type,
  );
  await insertAuditEntry(db, {
    actorUserId: auth.user.id,
    accountId: assignment.accountId,
    action: 'attempt.answers-viewed',
    entityType: 'attempt',
    entityId: attempt?.id ?? null,
    subjectUserId: studentId,
    details: { assignment_id: assignmentId, activity_id: activity.activityId, type: input.type },
    ip,
  });
  return view;
}

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
  attempt: repo.AttemptRow,
  grades: readonly Grade[],
  ip: string,
  accountId: number,
): Promise<{ rows: repo.AnswerRow[]; summary: AnswerSummary }> {
  if (attempt.status !== 'submitted') throw new ConflictError(msg.notSubmitted);
  const content = await attemptContent(deps, tx, attempt);
  const answered = new Set((await repo.listAnswers(tx, attempt.id)).map((a) => a.questionId));
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
  const rows: repo.AnswerRow[] = [];
  for (const g of grades) {
    const q = content.questions.get(g.questionId)!.question;
    // a teacher's drawn notes belong to drawings; an essay keeps none
    const annotation = q.type === 'tldraw' ? g.annotation : undefined;
    rows.push(
      (await repo.writeReview(tx, attempt.id, g.questionId, {
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
  const all = await repo.listAnswers(tx, attempt.id);
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
  return { rows, summary: summarize(content, all) };
}

function gradeResult(attemptId: number, r: { rows: repo.AnswerRow[]; summary: AnswerSummary }): GradeResult['data'] {
  const answers = r.rows.map((row) => presentAnswer(row, true));
  return { attempt_id: attemptId, answer: answers[0]!, summary: r.summary, answers };
}

async function attemptToGrade(tx: DbOrTx, auth: AuthContext, attemptId: number) {
  const ctx = await repo.findAttemptInReach(tx, reachOf(auth), attemptId, { lock: true });
  if (!ctx) throw new NotFoundError();
  return ctx;
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
    const activity = await repo.findAssignedActivity(tx, assignmentId, input.activity_id);
    if (!activity) throw new NotFoundError();
    const studentIds = [...new Set(input.answers.map((a) => a.student_id))];
    const attempts = new Map(
      (await repo.lockAttemptsOf(tx, assignmentId, activity.activityId, studentIds)).map((t) => [t.studentId, t]),
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
