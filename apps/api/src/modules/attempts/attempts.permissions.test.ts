import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { answerToWire } from '@aula/domain/answers';
import { ATTEMPT_PATHS } from '@aula/domain/attempts';
import { channels } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { ACTORS, buildWorld, countOf, statusesByActor, type Expect, type World } from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { createUser } from '../../db/seed/factories';
import { createAnswer, createAssignment, createAttempt, createEveryKindActivity } from '../../db/seed/work-factories';

// Every attempts route x every role bundle x own and other tenant (DESIGN.md 9). Staff routes: the custom role holds
// account-view only (403), a student's token is not a dashboard session (401), an assignment of another school or
// district is not there (404). Student routes: a dashboard token is refused (401); another student's attempt, or
// an assignment of another district, is not there (404).

let t: TestApp;
let w: World;
let f: AssignmentWorld;
let sBToken: string;
let s2Token: string;

type Kinds = Awaited<ReturnType<typeof createEveryKindActivity>>;
interface Place {
  assignmentId: number;
  kinds: Kinds;
  studentId: number;
  attemptId: number;
}
let own: Place;
let otherSchool: Place;
let otherDistrict: Place;

/** An assignment of an every-kind activity with one student's submitted attempt holding an essay answer. */
async function place(v: {
  accountId: number;
  organizationId: number;
  domainId: number;
  classId: number;
  studentId: number;
}): Promise<Place> {
  const kinds = await createEveryKindActivity(w.db, { domainId: v.domainId });
  const a = await createAssignment(w.db, {
    accountId: v.accountId,
    organizationId: v.organizationId,
    activityIds: [kinds.activity.id],
    members: [{ memberType: 'class', memberId: v.classId }],
    startAt: new Date(Date.now() - 86_400_000),
  });
  const attempt = await createAttempt(w.db, {
    assignmentId: a.id,
    activityId: kinds.activity.id,
    studentId: v.studentId,
    submitted: true,
  });
  await createAnswer(w.db, {
    attemptId: attempt.id,
    questionId: kinds.questions.essay.id,
    screenId: kinds.screens[1]!.id,
    section: 2,
    value: answerToWire({ text: 'An essay to grade.' }),
  });
  return { assignmentId: a.id, kinds, studentId: v.studentId, attemptId: attempt.id };
}

beforeAll(async () => {
  t = await buildTestApp({ realtime: true });
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
  await createUser(w.db, {
    role: 'teacher',
    domainId: w.domB.id,
    accountId: w.accB1.id,
    organizationIds: [w.orgB1.id],
  });
  own = await place({
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    domainId: w.domA.id,
    classId: f.cA.id,
    studentId: w.users.student.id,
  });
  otherSchool = await place({
    accountId: w.accA1.id,
    organizationId: w.orgA1b.id,
    domainId: w.domA.id,
    classId: f.cA1b.id,
    studentId: f.s3.id,
  });
  otherDistrict = await place({
    accountId: w.accB1.id,
    organizationId: w.orgB1.id,
    domainId: w.domB.id,
    classId: f.cB.id,
    studentId: f.sB.id,
  });
  sBToken = await f.studentToken('sb');
  s2Token = await f.studentToken('s2');
});
afterAll(() => t.close());

const OWN: Expect = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
const OTHER_SCHOOL: Expect = { ...OWN, school: 404, teacher: 404 };
const OTHER: Expect = { super: 200, domain: 404, district: 404, school: 404, teacher: 404, custom: 403, student: 401 };

/** The staff routes, each as (method, url, body) for a place. */
const staffRoutes: [string, 'GET' | 'POST', (p: Place) => string, (p: Place) => unknown][] = [
  ['progress', 'GET', (p) => ATTEMPT_PATHS.progressOf(p.assignmentId), () => undefined],
  [
    'student preview',
    'POST',
    (p) => ATTEMPT_PATHS.studentPreview(p.assignmentId, p.studentId),
    (p) => ({ type: 'teacher_review', activity_id: p.kinds.activity.id }),
  ],
  [
    'grade answer',
    'POST',
    (p) => ATTEMPT_PATHS.gradeAnswer(p.attemptId),
    (p) => ({ question_id: p.kinds.questions.essay.id, score: 2 }),
  ],
  [
    'grade screens',
    'POST',
    (p) => ATTEMPT_PATHS.gradeScreens(p.attemptId),
    (p) => ({
      screens: [
        { screen_id: p.kinds.screens[1]!.id, answers: [{ question_id: p.kinds.questions.essay.id, score: 3 }] },
      ],
    }),
  ],
  [
    'grade answers',
    'POST',
    (p) => ATTEMPT_PATHS.gradeAnswers(p.assignmentId),
    (p) => ({
      activity_id: p.kinds.activity.id,
      screen_id: p.kinds.screens[1]!.id,
      answers: [{ student_id: p.studentId, question_id: p.kinds.questions.essay.id, score: 1 }],
    }),
  ],
];

