import type { Correctness } from '@aula/domain/answers';
import type { AttemptAnswer, AttemptView } from '@aula/domain/attempts';
import type { AnswerRow } from './attempt-answers.repo';
import type { StateRow } from './attempt-states.repo';
import type { AttemptRow } from './attempts.repo';

// Rows to the attempts API's responses (@aula/domain/attempts). Scores and the teacher's review reach a student only
// once the attempt is submitted (`reveal`).

export function presentAnswer(row: AnswerRow, reveal: boolean): AttemptAnswer {
  return {
    question_id: row.questionId,
    screen_id: row.screenId,
    section_id: row.section,
    value: row.value,
    revision: row.revision,
    saved_at: row.savedAt.toISOString(),
    score: reveal ? row.score : null,
    is_correct: reveal ? (row.isCorrect as Correctness | null) : null,
    correct_values: reveal ? (row.correctValues ?? []) : null,
    review:
      reveal && row.reviewedAt
        ? {
            score: row.reviewScore,
            ...(row.reviewAnnotation !== null && row.reviewAnnotation !== undefined
              ? { annotation: row.reviewAnnotation }
              : {}),
            reviewed_at: row.reviewedAt.toISOString(),
          }
        : null,
  };
}

export function presentAttempt(row: AttemptRow, sections: number): NonNullable<AttemptView['attempt']> {
  return {
    id: row.id,
    assignment_id: row.assignmentId,
    activity_id: row.activityId,
    student_id: row.studentId,
    status: row.status as 'in_progress' | 'submitted',
    progress_section: row.progressSection,
    sections,
    started_at: row.startedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
  };
}

export function presentState(row: StateRow): { id: string; value: unknown } {
  return { id: row.stateId, value: row.value };
}
