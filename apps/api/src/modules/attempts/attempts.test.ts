import { describe, expect, it } from 'vitest';
import { ATTEMPT_PATHS, type AttemptView } from '@aula/domain/attempts';
import {
  t,
  w,
  f,
  kinds,
  q,
  s2Token,
  DAY,
  assignToClass,
  asStudent,
  wire,
  start,
  startedAttempt,
  save,
  completeAnswers,
  useAttemptsWorld,
} from '../../../test/attempts-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';
import { createLabGroup } from '../../db/seed/factories';

// The student's attempt end to end on the database: start or resume, move on section by section, submit and see
// scores, the previous submission, another student's attempt and the lab group. Saving is attempt-answers.test.ts,
// the teachers' side attempt-review.test.ts and attempt-grading.test.ts.

useAttemptsWorld();

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
