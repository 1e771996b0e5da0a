import { LRUCache } from 'lru-cache';
import type { Question } from '@aula/domain/activity-content';
import { summarizeAnswers, type AnswerSummary, type SummaryAnswer } from '@aula/domain/answers';
import type { StudentProgress } from '@aula/domain/attempts';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { loadVersionScreens, type VersionScreen } from '../screens/renderable-screens';
import { listAnswers, type AnswerRow } from './attempt-answers.repo';
import { publishProgress } from './attempts.events';
import { findAssignedActivity, type AttemptRow } from './attempts.repo';

// What every attempts use case reads of an attempt: the pinned version's screens and questions (cached: a version
// never changes), the summary of its answers and the student's progress as teachers follow it.

// ---- the pinned version's content

export interface VersionQuestion {
  question: Question;
  screenId: number;
  section: number;
}

export interface VersionContent {
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

export async function versionContent(
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
export async function attemptContent(deps: Deps, db: DbOrTx, attempt: AttemptRow): Promise<VersionContent> {
  let versionId = attempt.activityVersionId;
  if (versionId === null)
    versionId = (await findAssignedActivity(db, attempt.assignmentId, attempt.activityId))?.versionId ?? null;
  return versionContent(deps, db, attempt.activityId, versionId);
}

// ---- summaries and progress

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

export function summarize(
  content: VersionContent,
  answers: readonly { questionId: number; isCorrect: number | null; reviewScore: number | null }[],
): AnswerSummary {
  return summarizeAnswers(
    content.list,
    answers.filter((a) => content.questions.has(a.questionId)).map(summaryAnswerOf),
  );
}

/** One student's progress on one activity, as the teachers' view and the real-time event carry it. */
export function studentProgress(
  activityId: number,
  attempt: AttemptRow | undefined,
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

export async function emitProgress(
  deps: Deps,
  tx: DbOrTx,
  attempt: AttemptRow,
  content: VersionContent,
  answers?: readonly AnswerRow[],
) {
  answers ??= await listAnswers(tx, attempt.id);
  publishProgress(deps, tx, {
    assignment_id: attempt.assignmentId,
    student_id: attempt.studentId,
    progress: studentProgress(attempt.activityId, attempt, content, answers),
  });
}
