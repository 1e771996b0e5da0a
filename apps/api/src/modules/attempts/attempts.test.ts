import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerToWire, type AnswerValue, type AnswerWireValue } from '@aula/domain/answers';
import { ATTEMPT_PATHS, type AssignmentProgress, type AttemptView, type GradeResult } from '@aula/domain/attempts';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, type World } from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, type AssignmentWorld } from '../../../test/assignment-fixtures';
import {
  createAssignment,
  createEveryKindActivity,
  createLabGroup,
  type EveryKindQuestions,
} from '../../db/seed/factories';
import { saveAnswersIfOpen } from './attempts.repo';

// The attempts API end to end on the database: a student starts, saves (the revision rule), moves on section by
// section, submits and sees scores; teachers follow progress, open the work and score essays and drawings.

let t: TestApp;
let w: World;
let f: AssignmentWorld;
let kinds: Awaited<ReturnType<typeof createEveryKindActivity>>;
let q: EveryKindQuestions;
let s2Token: string;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
  kinds = await createEveryKindActivity(w.db, { domainId: w.domA.id, title: 'Every kind' });
  q = kinds.questions;
  s2Token = await f.studentToken('s2');
});
afterAll(() => t.close());

/** A fresh assignment of the every-kind activity to class cA (the student and s2; the teacher teaches it). */
async function assignToClass(opts: { startAt?: Date; activityIds?: number[] } = {}) {
  return createAssignment(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    name: `Lesson ${Math.random().toString(36).slice(2, 7)}`,
    activityIds: opts.activityIds ?? [kinds.activity.id],
    members: [{ memberType: 'class', memberId: f.cA.id }],
    startAt: opts.startAt ?? new Date(Date.now() - DAY),
    createdBy: w.users.teacher.id,
  });
}

const asStudent = (token = w.tokens.student) => ({ token });
const wire = (v: AnswerValue): AnswerWireValue => answerToWire(v);

async function start(assignmentId: number, token = w.tokens.student, activityId = kinds.activity.id) {
  const res = await call(t.app, 'POST', ATTEMPT_PATHS.start(assignmentId, activityId), asStudent(token));
  return res;
}

async function startedAttempt(token = w.tokens.student) {
  const a = await assignToClass();
  const res = await start(a.id, token);
  expect(res.statusCode).toBe(200);
  return { assignment: a, view: res.json<{ data: AttemptView }>().data };
}

function save(
  attemptId: number,
  answers: { question_id: number; value: AnswerWireValue; revision: number }[],
  token?: string,
) {
  return call(t.app, 'POST', ATTEMPT_PATHS.answers(attemptId), { token: token ?? w.tokens.student, body: { answers } });
}

/** Answers that pass 000 section 5 for every question (checkbox all right, radio right, slots all right). */
function completeAnswers(revision = 1) {
  const [iron, copper] = q.checkbox.options;
  const [water] = q.radio.options;
  const [boil, , freeze] = q.dropdown.options;
  const [moon, earth] = q.dnd.options;
  return [
    { question_id: q.checkbox.id, value: wire({ options: [iron!.id, copper!.id] }), revision },
    { question_id: q.radio.id, value: wire({ options: [water!.id] }), revision },
    { question_id: q.essay.id, value: wire({ text: 'Ice is less dense than water.' }), revision },
    { question_id: q.textarea.id, value: wire({ text: 'Bubbles rose.' }), revision },
    { question_id: q.dropdown.id, value: wire({ slots: { s1: boil!.id, s2: freeze!.id } }), revision },
    { question_id: q.dnd.id, value: wire({ slots: { d1: moon!.id, d2: earth!.id } }), revision },
    {
      question_id: q.tldraw.id,
      value: wire({ drawing: { shapes: [{ id: 'a', type: 'arrow' }] }, assets: [] }),
      revision,
    },
  ];
}

async function answerRow(attemptId: number, questionId: number) {
  const res = await w.pool.query(
    'select value, revision, saved_at, score, is_correct, correct_values, review_score, reviewed_by from answers where attempt_id = $1 and question_id = $2',
    [attemptId, questionId],
  );
  return res.rows[0] as
    | {
        value: AnswerWireValue;
        revision: string | number;
        saved_at: Date;
        score: number | null;
        is_correct: number | null;
        correct_values: number[];
        review_score: number | null;
        reviewed_by: number | null;
      }
    | undefined;
}

