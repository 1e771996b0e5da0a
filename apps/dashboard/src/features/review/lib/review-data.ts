import type { MediaItem, Question } from '@aula/domain/activity-content';
import type { QuestionReview } from '@aula/activity/types.ts';
import { answerFromWire, maxScore, needsReview, type AnswerValue } from '@aula/domain/answers';
import type { AttemptAnswer, AttemptScreen, AttemptView } from '@aula/domain/attempts';

// What the renderer needs to show a student's stored work (teacher_review and student_review), built once per
// loaded view: the renderer fetches nothing (packages/activity) and reads answers, results and scores from these.

export interface ReviewData {
  questions: ReadonlyMap<number, Question>;
  media: ReadonlyMap<number, MediaItem>;
  /** the student's answers in the renderer's shape, by question id */
  answers: Readonly<Record<number, AnswerValue>>;
  review: ReadonlyMap<number, QuestionReview>;
  /** questions with a stored answer (read-only in review) */
  answered: ReadonlySet<number>;
  states: ReadonlyMap<string, unknown>;
}

export function questionReview(question: Question, answer: AttemptAnswer): QuestionReview {
  const out: QuestionReview = {
    score: answer.score,
    max: maxScore(question),
    is_correct: answer.is_correct,
    correct_values: answer.correct_values,
    review_score: answer.review?.score ?? null,
  };
  if (answer.review?.annotation !== undefined) out.annotation = answer.review.annotation;
  return out;
}

export function buildReviewData(view: Pick<AttemptView, 'screens' | 'media' | 'answers' | 'states'>): ReviewData {
  const questions = new Map<number, Question>();
  for (const screen of view.screens) for (const q of screen.questions) questions.set(q.id, q);
  const answers: Record<number, AnswerValue> = {};
  const review = new Map<number, QuestionReview>();
  for (const a of view.answers) {
    const q = questions.get(a.question_id);
    if (!q) continue;
    answers[a.question_id] = answerFromWire(a.value, q.type);
    review.set(a.question_id, questionReview(q, a));
  }
  return {
    questions,
    media: new Map(view.media.map((m) => [m.id, m])),
    answers,
    review,
    answered: new Set(Object.keys(answers).map(Number)),
    states: new Map(view.states.map((s) => [s.id, s.value])),
  };
}

/** An essay or drawing the teacher scores, answered by the student (an unanswered one has nothing to score). */
export interface ReviewedQuestion {
  question: Question;
  screen: AttemptScreen;
  /** 1-based position of the screen in the activity */
  screenNumber: number;
  answer: AttemptAnswer;
  max: number;
}

/** Every answered essay and drawing of a student's view, in screen order: the score sheet's rows. */
export function reviewedQuestions(view: Pick<AttemptView, 'screens' | 'answers'>): ReviewedQuestion[] {
  const byQuestion = new Map(view.answers.map((a) => [a.question_id, a]));
  const out: ReviewedQuestion[] = [];
  view.screens.forEach((screen, i) => {
    for (const question of screen.questions) {
      const answer = byQuestion.get(question.id);
      const max = maxScore(question);
      if (!answer || !needsReview(question.type) || max === null) continue;
      out.push({ question, screen, screenNumber: i + 1, answer, max });
    }
  });
  return out;
}

/** How many of a screen's answered essays and drawings still wait for a score. */
export function pendingOnScreen(screen: AttemptScreen, answers: readonly AttemptAnswer[]): number {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  return screen.questions.filter((q) => {
    const a = byQuestion.get(q.id);
    return a !== undefined && needsReview(q.type) && (a.review?.score ?? null) === null;
  }).length;
}

/** A cached view after a teacher's scores: the answers graded replaced, the summary the server computed. */
export function applyGradeToView(
  view: AttemptView,
  result: { answer: AttemptAnswer; answers?: AttemptAnswer[] | undefined; summary: AttemptView['summary'] },
): void {
  for (const answer of result.answers ?? [result.answer]) {
    const i = view.answers.findIndex((a) => a.question_id === answer.question_id);
    if (i === -1) view.answers.push(answer);
    else view.answers[i] = answer;
  }
  // a view without a summary is a student's in-progress one: they see no scores until they submit
  if (view.summary !== null) view.summary = result.summary;
}
