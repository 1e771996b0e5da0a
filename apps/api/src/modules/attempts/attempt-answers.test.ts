import { describe, expect, it } from 'vitest';
import type { AnswerWireValue } from '@aula/domain/answers';
import { ATTEMPT_PATHS, type AttemptView } from '@aula/domain/attempts';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import {
  t,
  w,
  kinds,
  q,
  asStudent,
  wire,
  startedAttempt,
  save,
  completeAnswers,
  answerRow,
  useAttemptsWorld,
} from '../../../test/attempts-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';
import { createEveryKindActivity } from '../../db/seed/work-factories';
import { saveAnswersIfOpen } from './attempt-answers.repo';

// The student's saves on the database: answers by the revision rule, refusals, the one-statement save, progress
// events, and widget states.

useAttemptsWorld();

describe('saving answers', () => {
  it('stores the value and its automatic score, but shows a student no score before submitting', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const [iron, copper] = q.checkbox.options;
    const res = await save(id, [{ question_id: q.checkbox.id, value: wire({ options: [iron!.id] }), revision: 7 }]);
    expect(res.statusCode).toBe(200);
    const saved = res.json<{ data: { saved: { question_id: number; revision: number; saved_at: string }[] } }>().data;
    expect(saved.saved).toEqual([{ question_id: q.checkbox.id, revision: 7, saved_at: expect.any(String) }]);
    // Iron chosen and Wood left out are right, Copper left out is wrong: 2 matches - 1 = 1 of 2, partially correct
    expect(await answerRow(id, q.checkbox.id)).toMatchObject({
      score: 1,
      is_correct: 2,
      correct_values: [iron!.id, copper!.id],
    });
    expect(Number((await answerRow(id, q.checkbox.id))!.revision)).toBe(7);
    const got = (await call(t.app, 'GET', ATTEMPT_PATHS.attempt(id), asStudent())).json<{ data: AttemptView }>().data;
    expect(got.answers).toEqual([
      {
        question_id: q.checkbox.id,
        screen_id: kinds.screens[0]!.id,
        section_id: 1,
        value: { options: [iron!.id], additional: [] },
        revision: 7,
        saved_at: saved.saved[0]!.saved_at,
        score: null,
        is_correct: null,
        correct_values: null,
        review: null,
      },
    ]);
    const last = await w.pool.query('select last_saved_at from attempts where id = $1', [id]);
    expect(last.rows[0].last_saved_at).not.toBeNull();
  });

  it('never lets an older revision overwrite a newer one; a replayed batch changes nothing', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const newer = [{ question_id: q.essay.id, value: wire({ text: 'The newest essay text.' }), revision: 20 }];
    expect((await save(id, newer)).statusCode).toBe(200);
    const before = await answerRow(id, q.essay.id);

    const older = await save(id, [{ question_id: q.essay.id, value: wire({ text: 'An older draft.' }), revision: 12 }]);
    expect(older.statusCode).toBe(200);
    expect(older.json().data.saved).toEqual([
      { question_id: q.essay.id, revision: 20, saved_at: before!.saved_at.toISOString() },
    ]);
    const replay = await save(id, newer);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.saved[0].revision).toBe(20);
    const after = await answerRow(id, q.essay.id);
    expect(after!.value.additional[0]!.value.text).toBe('The newest essay text.');
    expect(after!.saved_at.toISOString()).toBe(before!.saved_at.toISOString());
    expect(await countOf(w, 'answers', `attempt_id = ${id}`)).toBe(1);

    // within one batch the highest revision of a question wins, whatever its place
    const batch = await save(id, [
      { question_id: q.essay.id, value: wire({ text: 'Third version, the newest.' }), revision: 31 },
      { question_id: q.essay.id, value: wire({ text: 'Second version.' }), revision: 25 },
    ]);
    expect(batch.json().data.saved).toEqual([{ question_id: q.essay.id, revision: 31, saved_at: expect.any(String) }]);
    expect((await answerRow(id, q.essay.id))!.value.additional[0]!.value.text).toBe('Third version, the newest.');
  });

  it('refuses a value that does not fit its question with 422, and writes nothing of the batch', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const good = { question_id: q.essay.id, value: wire({ text: 'A fine essay.' }), revision: 1 };
    const cases: [AnswerWireValue, number, string][] = [
      [wire({ options: [q.checkbox.options[0]!.id] }), q.radio.id, 'This choice is not one of the question’s options.'],
      [wire({ options: q.radio.options.map((o) => o.id) }), q.radio.id, 'Choose only one answer.'],
      [wire({ slots: { nope: q.dropdown.options[0]!.id } }), q.dropdown.id, 'This blank is not part of the question.'],
      // a drop-down slot offers its own options only
      [
        wire({ slots: { s1: q.dropdown.options[2]!.id } }),
        q.dropdown.id,
        'This choice is not one of the question’s options.',
      ],
      [wire({ text: 'words' }), q.checkbox.id, 'This answer does not fit this type of question.'],
      [wire({ drawing: { big: 'x'.repeat(1_000_001) }, assets: [] }), q.tldraw.id, 'The drawing is too large to save.'],
    ];
    for (const [value, questionId, message] of cases) {
      const res = await save(id, [good, { question_id: questionId, value, revision: 2 }]);
      expect(res.statusCode, message).toBe(422);
      expect(res.json()).toEqual({ message, errors: { [String(questionId)]: [message] } });
    }
    const tooLong = await save(id, [
      { question_id: q.essay.id, value: wire({ text: 'x'.repeat(20_001) }), revision: 3 },
    ]);
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json().errors)).toContain('The answer is too long.');
    expect(await countOf(w, 'answers', `attempt_id = ${id}`)).toBe(0);
  });

  it('refuses a question that is not in the attempt’s version (409)', async () => {
    const { view } = await startedAttempt();
    // a question of another activity (question ids are unique across the product)
    const other = (await createEveryKindActivity(w.db, { domainId: w.domA.id })).questions.essay;
    const res = await save(view.attempt!.id, [
      { question_id: other.id, value: wire({ text: 'Hello there' }), revision: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This question is not part of this activity.' });
  });

  it('the one-statement save writes nothing when the attempt moved on or was submitted since it was read', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const write = {
      attemptId: id,
      questionId: q.radio.id,
      screenId: kinds.screens[0]!.id,
      section: 1,
      value: wire({ options: [q.radio.options[0]!.id] }),
      revision: 5,
      score: 3,
      isCorrect: 1,
      correctValues: [q.radio.options[0]!.id],
    };
    const { student_id: studentId, assignment_id: assignmentId } = (
      await w.pool.query('select student_id, assignment_id from attempts where id = $1', [id])
    ).rows[0];
    const read = { id, studentId, progressSection: 1 };
    // read at progress section 1, but the attempt is now at 2
    await w.pool.query('update attempts set progress_section = 2 where id = $1', [id]);
    expect(await saveAnswersIfOpen(w.db, read, [write])).toBeNull();
    await w.pool.query("update attempts set progress_section = 1, status = 'submitted' where id = $1", [id]);
    expect(await saveAnswersIfOpen(w.db, read, [write])).toBeNull();
    await w.pool.query("update attempts set status = 'in_progress' where id = $1", [id]);
    // another student's id, or the assignment deleted since
    expect(await saveAnswersIfOpen(w.db, { ...read, studentId: studentId + 1000 }, [write])).toBeNull();
    await w.pool.query('update assignments set deleted_at = now() where id = $1', [assignmentId]);
    expect(await saveAnswersIfOpen(w.db, read, [write])).toBeNull();
    await w.pool.query('update assignments set deleted_at = null where id = $1', [assignmentId]);
    expect(await countOf(w, 'answers', `attempt_id = ${id}`)).toBe(0);
    const done = await saveAnswersIfOpen(w.db, read, [write]);
    expect(done).toMatchObject({ written: 1, lastSavedAt: expect.any(Date) });
    expect(done!.rows.map((r) => [r.questionId, r.revision, r.score])).toEqual([[q.radio.id, 5, 3]]);
    // the same revision again: nothing written, the stored row returned
    expect(await saveAnswersIfOpen(w.db, read, [{ ...write, score: 0 }])).toMatchObject({
      written: 0,
      lastSavedAt: null,
    });
    expect((await answerRow(id, q.radio.id))!.score).toBe(3);
  });

  it('refuses a save once the attempt was submitted or its assignment deleted elsewhere after an earlier save', async () => {
    // the first save leaves the attempt in this process's memory; the changes below bypass this process
    const { assignment, view } = await startedAttempt();
    const id = view.attempt!.id;
    const answer = (revision: number) => [
      { question_id: q.essay.id, value: wire({ text: `Draft ${revision}` }), revision },
    ];
    expect((await save(id, answer(1))).statusCode).toBe(200);
    await w.pool.query("update attempts set status = 'submitted' where id = $1", [id]);
    expect((await save(id, answer(2))).statusCode).toBe(409);
    await w.pool.query("update attempts set status = 'in_progress' where id = $1", [id]);
    expect((await save(id, answer(3))).statusCode).toBe(200);
    await w.pool.query('update assignments set deleted_at = now() where id = $1', [assignment.id]);
    expect((await save(id, answer(4))).statusCode).toBe(404);
    const stored = await w.pool.query('select value, revision from answers where attempt_id = $1', [id]);
    expect(stored.rows.map((r) => Number(r.revision))).toEqual([3]);
  });

  it('publishes the student’s progress to the assignment’s channel after the save', async () => {
    const { assignment, view } = await startedAttempt();
    const from = t.events.published.length;
    await save(view.attempt!.id, completeAnswers().slice(0, 2));
    const events = t.events.published.slice(from);
    expect(events).toEqual([
      {
        channel: channels.assignment(assignment.id),
        event: REALTIME_EVENTS.attemptProgress,
        payload: {
          assignment_id: assignment.id,
          student_id: w.users.student.id,
          progress: expect.objectContaining({
            activity_id: kinds.activity.id,
            attempt_id: view.attempt!.id,
            status: 'in_progress',
            answered: 2,
            questions_number: 6,
            correct_answers: 2,
          }),
        },
      },
    ]);
  });
});

describe('screen states', () => {
  it('keeps the newest revision of each state and returns them with the attempt', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const post = (states: unknown[]) =>
      call(t.app, 'POST', ATTEMPT_PATHS.states(id), { ...asStudent(), body: { states } });
    const first = await post([{ id: 'tuva-7', value: { plot: [1, 2] }, revision: 4 }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ saved: [{ id: 'tuva-7', revision: 4 }] });
    const older = await post([{ id: 'tuva-7', value: { plot: [] }, revision: 3 }]);
    expect(older.json().data).toEqual({ saved: [{ id: 'tuva-7', revision: 4 }] });
    const got = (await call(t.app, 'GET', ATTEMPT_PATHS.attempt(id), asStudent())).json<{ data: AttemptView }>().data;
    expect(got.states).toEqual([{ id: 'tuva-7', value: { plot: [1, 2] } }]);
    const big = await post([{ id: 'tuva-8', value: 'x'.repeat(1_000_001), revision: 1 }]);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ 'tuva-8': ['This saved state is too large.'] });
  });
});
