import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLtiWorld, expectRefused, launch, post, redeem, type LtiWorld } from '../../../test/lti-launch-fixtures';
import { call } from '../../../test/test-app';
import { countOf } from '../../../test/tenancy-fixtures';

// Issue 18 items 3-4 with assignment sets (docs/lti.md): the deep-linking picker offers the district's sets; a set
// comes back as one ltiResourceLink (custom aula_assignment_set_id) in the signed response, which the test platform
// verifies against Aula's JWKS over HTTP; launching it sends an instructor to the LTI assignment-set view and a
// learner to the set's first open work. The spec's "create LTI" and "LTI link" calls make an assignment in a set for
// LMS links and give the link to paste by hand.

let s: LtiWorld;
let setA1: number;
let setA2: number;
let first: number;
let second: number;
let future: number;

async function insertSet(accountId: number, name: string) {
  const r = await s.w.pool.query<{ id: number }>(
    `insert into assignment_sets (account_id, name) values ($1, $2) returning id`,
    [accountId, name],
  );
  return r.rows[0]!.id;
}

/** An assignment of the set with the activity (pinned at its published version), starting `startDays` from now. */
async function insertAssignment(setId: number, accountId: number, name: string, activityId: number, startDays = -1) {
  const r = await s.w.pool.query<{ id: number }>(
    `insert into assignments (account_id, assignment_set_id, name, start_at)
     values ($1, $2, $3, now() + make_interval(days => $4)) returning id`,
    [accountId, setId, name, startDays],
  );
  const id = r.rows[0]!.id;
  await s.w.pool.query(
    `insert into assignment_activities (assignment_id, activity_id, activity_version_id, position)
     select $1, id, published_version_id, 0 from activities where id = $2`,
    [id, activityId],
  );
  return id;
}

beforeAll(async () => {
  s = await buildLtiWorld();
  setA1 = await insertSet(s.w.accA1.id, 'Unit 1');
  setA2 = await insertSet(s.w.accA2.id, 'Alpine unit');
  first = await insertAssignment(setA1, s.w.accA1.id, 'Week 1', s.activities.cells, -2);
  second = await insertAssignment(setA1, s.w.accA1.id, 'Week 2', s.activities.shared, -1);
  future = await insertAssignment(setA1, s.w.accA1.id, 'Week 9', s.activities.cells, 30);
  await insertAssignment(setA2, s.w.accA2.id, 'Rocks', s.activities.alpine);
});
afterAll(() => s.close());

async function openPicker() {
  const res = await launch(s, 'teacher', 'pick');
  expect(res.status, res.body).toBe(303);
  const opened = await redeem(s, res.location!);
  const id = Number(/^\/lti-deep-linking\/(\d+)$/.exec(opened.json.data.target)![1]);
  return { id, token: opened.json.data.token };
}

const ITEMS = 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items';

