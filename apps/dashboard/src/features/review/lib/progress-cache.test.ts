import type { AssignmentProgress, AttemptProgressEvent, StudentProgress } from '@aula/domain/attempts';
import { summarizeAnswers } from '@aula/domain/answers';
import { describe, expect, it } from 'vitest';
import { applyGradeSummary, applyProgressEvents, attemptStudents, isProgressEvent, progressOf } from './progress-cache';

const row = (over: Partial<StudentProgress> = {}): StudentProgress => ({
  activity_id: 10,
  attempt_id: 100,
  status: 'in_progress',
  progress_section: 1,
  answered: 1,
  questions_number: 2,
  correct_answers: 0,
  need_review: 0,
  last_saved_at: '2026-03-02T10:00:00.000Z',
  ...over,
});

function table(): AssignmentProgress {
  return {
    assignment: { id: 7, name: 'Week 1', start_at: '2026-03-01T00:00:00.000Z', due_at: null },
    activities: [
      { id: 10, title: 'Cells', sections: 2, questions: 2 },
      { id: 11, title: 'Atoms', sections: 1, questions: 4 },
    ],
    students: [
      { id: 1, name: 'Ana Alvarez', activities: [row()] },
      { id: 2, name: 'Ben Brown', activities: [] },
    ],
  };
}

const event = (studentId: number, progress: Partial<StudentProgress>): AttemptProgressEvent => ({
  assignment_id: 7,
  student_id: studentId,
  progress: row(progress),
});

describe('applyProgressEvents', () => {
  it('replaces the student row the event is about and starts a row for a first save', () => {
    const p = table();
    const unknown = applyProgressEvents(p, [
      event(1, { answered: 2, last_saved_at: '2026-03-02T10:05:00.000Z' }),
      event(2, { attempt_id: 101, answered: 1, last_saved_at: '2026-03-02T10:06:00.000Z' }),
    ]);
    expect(unknown).toBe(0);
    expect(p.students[0]!.activities[0]!.answered).toBe(2);
    expect(p.students[1]!.activities).toEqual([
      row({ attempt_id: 101, answered: 1, last_saved_at: '2026-03-02T10:06:00.000Z' }),
    ]);
  });

  it('keeps the newer row when an older event arrives late, and never moves a submitted row back', () => {
    const p = table();
    applyProgressEvents(p, [event(1, { answered: 2, last_saved_at: '2026-03-02T10:05:00.000Z' })]);
    applyProgressEvents(p, [event(1, { answered: 1, last_saved_at: '2026-03-02T10:04:00.000Z' })]);
    expect(p.students[0]!.activities[0]!.answered).toBe(2);
    applyProgressEvents(p, [event(1, { status: 'submitted', last_saved_at: '2026-03-02T10:07:00.000Z' })]);
    applyProgressEvents(p, [event(1, { status: 'in_progress', last_saved_at: '2026-03-02T10:08:00.000Z' })]);
    expect(p.students[0]!.activities[0]!.status).toBe('submitted');
  });

  it('ignores another assignment and counts students or activities the table does not list', () => {
    const p = table();
    const before = JSON.stringify(p);
    const unknown = applyProgressEvents(p, [
      { ...event(1, { answered: 2 }), assignment_id: 8 },
      event(3, {}),
      event(1, { activity_id: 99 }),
    ]);
    expect(unknown).toBe(2);
    expect(JSON.stringify(p)).toBe(before);
  });

  it('applies a batch of thirty students saving in one pass', () => {
    const p = table();
    for (let id = 3; id <= 32; id += 1) p.students.push({ id, name: `S${id}`, activities: [] });
    const events = p.students.slice(2).map((s) => event(s.id, { attempt_id: 1000 + s.id, answered: 1 }));
    expect(applyProgressEvents(p, events)).toBe(0);
    expect(p.students.slice(2).every((s) => s.activities[0]?.attempt_id === 1000 + s.id)).toBe(true);
  });
});

describe('isProgressEvent', () => {
  it('accepts the contract payload and refuses anything else', () => {
    expect(isProgressEvent(event(1, {}))).toBe(true);
    expect(isProgressEvent(null)).toBe(false);
    expect(isProgressEvent({ assignment_id: 7, student_id: 1 })).toBe(false);
    expect(isProgressEvent({ ...event(1, {}), progress: { ...row(), status: 'done' } })).toBe(false);
  });
});

describe('applyGradeSummary', () => {
  it("sets the row's correct answers and needs-review count from the server's summary", () => {
    const p = table();
    p.students[0]!.activities[0]!.need_review = 1;
    const summary = summarizeAnswers(
      [
        { id: 1, type: 'essay', text: null, label: null, options: [], media: [], random_order: 0 },
        {
          id: 2,
          type: 'radio',
          text: null,
          label: null,
          options: [{ id: 5, option: 'a', is_correct: true }],
          media: [],
          random_order: 0,
        },
      ],
      [
        { question_id: 1, is_correct: null, review: { score: 4 } },
        { question_id: 2, is_correct: 1, review: null },
      ],
    );
    applyGradeSummary(p, 1, 10, summary);
    expect(p.students[0]!.activities[0]).toMatchObject({ correct_answers: 2, questions_number: 2, need_review: 0 });
  });
});

describe('progressOf and attemptStudents', () => {
  it('gives a not-started row to a student without one, and maps attempts to students', () => {
    const p = table();
    expect(progressOf(p.students[1]!, p.activities[1]!)).toMatchObject({
      status: 'not_started',
      attempt_id: null,
      questions_number: 4,
    });
    expect(attemptStudents(p, 10)).toEqual({ 100: 1 });
    expect(attemptStudents(p, 11)).toEqual({});
  });
});
