import { LRUCache } from 'lru-cache';
import { answerFitProblem } from '@aula/domain/answer-fit';
import { answerFromWire, DRAWING_DOCUMENT_MAX_BYTES, scoreAnswer } from '@aula/domain/answers';
import type { SaveAnswersInput, SavedAnswer, SaveStatesInput } from '@aula/domain/attempts';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { transactionWithEvents } from '../realtime/after-commit';
import { ownAttempt, refuseSubmitted } from './attempt-access';
import {
  listAnswers,
  saveAnswersIfOpen,
  upsertAnswers,
  type AnswerRow,
  type AnswerWrite,
} from './attempt-answers.repo';
import { attemptContent, emitProgress, type VersionContent } from './attempt-content';
import { countStates, stateRevisions, upsertStates } from './attempt-states.repo';
import { findOwnAttemptRow, updateAttempt, type AttemptRow } from './attempts.repo';

// The student's saves: answers and widget states, each kept by the revision rule (docs/attempts.md).

const msg = {
  notInActivity: { key: 'attempts.notInActivity' },
  sectionClosed: { key: 'attempts.sectionClosed' },
  stateTooLarge: 'attempts.stateTooLarge',
  tooManyStates: 'attempts.tooManyStates',
} as const;

/** Most screen states one attempt may hold (a state is a widget's, e.g. one per Tuva simulation). */
export const ATTEMPT_STATES_MAX = 200;

type AnswerInput = SaveAnswersInput['answers'][number];

/**
 * The rows a batch writes: one per question (the newest of the batch), scored. A question not on the version is a
 * 409, a value that does not fit its question a 422 (all of the batch's, by question id). A question of a section
 * before the progress section is read-only (000 section 4): with the stored answers at hand, a replay of what is
 * stored there (or older) is skipped and anything newer is a 409; without them, null asks for them.
 */
function planWrites(
  content: VersionContent,
  attempt: AttemptRow,
  latest: ReadonlyMap<number, AnswerInput>,
  stored: ReadonlyMap<number, AnswerRow> | null,
): AnswerWrite[] | null {
  const writes: AnswerWrite[] = [];
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

function savedReply(latest: ReadonlyMap<number, AnswerInput>, rows: readonly AnswerRow[]) {
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
 * The usual save (nothing in a closed section) is one read and one statement (saveAnswersIfOpen), because an
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
  const attempt =
    recentAttempt(deps, auth.user.id, attemptId) ?? (await findOwnAttemptRow(deps.db, auth.user.id, attemptId));
  if (!attempt) throw new NotFoundError();
  refuseSubmitted(attempt);
  const content = await attemptContent(deps, deps.db, attempt);
  const writes = planWrites(content, attempt, latest, null);
  if (writes && writes.length > 0) {
    const done = await saveAnswersIfOpen(deps.db, attempt, writes);
    if (done) {
      rememberAttempt(deps, attempt);
      if (done.written > 0)
        await emitProgress(deps, deps.db, { ...attempt, lastSavedAt: done.lastSavedAt }, content, done.rows);
      return savedReply(latest, done.rows);
    }
  }
  return saveAnswersLocked(deps, auth, attemptId, latest);
}

// The attempt a student saves into, as last read on this process: its owner, assignment, activity and version never
// change, so a save skips the read; its status and section are only a guess that saveAnswersIfOpen checks under the
// lock (a submitted attempt, a section closed meanwhile or a deleted assignment take the locked path, which reads the
// attempt again). The 20,000 most recently used attempts, each for at most an hour (an exam's length). Keyed by the
// database handle like the content cache.
const recentAttempts = new WeakMap<object, LRUCache<number, AttemptRow>>();
const newRecentAttempts = () => new LRUCache<number, AttemptRow>({ max: 20_000, ttl: 60 * 60_000 });

function recentAttempt(deps: Deps, studentId: number, attemptId: number): AttemptRow | undefined {
  const hit = recentAttempts.get(deps.db)?.get(attemptId);
  return hit && hit.studentId === studentId ? hit : undefined;
}

function rememberAttempt(deps: Deps, attempt: AttemptRow): void {
  let cache = recentAttempts.get(deps.db);
  if (!cache) recentAttempts.set(deps.db, (cache = newRecentAttempts()));
  cache.set(attempt.id, attempt);
}

function forgetAttempt(deps: Deps, attemptId: number): void {
  recentAttempts.get(deps.db)?.delete(attemptId);
}

/** The same save under the attempt's lock, with the stored answers read first. */
async function saveAnswersLocked(
  deps: Deps,
  auth: AuthContext,
  attemptId: number,
  latest: ReadonlyMap<number, AnswerInput>,
): Promise<{ saved: SavedAnswer[] }> {
  forgetAttempt(deps, attemptId);
  return transactionWithEvents(deps, async (tx) => {
    const { attempt } = await ownAttempt(tx, auth, attemptId, true);
    refuseSubmitted(attempt);
    const content = await attemptContent(deps, tx, attempt);
    const stored = new Map((await listAnswers(tx, attempt.id)).map((r) => [r.questionId, r]));
    const writes = planWrites(content, attempt, latest, stored)!;
    const written = await upsertAnswers(tx, writes);
    const rows = written.size === 0 ? [...stored.values()] : await listAnswers(tx, attempt.id);
    if (written.size > 0) {
      const updated = await updateAttempt(tx, attempt.id, { lastSavedAt: new Date() });
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
    await upsertStates(tx, attempt.id, [...latest.values()]);
    if ((await countStates(tx, attempt.id)) > ATTEMPT_STATES_MAX)
      throw ValidationError.field('states', msg.tooManyStates, { max: ATTEMPT_STATES_MAX }, true);
    const held = new Map((await stateRevisions(tx, attempt.id, [...latest.keys()])).map((r) => [r.id, r]));
    return { saved: [...latest.keys()].map((id) => ({ id, revision: held.get(id)!.revision })) };
  });
}