describe('deep linking an assignment set', () => {
  it('the picker lists the district’s sets only, beside the activities', async () => {
    const { id, token } = await openPicker();
    const res = await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.assignment_sets).toEqual([{ id: setA1, name: 'Unit 1', assignments_count: 3 }]);
  });

  it('returns the set as one ltiResourceLink with custom aula_assignment_set_id, verified by the platform', async () => {
    const { id, token } = await openPicker();
    const res = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [s.activities.cells], assignment_set_ids: [setA1], score_maximum: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { return_url: returnUrl, jwt } = res.json<{ data: { return_url: string; jwt: string } }>().data;
    expect((await post(returnUrl, { JWT: jwt })).status).toBe(200);
    expect(s.platform.deepLinkErrors).toEqual([]);
    const items = s.platform.deepLinkReturns.at(-1)!.payload[ITEMS] as Record<string, unknown>[];
    expect(items).toHaveLength(2);
    expect(items[1]).toEqual({
      type: 'ltiResourceLink',
      title: 'Unit 1',
      url: `${s.api}/lti/launch`,
      custom: { aula_assignment_set_id: String(setA1) },
    });
    const audit = await s.w.pool.query<{ details: { assignment_set_ids: number[] } }>(
      `select details from audit_log where action = 'lti.deep-linking-response' order by id desc limit 1`,
    );
    expect(audit.rows[0]!.details.assignment_set_ids).toEqual([setA1]);
  });

  it('refuses a set of another district (422) and nothing is answered', async () => {
    const { id, token } = await openPicker();
    const res = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { assignment_set_ids: [setA2] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      assignment_set_ids: ['One of the chosen assignment sets is not of this installation’s district.'],
    });
    // the request is still open: the instructor may choose again
    const again = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { assignment_set_ids: [setA1] },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('launching a set link', () => {
  beforeAll(() => {
    s.platform.messages.set('set', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'link-set',
      title: 'Unit 1 (LMS)',
      custom: { aula_assignment_set_id: String(setA1) },
    });
    s.platform.messages.set('set-alien', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'link-set-alien',
      custom: { aula_assignment_set_id: String(setA2) },
    });
  });

  it('an instructor lands on the LTI assignment-set view; the link is recorded with the set', async () => {
    const res = await launch(s, 'teacher', 'set');
    expect(res.status, res.body).toBe(303);
    expect(new URL(res.location!).searchParams.get('targetUrl')).toBe(
      `http://dashboard.test/assignment-lti-set/view/${setA1}`,
    );
    const link = await s.w.pool.query(
      `select assignment_set_id, assignment_id, activity_id from lti_resource_links where resource_link_id = 'link-set'`,
    );
    expect(link.rows).toEqual([{ assignment_set_id: setA1, assignment_id: null, activity_id: null }]);
  });

  it('a learner is named on the set’s assignments and lands on the first open work, then the next', async () => {
    const res = await launch(s, 'student', 'set');
    expect(res.status, res.body).toBe(303);
    const target = new URL(new URL(res.location!).searchParams.get('targetUrl')!);
    expect(target.pathname).toBe('/lti');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      type: 'LtiResourceLinkRequest',
      resource_id: String(first),
      resource_type: 'assignment',
      activity_id: String(s.activities.cells),
    });
    const members = await s.w.pool.query<{ assignment_id: number }>(
      `select assignment_id from assignment_members where member_type = 'student' and member_id = $1
       and assignment_id = any($2::int[]) order by assignment_id`,
      [s.w.users.student.id, [first, second, future]],
    );
    expect(members.rows.map((r) => r.assignment_id)).toEqual([first, second, future]);

    // week 1 submitted: the next launch goes on to week 2
    await s.w.pool.query(
      `insert into attempts (assignment_id, activity_id, student_id, status, submitted_at)
       values ($1, $2, $3, 'submitted', now())`,
      [first, s.activities.cells, s.w.users.student.id],
    );
    const next = await launch(s, 'student', 'set');
    const nextTarget = new URL(new URL(next.location!).searchParams.get('targetUrl')!);
    expect(nextTarget.searchParams.get('resource_id')).toBe(String(second));
    expect(nextTarget.searchParams.get('activity_id')).toBe(String(s.activities.shared));

    // everything open is done (week 9 has not started): the student's list
    await s.w.pool.query(
      `insert into attempts (assignment_id, activity_id, student_id, status, submitted_at)
       values ($1, $2, $3, 'submitted', now())`,
      [second, s.activities.shared, s.w.users.student.id],
    );
    const done = await launch(s, 'student', 'set');
    const doneTarget = new URL(new URL(done.location!).searchParams.get('targetUrl')!);
    expect(Object.fromEntries(doneTarget.searchParams)).toEqual({
      type: 'LtiResourceLinkRequest',
      resource_id: String(setA1),
      resource_type: 'assignment_set',
    });
  });

  it('refuses a set of another district with no session, no link and no membership', async () => {
    const sessions = await countOf(s.w, 'sessions');
    const members = await countOf(s.w, 'assignment_members');
    for (const who of ['teacher', 'student']) {
      const res = await launch(s, who, 'set-alien');
      await expectRefused(s, res, 'resourceUnknown', sessions);
    }
    expect(await countOf(s.w, 'assignment_members')).toBe(members);
    const link = await s.w.pool.query(`select 1 from lti_resource_links where resource_link_id = 'link-set-alien'`);
    expect(link.rows).toEqual([]);
  });
});