async function submitted(token = w.tokens.student) {
  const s = await startedAttempt(token);
  expect((await save(s.view.attempt!.id, completeAnswers(), token)).statusCode).toBe(200);
  const res = await call(t.app, 'POST', ATTEMPT_PATHS.submit(s.view.attempt!.id), { token });
  expect(res.statusCode).toBe(200);
  return { ...s, view: res.json<{ data: AttemptView }>().data };
}

describe('start or resume', () => {
  it('creates one attempt pinned to the assignment’s version, with the version’s screens, and resumes it after', async () => {
    const a = await assignToClass();
    const first = await start(a.id);
    expect(first.statusCode).toBe(200);
    const view = first.json<{ data: AttemptView }>().data;
    expect(view.attempt).toMatchObject({
      assignment_id: a.id,
      activity_id: kinds.activity.id,
      student_id: w.users.student.id,
      status: 'in_progress',
      progress_section: 1,
      sections: 3,
      submitted_at: null,
    });
    expect(view.screens.map((s) => [s.section, s.questions.map((x) => x.type)])).toEqual([
      [1, ['checkbox', 'radio']],
      [2, ['essay', 'textarea', 'drop-down-list']],
      [3, ['drag-and-drop', 'tldraw']],
    ]);
    expect(view).toMatchObject({
      activity: { id: kinds.activity.id, title: 'Every kind' },
      assignment: { id: a.id, name: a.name },
      answers: [],
      states: [],
      summary: null,
    });
    // the answer key stays on the server while the student works: no option marked correct, no drag-and-drop
    // option naming its slot (a drop-down keeps its slots: they say which list an option is in)
    const options = view.screens.flatMap((s) =>
      s.questions.flatMap((x) => x.options.map((o) => ({ type: x.type, ...o }))),
    );
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((o) => o.is_correct)).toEqual([]);
    expect(options.filter((o) => o.type === 'drag-and-drop' && o.slot)).toEqual([]);
    expect(options.filter((o) => o.type === 'drop-down-list' && o.slot).length).toBeGreaterThan(0);
    const pinned = await w.pool.query('select activity_version_id from attempts where id = $1', [view.attempt!.id]);
    expect(pinned.rows[0].activity_version_id).toBe(kinds.version.id);

    const again = await start(a.id);
    expect(again.json<{ data: AttemptView }>().data.attempt!.id).toBe(view.attempt!.id);
    expect(await countOf(w, 'attempts', `assignment_id = ${a.id}`)).toBe(1);
  });

  it('a double start at the same moment makes one attempt', async () => {
    const a = await assignToClass();
    const [x, y] = await Promise.all([start(a.id), start(a.id)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json<{ data: AttemptView }>().data.attempt!.id).toBe(y.json<{ data: AttemptView }>().data.attempt!.id);
    expect(await countOf(w, 'attempts', `assignment_id = ${a.id}`)).toBe(1);
  });

  it('refuses an assignment that has not opened (409), an activity not on it and someone else’s assignment (404)', async () => {
    const later = await assignToClass({ startAt: new Date(Date.now() + 2 * DAY) });
    const res = await start(later.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This assignment has not started yet.' });

    const a = await assignToClass();
    expect((await start(a.id, w.tokens.student, f.p1.id)).statusCode).toBe(404);
    // s3 is not in class cA
    expect((await start(a.id, await f.studentToken('s3'))).statusCode).toBe(404);
    expect((await start(a.id, w.tokens.teacher)).statusCode).toBe(401);
    expect(await countOf(w, 'attempts', `assignment_id in (${later.id}, ${a.id})`)).toBe(0);
  });
});

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
    // read at progress section 1, but the attempt is now at 2
    await w.pool.query('update attempts set progress_section = 2 where id = $1', [id]);
    expect(await saveAnswersIfOpen(w.db, id, 1, [write])).toBeNull();
    await w.pool.query("update attempts set progress_section = 1, status = 'submitted' where id = $1", [id]);
    expect(await saveAnswersIfOpen(w.db, id, 1, [write])).toBeNull();
    expect(await countOf(w, 'answers', `attempt_id = ${id}`)).toBe(0);
    await w.pool.query("update attempts set status = 'in_progress' where id = $1", [id]);
    const done = await saveAnswersIfOpen(w.db, id, 1, [write]);
    expect(done).toMatchObject({ written: 1, lastSavedAt: expect.any(Date) });
    expect(done!.rows.map((r) => [r.questionId, r.revision, r.score])).toEqual([[q.radio.id, 5, 3]]);
    // the same revision again: nothing written, the stored row returned
    expect(await saveAnswersIfOpen(w.db, id, 1, [{ ...write, score: 0 }])).toMatchObject({
      written: 0,
      lastSavedAt: null,
    });
    expect((await answerRow(id, q.radio.id))!.score).toBe(3);
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

describe('sections and submitting', () => {
  it('moves on only when every question before is complete, with 000 section 5’s messages in the request’s language', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const res = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 2 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please choose an answer',
      errors: { [q.checkbox.id]: ['Please choose an answer'], [q.radio.id]: ['Please choose an answer'] },
    });
    const es = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), {
      ...asStudent(),
      body: { section: 2 },
      lang: 'es',
    });
    expect(es.json().errors[q.radio.id]).toEqual(['Elige una respuesta']);

    await save(id, completeAnswers().slice(0, 2));
    const ok = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 2 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: AttemptView }>().data.attempt!.progress_section).toBe(2);

    // section 1 is now read-only (000 section 4)
    const late = await save(id, [
      { question_id: q.radio.id, value: wire({ options: [q.radio.options[1]!.id] }), revision: 9 },
    ]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This section is finished and its answers can no longer be changed.' });
    // ... but replaying what is already stored is harmless
    expect((await save(id, completeAnswers().slice(0, 2))).statusCode).toBe(200);

    // essays and text areas: empty, then too short
    await save(id, [
      { question_id: q.essay.id, value: wire({ text: '   ' }), revision: 2 },
      { question_id: q.textarea.id, value: wire({ text: ' abc ' }), revision: 2 },
    ]);
    const text = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 3 } });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({
      [q.essay.id]: ['Please type in your answers into the text area'],
      [q.textarea.id]: ['Please type in at least 5 characters'],
      [q.dropdown.id]: ['Please choose an answer'],
    });

    // never backwards, and no section past the last
    const back = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 1 } });
    expect(back.json<{ data: AttemptView }>().data.attempt!.progress_section).toBe(2);
    const past = await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 4 } });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe('This activity has no section 4.');
  });

  it('submits a complete attempt; the student then sees scores, correct choices and the summary', async () => {
    const { view } = await startedAttempt();
    const id = view.attempt!.id;
    const incomplete = await call(t.app, 'POST', ATTEMPT_PATHS.submit(id), asStudent());
    expect(incomplete.statusCode).toBe(422);
    expect(Object.keys(incomplete.json().errors).map(Number).sort()).toEqual(
      [q.checkbox.id, q.radio.id, q.essay.id, q.textarea.id, q.dropdown.id, q.dnd.id].sort(),
    );
    expect((await w.pool.query('select status from attempts where id = $1', [id])).rows[0].status).toBe('in_progress');

    await save(id, completeAnswers());
    const res = await call(t.app, 'POST', ATTEMPT_PATHS.submit(id), asStudent());
    expect(res.statusCode).toBe(200);
    const done = res.json<{ data: AttemptView }>().data;
    expect(done.attempt).toMatchObject({ status: 'submitted', progress_section: 3, submitted_at: expect.any(String) });
    const byQ = new Map(done.answers.map((a) => [a.question_id, a]));
    expect(byQ.get(q.checkbox.id)).toMatchObject({ score: 2, is_correct: 1 });
    // once submitted, the review shows the correct choices
    expect(done.screens.flatMap((s) => s.questions).find((x) => x.id === q.radio.id)!.options[0]!.is_correct).toBe(
      true,
    );
    expect(byQ.get(q.radio.id)).toMatchObject({ score: 3, is_correct: 1, correct_values: [q.radio.options[0]!.id] });
    expect(byQ.get(q.dropdown.id)).toMatchObject({ score: 2, is_correct: 1 });
    expect(byQ.get(q.essay.id)).toMatchObject({ score: null, is_correct: null, review: null });
    // 'Correct Answers: 4 out of 6': textarea is not scored; the essay and the drawing wait for the teacher
    expect(done.summary).toMatchObject({ correct_answers: 4, questions_number: 6, notAnswered: false });
    expect(done.summary!.questions.filter((x) => x.needReview).map((x) => x.type)).toEqual(['essay', 'tldraw']);

    const again = await call(t.app, 'POST', ATTEMPT_PATHS.submit(id), asStudent());
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: AttemptView }>().data.attempt!.submitted_at).toBe(done.attempt!.submitted_at);
    const after = await save(id, completeAnswers(5));
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This activity has been submitted and can no longer be changed.');
    const states = await call(t.app, 'POST', ATTEMPT_PATHS.states(id), {
      ...asStudent(),
      body: { states: [{ id: 'tuva-1', value: { x: 1 }, revision: 1 }] },
    });
    expect(states.statusCode).toBe(409);
    expect(
      (await call(t.app, 'POST', ATTEMPT_PATHS.progress(id), { ...asStudent(), body: { section: 3 } })).statusCode,
    ).toBe(409);
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

