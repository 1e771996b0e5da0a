import type { Question, QuestionOption } from '@aula/domain/activity-content';

/** A small seeded generator (mulberry32): the same seed gives the same order on every render. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 000 section 3: random_order 1 shuffles a question's options. The order is stable for a question and seed (the
 * seed comes from the render context, e.g. the attempt), so re-renders and reloads do not reshuffle.
 */
export function orderOptions<T extends Pick<QuestionOption, 'id'>>(
  options: readonly T[],
  randomOrder: 0 | 1,
  questionId: number,
  seed = 0,
): T[] {
  const list = [...options];
  if (randomOrder !== 1) return list;
  const random = seededRandom(questionId * 2654435761 + seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** 000 section 3: random_order does not apply to essay (an essay's options, if any, keep their order). */
export function shufflesOptions(question: Pick<Question, 'type' | 'random_order'>): boolean {
  return question.random_order === 1 && question.type !== 'essay';
}

/** A question's options in the order the student sees them: shuffled per seed (the attempt) when it shuffles. */
export function orderQuestionOptions(question: Question, seed: number): Question['options'] {
  return orderOptions(question.options, shufflesOptions(question) ? 1 : 0, question.id, seed);
}
