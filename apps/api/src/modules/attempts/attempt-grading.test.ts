import { describe, expect, it } from 'vitest';
import { ATTEMPT_PATHS, type AttemptView, type GradeResult } from '@aula/domain/attempts';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import {
  t,
  w,
  f,
  kinds,
  q,
  s2Token,
  assignToClass,
  asStudent,
  start,
  startedAttempt,
  save,
  completeAnswers,
  answerRow,
  submitted,
  useAttemptsWorld,
} from '../../../test/attempts-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';

// Teachers score essays and drawings: one answer, several screens of one attempt, one screen across students.

useAttemptsWorld();

describe('grading', () => {
  it('a full-score essay raises the Correct Answers count; the student is told and sees the score', async () => {
    const { assignment, view } = await submitted();
    const id = view.attempt!.id;
    expect(view.summary!.correct_answers).toBe(4);
    const from = t.events.published.length;
    const res = await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(id), {
      token: w.tokens.teacher,
      body: { question_id: q.essay.id, score: 4 },
    });
    expect(res.statusCode).toBe(200);
    const g = res.json<GradeResult>().data;
    expect(g.attempt_id).toBe(id);
    expect(g.answer).toMatchObject({ question_id: q.essay.id, review: { score: 4, reviewed_at: expect.any(String) } });
    expect(g.summary.correct_answers).toBe(5);
    expect(g.summary.questions.find((x) => x.id === q.essay.id)!.needReview).toBe(false);
    expect(await answerRow(id, q.essay.id)).toMatchObject({ review_score: 4, reviewed_by: w.users.teacher.id });
    expect(t.events.published.slice(from)).toEqual(
      expect.arrayContaining([
        {
          channel: channels.user(w.users.student.id),
          event: REALTIME_EVENTS.attemptGraded,
          payload: { attempt_id: id, assignment_id: assignment.id, activity_id: kinds.activity.id },
        },
        expect.objectContaining({
          channel: channels.assignment(assignment.id),
          event: REALTIME_EVENTS.attemptProgress,
        }),
      ]),
    );
    const seen = (await call(t.app, 'GET', ATTEMPT_PATHS.attempt(id), asStudent())).json<{ data: AttemptView }>().data;
    expect(seen.summary!.correct_answers).toBe(5);
    expect(seen.answers.find((x) => x.question_id === q.essay.id)!.review).toMatchObject({ score: 4 });
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'attempt.answer-graded' and entity_id = '${id}' and subject_user_id = ${w.users.student.id}`,
      ),
    ).toBe(1);
    // a partial score: not correct, so the count goes back down
    const two = await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(id), {
      token: w.tokens.teacher,
      body: { question_id: q.essay.id, score: 2 },
    });
    expect(two.json<GradeResult>().data.summary.correct_answers).toBe(4);
  });

  it('refuses out-of-range scores, kinds a teacher does not score and unsubmitted work', async () => {
    const { view } = await submitted();
    const id = view.attempt!.id;
    const grade = (body: unknown, attemptId = id) =>
      call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(attemptId), { token: w.tokens.teacher, body });
    const high = await grade({ question_id: q.essay.id, score: 5 });
    expect(high.statusCode).toBe(422);
    expect(high.json()).toEqual({
      message: 'The score must be a whole number from 0 to 4.',
      errors: { score: ['The score must be a whole number from 0 to 4.'] },
    });
    const radio = await grade({ question_id: q.radio.id, score: 1 });
    expect(radio.statusCode).toBe(422);
    expect(radio.json().message).toBe('Only essay and drawing answers are scored by the teacher.');
    expect((await grade({ question_id: 999_999, score: 1 })).statusCode).toBe(404);
    expect((await grade({ question_id: q.essay.id, score: 1.5 })).statusCode).toBe(422);

    const open = await startedAttempt(s2Token);
    await save(open.view.attempt!.id, completeAnswers(), s2Token);
    const early = await grade({ question_id: q.essay.id, score: 3 }, open.view.attempt!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The student has not submitted this activity yet.');
    expect((await answerRow(id, q.essay.id))!.review_score).toBeNull();
  });

  it('stores a teacher’s annotation on a drawing', async () => {
    const { view } = await submitted();
    const id = view.attempt!.id;
    const annotation = { shapes: [{ id: 'note', type: 'text', props: { text: 'Add evaporation' } }] };
    const res = await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(id), {
      token: w.tokens.teacher,
      body: { question_id: q.tldraw.id, score: 3, annotation },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<GradeResult>().data.answer.review).toEqual({
      score: 3,
      annotation,
      reviewed_at: expect.any(String),
    });
    const row = await w.pool.query('select review_annotation from answers where attempt_id = $1 and question_id = $2', [
      id,
      q.tldraw.id,
    ]);
    expect(row.rows[0].review_annotation).toEqual(annotation);
  });

  it('grade screens: several answers of one attempt, all or nothing', async () => {
    const { view } = await submitted();
    const id = view.attempt!.id;
    const [, s2, s3] = kinds.screens;
    const bad = await call(t.app, 'POST', ATTEMPT_PATHS.gradeScreens(id), {
      token: w.tokens.teacher,
      body: {
        screens: [
          { screen_id: s2!.id, answers: [{ question_id: q.essay.id, score: 4 }] },
          { screen_id: s3!.id, answers: [{ question_id: q.tldraw.id, score: 9 }] },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'screens.1.answers.0.score': ['The score must be a whole number from 0 to 4.'],
    });
    expect((await answerRow(id, q.essay.id))!.review_score).toBeNull();

    const wrongScreen = await call(t.app, 'POST', ATTEMPT_PATHS.gradeScreens(id), {
      token: w.tokens.teacher,
      body: { screens: [{ screen_id: s3!.id, answers: [{ question_id: q.essay.id, score: 4 }] }] },
    });
    expect(wrongScreen.statusCode).toBe(422);
    expect(wrongScreen.json().message).toBe('This question is not on that screen.');

    const ok = await call(t.app, 'POST', ATTEMPT_PATHS.gradeScreens(id), {
      token: w.tokens.teacher,
      body: {
        screens: [
          { screen_id: s2!.id, answers: [{ question_id: q.essay.id, score: 4 }] },
          { screen_id: s3!.id, answers: [{ question_id: q.tldraw.id, score: 4 }] },
        ],
      },
    });
    expect(ok.statusCode).toBe(200);
    const g = ok.json<GradeResult>().data;
    expect(g.answers!.map((x) => [x.question_id, x.review!.score])).toEqual([
      [q.essay.id, 4],
      [q.tldraw.id, 4],
    ]);
    expect(g.summary).toMatchObject({ correct_answers: 6, questions_number: 6 });
    expect(g.summary.questions.some((x) => x.needReview)).toBe(false);
  });

  it('grade answers: one screen’s answers across students, all or nothing', async () => {
    const a = await assignToClass();
    const ids: number[] = [];
    for (const token of [w.tokens.student, s2Token]) {
      const id = (await start(a.id, token)).json<{ data: AttemptView }>().data.attempt!.id;
      await save(id, completeAnswers(), token);
      expect((await call(t.app, 'POST', ATTEMPT_PATHS.submit(id), { token })).statusCode).toBe(200);
      ids.push(id);
    }
    const url = ATTEMPT_PATHS.gradeAnswers(a.id);
    const body = (scores: [number, number]) => ({
      activity_id: kinds.activity.id,
      screen_id: kinds.screens[1]!.id,
      answers: [
        { student_id: w.users.student.id, question_id: q.essay.id, score: scores[0] },
        { student_id: f.s2.id, question_id: q.essay.id, score: scores[1] },
      ],
    });
    const bad = await call(t.app, 'POST', url, { token: w.tokens.teacher, body: body([4, 7]) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'answers.1.score': ['The score must be a whole number from 0 to 4.'] });
    expect((await answerRow(ids[0]!, q.essay.id))!.review_score).toBeNull();

    const res = await call(t.app, 'POST', url, { token: w.tokens.teacher, body: body([4, 1]) });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: GradeResult['data'][] }>().data;
    expect(list.map((x) => [x.attempt_id, x.answer.review!.score, x.summary.correct_answers])).toEqual([
      [ids[0], 4, 5],
      [ids[1], 1, 4],
    ]);
    // the teacher of another class reaches neither the assignment nor its attempts
    expect((await call(t.app, 'POST', url, { token: f.teacher2Token, body: body([0, 0]) })).statusCode).toBe(404);
    const other = await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(ids[0]!), {
      token: f.teacher2Token,
      body: { question_id: q.essay.id, score: 0 },
    });
    expect(other.statusCode).toBe(404);
    expect((await answerRow(ids[0]!, q.essay.id))!.review_score).toBe(4);
  });
});
