import { afterAll, beforeAll, expect } from 'vitest';
import { answerToWire, type AnswerValue, type AnswerWireValue } from '@aula/domain/answers';
import { ATTEMPT_PATHS, type AttemptView } from '@aula/domain/attempts';
import { createAssignment, createEveryKindActivity, type EveryKindQuestions } from '../src/db/seed/work-factories';
import { buildAssignmentWorld, type AssignmentWorld } from './assignment-fixtures';
import { buildTestApp, call, type TestApp } from './test-app';
import { buildWorld, type World } from './tenancy-fixtures';

// The world of the attempts tests (apps/api/src/modules/attempts/*.test.ts) and the calls they share: the
// every-kind activity of domain A, assignments of it to class cA (the student and s2), starts, saves and submits.
// useAttemptsWorld() builds it once per test file; the bindings below are filled in before the first test.

export let t: TestApp;
export let w: World;
export let f: AssignmentWorld;
export let kinds: Awaited<ReturnType<typeof createEveryKindActivity>>;
export let q: EveryKindQuestions;
export let s2Token: string;

/** Builds the world before the file's tests and closes the app after them. */
export function useAttemptsWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t);
    f = await buildAssignmentWorld(t, w);
    kinds = await createEveryKindActivity(w.db, { domainId: w.domA.id, title: 'Every kind' });
    q = kinds.questions;
    s2Token = await f.studentToken('s2');
  });
  afterAll(() => t.close());
}

export const DAY = 86_400_000;

/** A fresh assignment of the every-kind activity to class cA (the student and s2; the teacher teaches it). */
export async function assignToClass(opts: { startAt?: Date; activityIds?: number[] } = {}) {
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

export const asStudent = (token = w.tokens.student) => ({ token });
export const wire = (v: AnswerValue): AnswerWireValue => answerToWire(v);

export async function start(assignmentId: number, token = w.tokens.student, activityId = kinds.activity.id) {
  const res = await call(t.app, 'POST', ATTEMPT_PATHS.start(assignmentId, activityId), asStudent(token));
  return res;
}

export async function startedAttempt(token = w.tokens.student) {
  const a = await assignToClass();
  const res = await start(a.id, token);
  expect(res.statusCode).toBe(200);
  return { assignment: a, view: res.json<{ data: AttemptView }>().data };
}

export function save(
  attemptId: number,
  answers: { question_id: number; value: AnswerWireValue; revision: number }[],
  token?: string,
) {
  return call(t.app, 'POST', ATTEMPT_PATHS.answers(attemptId), { token: token ?? w.tokens.student, body: { answers } });
}

/** Answers that pass 000 section 5 for every question (checkbox all right, radio right, slots all right). */
export function completeAnswers(revision = 1) {
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

export async function answerRow(attemptId: number, questionId: number) {
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

export async function submitted(token = w.tokens.student) {
  const s = await startedAttempt(token);
  expect((await save(s.view.attempt!.id, completeAnswers(), token)).statusCode).toBe(200);
  const res = await call(t.app, 'POST', ATTEMPT_PATHS.submit(s.view.attempt!.id), { token });
  expect(res.statusCode).toBe(200);
  return { ...s, view: res.json<{ data: AttemptView }>().data };
}
