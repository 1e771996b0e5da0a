import type { AnswerSummary } from '@aula/domain/answers';
import type { AssignmentProgress, AttemptProgressEvent, StudentProgress } from '@aula/domain/attempts';
import { PROGRESS_STATUSES } from '@aula/domain/attempts';

// The assignment view's progress table is one cached GET (ATTEMPT_PATHS.progressOf). Real-time events and grading
// results change it in place: no refetch per event, so thirty students saving every few seconds cost thirty small
// cache edits (batched, see use-live-progress.ts), not thirty reloads of the whole table.

/** Whether a real-time payload is an AttemptProgressEvent (the socket hands us unknown JSON). */
export function isProgressEvent(payload: unknown): payload is AttemptProgressEvent {
  if (typeof payload !== 'object' || payload === null) return false;
  const e = payload as Partial<AttemptProgressEvent>;
  const p = e.progress as Partial<StudentProgress> | undefined;
  return (
    typeof e.assignment_id === 'number' &&
    typeof e.student_id === 'number' &&
    typeof p === 'object' &&
    p !== null &&
    typeof p.activity_id === 'number' &&
    (PROGRESS_STATUSES as readonly unknown[]).includes(p.status)
  );
}

const RANK = { not_started: 0, in_progress: 1, submitted: 2 } as const;

/** Is `incoming` older than what the table shows (events can arrive out of order, e.g. after a reconnection)? */
function isStale(current: StudentProgress, incoming: StudentProgress): boolean {
  if (RANK[incoming.status] < RANK[current.status]) return true;
  if (!current.last_saved_at || !incoming.last_saved_at) return false;
  return Date.parse(incoming.last_saved_at) < Date.parse(current.last_saved_at);
}

/**
 * Applies progress events to the cached table (an Immer draft). Returns how many events named a student the table
 * does not list (a student added to the assignment since it loaded): the caller reloads the table once for them.
 */
export function applyProgressEvents(progress: AssignmentProgress, events: readonly AttemptProgressEvent[]): number {
  let unknown = 0;
  for (const event of events) {
    if (event.assignment_id !== progress.assignment.id) continue;
    const student = progress.students.find((s) => s.id === event.student_id);
    if (!student || !progress.activities.some((a) => a.id === event.progress.activity_id)) {
      unknown += 1;
      continue;
    }
    const index = student.activities.findIndex((a) => a.activity_id === event.progress.activity_id);
    if (index === -1) student.activities.push({ ...event.progress });
    else if (!isStale(student.activities[index]!, event.progress)) student.activities[index] = { ...event.progress };
  }
  return unknown;
}

/** A teacher's score changed a student's summary: the table's 'Correct Answers' and needs-review count follow. */
export function applyGradeSummary(
  progress: AssignmentProgress,
  studentId: number,
  activityId: number,
  summary: AnswerSummary,
): void {
  const row = progress.students.find((s) => s.id === studentId)?.activities.find((a) => a.activity_id === activityId);
  if (!row) return;
  row.correct_answers = summary.correct_answers;
  row.questions_number = summary.questions_number;
  row.need_review = summary.questions.filter((q) => q.needReview).length;
}

/** Each started student's attempt at one activity, as attempt id -> student id (grade results name attempts). */
export function attemptStudents(progress: AssignmentProgress, activityId: number): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of progress.students) {
    const attemptId = s.activities.find((a) => a.activity_id === activityId)?.attempt_id;
    if (attemptId) out[attemptId] = s.id;
  }
  return out;
}

/** A student's progress on one activity; a student without an entry has not started it. */
export function progressOf(
  student: AssignmentProgress['students'][number],
  activity: { id: number; sections: number; questions: number },
): StudentProgress {
  return (
    student.activities.find((a) => a.activity_id === activity.id) ?? {
      activity_id: activity.id,
      attempt_id: null,
      status: 'not_started',
      progress_section: 0,
      answered: 0,
      questions_number: activity.questions,
      correct_answers: 0,
      need_review: 0,
      last_saved_at: null,
    }
  );
}