describe('create LTI and LTI link (POST /dashboard/assignment-sets/:id/lti, /lti-link)', () => {
  it('gives the set’s link to paste into an LMS, with the district’s deployments', async () => {
    const res = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti-link`, {
      token: s.w.tokens.teacher,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      assignment_set_id: setA1,
      assignment_id: null,
      target_link_uri: `${s.api}/lti/launch`,
      login_url: `${s.api}/lti/login`,
      jwks_url: `${s.api}/lti/jwks`,
      custom: { aula_assignment_set_id: String(setA1) },
      custom_text: `aula_assignment_set_id=${setA1}`,
    });
    expect(data.deployments.map((d: { deployment_id: string }) => d.deployment_id).sort()).toEqual([
      'dep-a1',
      'dep-cat',
      'dep-off',
    ]);
    const one = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti-link`, {
      token: s.w.tokens.teacher,
      body: { assignment_id: second },
    });
    expect(one.json().data.custom).toEqual({ aula_assignment_id: String(second) });
  });

  it('refuses an assignment outside the set (422), another district’s set (404), a student (401), bad input (422)', async () => {
    const outside = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti-link`, {
      token: s.w.tokens.teacher,
      body: { assignment_id: 999999 },
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ assignment_id: ['This assignment is not in the set.'] });
    for (const path of ['lti-link', 'lti']) {
      const body = path === 'lti' ? { activity_id: s.activities.cells } : {};
      const alien = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA2}/${path}`, {
        token: s.w.tokens.district,
        body,
      });
      expect(alien.statusCode, path).toBe(404);
      const student = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/${path}`, {
        token: s.w.tokens.student,
        body,
      });
      expect(student.statusCode, path).toBe(401);
    }
    const bad = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti`, {
      token: s.w.tokens.teacher,
      body: { activity_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('create LTI: a new assignment of the set for LMS links, and its link; a learner’s launch of it opens it', async () => {
    const before = await countOf(s.w, 'assignments');
    const res = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti`, {
      token: s.w.tokens.teacher,
      body: { activity_id: s.activities.shared, name: 'LMS quiz' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { assignment, link } = res.json().data;
    expect(assignment).toMatchObject({ name: 'LMS quiz', activity_id: s.activities.shared, assignment_set_id: setA1 });
    expect(link.custom).toEqual({ aula_assignment_id: String(assignment.id) });
    expect(await countOf(s.w, 'assignments')).toBe(before + 1);
    const row = await s.w.pool.query(
      `select a.account_id, a.assignment_set_id, a.created_by, aa.activity_version_id is not null as pinned
       from assignments a join assignment_activities aa on aa.assignment_id = a.id where a.id = $1`,
      [assignment.id],
    );
    expect(row.rows).toEqual([
      { account_id: s.w.accA1.id, assignment_set_id: setA1, created_by: s.w.users.teacher.id, pinned: true },
    ]);

    s.platform.messages.set('pasted', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'link-pasted',
      custom: link.custom,
    });
    const learner = await launch(s, 'student', 'pasted');
    expect(learner.status, learner.body).toBe(303);
    expect(new URL(learner.location!).searchParams.get('targetUrl')).toContain(`resource_id=${assignment.id}`);
  });

  it('create LTI refuses an activity the district may not assign (422, nothing written) and a view-only role (403)', async () => {
    const before = await countOf(s.w, 'assignments');
    for (const activityId of [s.activities.alpine, s.activities.draft]) {
      const res = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti`, {
        token: s.w.tokens.teacher,
        body: { activity_id: activityId },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        activity_id: ['This activity is not published or not available to the set’s district.'],
      });
    }
    const viewOnly = await call(s.t.app, 'POST', `/dashboard/assignment-sets/${setA1}/lti`, {
      token: s.w.tokens.custom,
      body: { activity_id: s.activities.cells },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(await countOf(s.w, 'assignments')).toBe(before);
  });
});