describe('staff routes', () => {
  for (const [name, method, url, body] of staffRoutes) {
    it(`${name}: own school yes; another school or district, the custom role and a student no`, async () => {
      expect(await statusesByActor(t, w, method, url(own), body(own))).toEqual(OWN);
      expect(await statusesByActor(t, w, method, url(otherSchool), body(otherSchool))).toEqual(OTHER_SCHOOL);
      expect(await statusesByActor(t, w, method, url(otherDistrict), body(otherDistrict))).toEqual(OTHER);
    });
  }

  it('a refused grader writes nothing', async () => {
    const before = await w.pool.query<{ review_score: number | null }>(
      'select review_score from answers where attempt_id = $1',
      [otherDistrict.attemptId],
    );
    // only provider staff reached the other district above; set it back and try as the district's outsiders
    await w.pool.query('update answers set review_score = null, reviewed_by = null where attempt_id = $1', [
      otherDistrict.attemptId,
    ]);
    for (const a of ['domain', 'district', 'school', 'teacher', 'custom', 'student'] as const) {
      await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(otherDistrict.attemptId), {
        token: w.tokens[a],
        body: { question_id: otherDistrict.kinds.questions.essay.id, score: 4 },
      });
    }
    const after = await w.pool.query<{ review_score: number | null }>(
      'select review_score from answers where attempt_id = $1',
      [otherDistrict.attemptId],
    );
    expect(before.rows).toHaveLength(1);
    expect(after.rows[0]!.review_score).toBeNull();
  });
});

describe('student routes', () => {
  /** Dashboard sessions are refused on every student route (401); the student reaches their own attempt. */
  const STUDENT_ONLY: Expect = Object.fromEntries(ACTORS.map((a) => [a, a === 'student' ? 200 : 401])) as Expect;

  it('start or resume: the student’s own assignment only', async () => {
    const url = ATTEMPT_PATHS.start(own.assignmentId, own.kinds.activity.id);
    expect(await statusesByActor(t, w, 'POST', url)).toEqual(STUDENT_ONLY);
    // another district's student, and a student of the district outside the class
    expect((await call(t.app, 'POST', url, { token: sBToken })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, { token: await f.studentToken('s3') })).statusCode).toBe(404);
    const theirs = ATTEMPT_PATHS.start(otherDistrict.assignmentId, otherDistrict.kinds.activity.id);
    expect((await call(t.app, 'POST', theirs, { token: w.tokens.student })).statusCode).toBe(404);
  });

  it('every call on an attempt: its own student only; another student and another district get 404', async () => {
    // an in-progress attempt of the student (own.attemptId is submitted)
    const a = await createAssignment(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      activityIds: [own.kinds.activity.id],
      members: [{ memberType: 'class', memberId: f.cA.id }],
      startAt: new Date(Date.now() - 86_400_000),
    });
    const mine = await createAttempt(w.db, {
      assignmentId: a.id,
      activityId: own.kinds.activity.id,
      studentId: w.users.student.id,
    });
    const q = own.kinds.questions;
    const routes: [string, 'GET' | 'POST', string, unknown?][] = [
      ['get', 'GET', ATTEMPT_PATHS.attempt(mine.id)],
      [
        'answers',
        'POST',
        ATTEMPT_PATHS.answers(mine.id),
        { answers: [{ question_id: q.essay.id, value: answerToWire({ text: 'Mine, all mine.' }), revision: 1 }] },
      ],
      ['states', 'POST', ATTEMPT_PATHS.states(mine.id), { states: [{ id: 'tuva-1', value: { a: 1 }, revision: 1 }] }],
      ['progress', 'POST', ATTEMPT_PATHS.progress(mine.id), { section: 1 }],
      ['previous submission', 'GET', `${ATTEMPT_PATHS.previousSubmission(mine.id)}?questionId=${q.essay.id}`],
      // submit last: the attempt is then closed (own.attemptId, already submitted, answers 200 again)
      ['submit', 'POST', ATTEMPT_PATHS.submit(own.attemptId)],
    ];
    for (const [name, method, url, body] of routes) {
      expect(await statusesByActor(t, w, method, url, body), name).toEqual(STUDENT_ONLY);
      for (const token of [s2Token, sBToken]) {
        const res = await call(t.app, method, url, { token, body });
        expect(res.statusCode, `${name} as another student`).toBe(404);
      }
    }
    expect(await countOf(w, 'answers', `attempt_id = ${mine.id}`)).toBe(1);
  });
});

describe('the assignment channel', () => {
  const open: Socket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });

  async function subscribe(token: string, channel: string) {
    const s = connect(`http://127.0.0.1:${t.realtime!.port}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    open.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return (await s.timeout(5000).emitWithAck('subscribe', channel)) as { ok: boolean };
  }

  it('on the socket: the class’s teacher joins; another class’s teacher, another district’s staff and a student do not', async () => {
    const mine = channels.assignment(own.assignmentId);
    expect((await subscribe(w.tokens.teacher, mine)).ok).toBe(true);
    expect((await subscribe(w.tokens.district, mine)).ok).toBe(true);
    expect((await subscribe(f.teacher2Token, mine)).ok).toBe(false);
    expect((await subscribe(w.tokens.student, mine)).ok).toBe(false);
    expect((await subscribe(w.tokens.custom, mine)).ok).toBe(false);
    expect((await subscribe(w.tokens.teacher, channels.assignment(otherDistrict.assignmentId))).ok).toBe(false);
    expect((await subscribe(w.tokens.domain, channels.assignment(otherDistrict.assignmentId))).ok).toBe(false);
  });

  it('over POST /auth/broadcast, the same rule', async () => {
    const ask = (token: string, id: number) =>
      call(t.app, 'POST', '/auth/broadcast', { token, body: { channel_name: channels.assignment(id) } });
    expect((await ask(w.tokens.teacher, own.assignmentId)).statusCode).toBe(200);
    expect((await ask(f.teacher2Token, own.assignmentId)).statusCode).toBe(403);
    expect((await ask(w.tokens.student, own.assignmentId)).statusCode).toBe(403);
    expect((await ask(w.tokens.district, otherDistrict.assignmentId)).statusCode).toBe(403);
    expect((await ask(w.tokens.super, otherDistrict.assignmentId)).statusCode).toBe(200);
  });
});