describe('previous submission (000 section 7)', () => {
  it('gives the student’s latest essay text for the question from another attempt', async () => {
    const one = await startedAttempt();
    const none = await call(
      t.app,
      'GET',
      `${ATTEMPT_PATHS.previousSubmission(one.view.attempt!.id)}?questionId=${q.essay.id}`,
      asStudent(),
    );
    expect(none.statusCode).toBe(200);
    // other attempts of earlier tests hold essays too; the newest is returned
    await save(one.view.attempt!.id, [
      { question_id: q.essay.id, value: wire({ text: 'My first essay.' }), revision: 1 },
    ]);
    const two = await startedAttempt();
    const url = (qid: number | string) => `${ATTEMPT_PATHS.previousSubmission(two.view.attempt!.id)}?questionId=${qid}`;
    const res = await call(t.app, 'GET', url(q.essay.id), asStudent());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { value: 'My first essay.' } });
    expect((await call(t.app, 'GET', url(q.radio.id), asStudent())).json()).toEqual({ data: { value: null } });
    expect((await call(t.app, 'GET', url(999_999), asStudent())).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url('abc'), asStudent())).statusCode).toBe(422);
    // s2 has no essay of their own: another student's text is never offered
    const theirs = await startedAttempt(s2Token);
    const other = await call(
      t.app,
      'GET',
      `${ATTEMPT_PATHS.previousSubmission(theirs.view.attempt!.id)}?questionId=${q.essay.id}`,
      asStudent(s2Token),
    );
    expect(other.json()).toEqual({ data: { value: null } });
  });
});

