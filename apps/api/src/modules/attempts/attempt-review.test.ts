import { describe, expect, it } from 'vitest';
import { ATTEMPT_PATHS, type AssignmentProgress, type AttemptView } from '@aula/domain/attempts';
import { channels } from '@aula/domain/realtime';
import {
  t,
  w,
  f,
  kinds,
  q,
  assignToClass,
  start,
  save,
  completeAnswers,
  useAttemptsWorld,
} from '../../../test/attempts-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';

// The teachers' side of attempts: an assignment's progress, a student's work previewed, the live progress channel.

useAttemptsWorld();

describe('teachers: progress and student preview', () => {
  it('lists every student of the class x activity with their progress, named, and records the read', async () => {
    const a = await assignToClass();
    const s = await start(a.id);
    const id = s.json<{ data: AttemptView }>().data.attempt!.id;
    await save(id, completeAnswers().slice(0, 3));
    const res = await call(t.app, 'GET', ATTEMPT_PATHS.progressOf(a.id), { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    const p = res.json<{ data: AssignmentProgress }>().data;
    expect(p.activities).toEqual([{ id: kinds.activity.id, title: 'Every kind', sections: 3, questions: 7 }]);
    const students = new Map(p.students.map((x) => [x.id, x]));
    expect([...students.keys()].sort()).toEqual([w.users.student.id, f.s2.id].sort());
    expect(students.get(f.s2.id)).toEqual({
      id: f.s2.id,
      name: 'Sam Second',
      activities: [
        {
          activity_id: kinds.activity.id,
          attempt_id: null,
          status: 'not_started',
          progress_section: 0,
          answered: 0,
          questions_number: 6,
          correct_answers: 0,
          need_review: 0,
          last_saved_at: null,
        },
      ],
    });
    expect(students.get(w.users.student.id)!.activities[0]).toMatchObject({
      attempt_id: id,
      status: 'in_progress',
      progress_section: 1,
      answered: 3,
      correct_answers: 2,
      need_review: 1,
      last_saved_at: expect.any(String),
    });
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'assignment.progress-viewed' and entity_id = '${a.id}' and actor_user_id = ${w.users.teacher.id}`,
      ),
    ).toBe(1);
  });

  it('another class’s teacher and another district’s staff get 404', async () => {
    const a = await assignToClass();
    expect((await call(t.app, 'GET', ATTEMPT_PATHS.progressOf(a.id), { token: f.teacher2Token })).statusCode).toBe(404);
    const preview = await call(t.app, 'POST', ATTEMPT_PATHS.studentPreview(a.id, w.users.student.id), {
      token: f.teacher2Token,
      body: { type: 'teacher_review', activity_id: kinds.activity.id },
    });
    expect(preview.statusCode).toBe(404);
  });

  it('student preview: teacher_review shows answers with scores and the summary; student_review what the student sees', async () => {
    const a = await assignToClass();
    const id = (await start(a.id)).json<{ data: AttemptView }>().data.attempt!.id;
    await save(id, completeAnswers().slice(0, 2));
    const preview = (studentId: number, type: string) =>
      call(t.app, 'POST', ATTEMPT_PATHS.studentPreview(a.id, studentId), {
        token: w.tokens.teacher,
        body: { type, activity_id: kinds.activity.id },
      });
    const teacher = (await preview(w.users.student.id, 'teacher_review')).json<{ data: AttemptView }>().data;
    expect(teacher.student).toEqual({
      id: w.users.student.id,
      name: `${w.users.student.firstName} ${w.users.student.lastName}`,
    });
    expect(teacher.answers.map((x) => [x.question_id, x.score, x.is_correct])).toEqual(
      [
        [q.checkbox.id, 2, 1],
        [q.radio.id, 3, 1],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect(teacher.summary).toMatchObject({ correct_answers: 2, questions_number: 6 });
    const asStudentSees = (await preview(w.users.student.id, 'student_review')).json<{ data: AttemptView }>().data;
    expect(asStudentSees.answers.every((x) => x.score === null)).toBe(true);
    expect(asStudentSees.summary).toBeNull();

    const unstarted = await preview(f.s2.id, 'teacher_review');
    expect(unstarted.statusCode).toBe(200);
    const u = unstarted.json<{ data: AttemptView }>().data;
    expect(u).toMatchObject({ attempt: null, answers: [], states: [], student: { id: f.s2.id, name: 'Sam Second' } });
    expect(u.screens).toHaveLength(3);
    // s3 is not one of the assignment's students; p1 is not one of its activities
    expect((await preview(f.s3.id, 'teacher_review')).statusCode).toBe(404);
    const wrongActivity = await call(t.app, 'POST', ATTEMPT_PATHS.studentPreview(a.id, w.users.student.id), {
      token: w.tokens.teacher,
      body: { type: 'teacher_review', activity_id: f.p1.id },
    });
    expect(wrongActivity.statusCode).toBe(404);
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'attempt.answers-viewed' and subject_user_id = ${w.users.student.id} and entity_id = '${id}'`,
      ),
    ).toBe(2);
  });
});

describe('teachers’ live progress channel', () => {
  it('the class’s teacher may join the assignment’s channel; another class’s teacher and a student may not', async () => {
    const a = await assignToClass();
    const ask = (token: string) =>
      call(t.app, 'POST', '/auth/broadcast', { token, body: { channel_name: channels.assignment(a.id) } });
    expect((await ask(w.tokens.teacher)).statusCode).toBe(200);
    expect((await ask(w.tokens.school)).statusCode).toBe(200);
    expect((await ask(f.teacher2Token)).statusCode).toBe(403);
    expect((await ask(w.tokens.student)).statusCode).toBe(403);
    expect((await ask(w.tokens.custom)).statusCode).toBe(403);
  });
});
