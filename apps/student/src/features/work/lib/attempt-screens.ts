import type { Question } from '@aula/domain/activity-content';
import { resolveScreenMedia, type ResolvedScreen } from '@aula/activity/screen-media.ts';
import type { QuestionReview } from '@aula/activity/types.ts';
import { answerFromWire, maxScore, type AnswerValue } from '@aula/domain/answers';
import type { AttemptView } from '@aula/domain/attempts';

// Pure helpers of the player and the review: the attempt's screens as the renderer takes them, its sections, what
// the student has reached, and the per-question results of the review.

export type PlayerScreen = ResolvedScreen;

/** The pinned version's screens, each with its own media items (the view lists media once for the activity). */
export function playerScreensOf(view: Pick<AttemptView, 'screens' | 'media'>): PlayerScreen[] {
  return resolveScreenMedia(view);
}

export function questionsOf(screens: readonly PlayerScreen[]): Map<number, Question> {
  return new Map(screens.flatMap((s) => s.questions.map((q) => [q.id, q] as const)));
}

/** The activity's section numbers, ascending. */
export function sectionsOf(screens: readonly PlayerScreen[]): number[] {
  return [...new Set(screens.map((s) => s.section))].sort((a, b) => a - b);
}

/**
 * The section the student works in: the progress section, but never before the first section the activity has
 * (an activity whose screens start at section 2 opens there).
 */
export function workingSection(screens: readonly PlayerScreen[], progressSection: number): number {
  const first = sectionsOf(screens)[0];
  return first === undefined ? progressSection : Math.max(first, progressSection);
}

/** The screens the student may see: those of the sections up to the one they work in. */
export function reachableScreens(screens: readonly PlayerScreen[], section: number): PlayerScreen[] {
  return screens.filter((s) => s.section <= section);
}

/** The section after `section`, or undefined when it is the last. */
export function sectionAfter(screens: readonly PlayerScreen[], section: number): number | undefined {
  return sectionsOf(screens).find((s) => s > section);
}

export function questionsOfSection(screens: readonly PlayerScreen[], section: number): Question[] {
  return screens.filter((s) => s.section === section).flatMap((s) => s.questions);
}

/** The index of the first screen holding one of these questions, in screen order then question order. */
export function firstScreenWith(screens: readonly PlayerScreen[], questionIds: ReadonlySet<number>): number {
  return screens.findIndex((s) => s.questions.some((q) => questionIds.has(q.id)));
}

/** The first of these questions in screen and question order. */
export function firstQuestionOf(
  screens: readonly PlayerScreen[],
  questionIds: ReadonlySet<number>,
): number | undefined {
  for (const s of screens) for (const q of s.questions) if (questionIds.has(q.id)) return q.id;
  return undefined;
}

/** The stored answers as the renderer reads them. */
export function answersOf(
  view: Pick<AttemptView, 'answers'>,
  questions: ReadonlyMap<number, Question>,
): Record<number, AnswerValue> {
  const out: Record<number, AnswerValue> = {};
  for (const a of view.answers) {
    const q = questions.get(a.question_id);
    if (q) out[q.id] = answerFromWire(a.value, q.type);
  }
  return out;
}

/** What the review shows of each answered question (RenderContext.review). */
export type QuestionResult = QuestionReview;

export function reviewResultsOf(
  view: Pick<AttemptView, 'answers'>,
  questions: ReadonlyMap<number, Question>,
): Map<number, QuestionResult> {
  const out = new Map<number, QuestionResult>();
  for (const a of view.answers) {
    const q = questions.get(a.question_id);
    if (!q) continue;
    out.set(q.id, {
      score: a.score,
      max: maxScore(q),
      is_correct: a.is_correct,
      correct_values: a.correct_values,
      review_score: a.review?.score ?? null,
      ...(a.review?.annotation !== undefined ? { annotation: a.review.annotation } : {}),
    });
  }
  return out;
}