describe('another student’s attempt', () => {
  it('does not exist for a student (404 on every call), and nothing is written', async () => {
    const { view } = await startedAttempt(s2Token);
    const id = view.attempt!.id;
    const calls: [string, string, unknown?][] = [
      ['GET', ATTEMPT_PATHS.attempt(id)],
      ['POST', ATTEMPT_PATHS.answers(id), { answers: completeAnswers() }],
      ['POST', ATTEMPT_PATHS.states(id), { states: [{ id: 'x', value: 1, revision: 1 }] }],
      ['POST', ATTEMPT_PATHS.progress(id), { section: 2 }],
      ['POST', ATTEMPT_PATHS.submit(id)],
      ['GET', `${ATTEMPT_PATHS.previousSubmission(id)}?questionId=${q.essay.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method, url, { token: w.tokens.student, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await countOf(w, 'answers', `attempt_id = ${id}`)).toBe(0);
    expect(await countOf(w, 'attempt_states', `attempt_id = ${id}`)).toBe(0);
  });
});

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

describe('lab groups (Vernier group parameters, 000 section 7)', () => {
  it('names the student’s lab group and its owner, complete once every member has started', async () => {
    const a = await assignToClass();
    const alone = (await start(a.id)).json<{ data: AttemptView }>().data;
    expect(alone.lab_group).toBeNull();

    const group = await createLabGroup(w.db, { classId: f.cA.id, studentIds: [w.users.student.id, f.s2.id] });
    const first = (await start(a.id)).json<{ data: AttemptView }>().data;
    expect(first.lab_group).toEqual({ id: group.id, owner_id: w.users.student.id, complete: false });
    await start(a.id, s2Token);
    const both = (await start(a.id)).json<{ data: AttemptView }>().data;
    expect(both.lab_group).toEqual({ id: group.id, owner_id: w.users.student.id, complete: true });
    // a student of another class is in no lab group of this assignment
    expect((await start(a.id, await f.studentToken('s3'))).statusCode).toBe(404);
  });
});
