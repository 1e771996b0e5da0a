import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLtiWorld, launch, redeem, type LtiWorld } from '../../../test/lti-launch-fixtures';
import { INSTRUCTOR } from '../../../test/lti-platform';
import { countOf } from '../../../test/tenancy-fixtures';
import { createUser } from '../../db/seed/factories';
import { verifyFrameOrigin } from '../../lib/lti-frame';
import { LTI_AGS_SYNC_JOB } from './ags.jobs-names';

// Issue 18 item 3: launches from the test platform over real HTTP: the login initiation, the platform's OIDC
// endpoint, the id_token POST, and the app's handoff that opens the session.

let s: LtiWorld;
beforeAll(async () => {
  s = await buildLtiWorld();
});
afterAll(() => s.close());

describe('GET /lti/login (third-party initiated login)', () => {
  it('redirects to the platform’s OIDC auth URL with a fresh state and nonce, stored only hashed', async () => {
    const login = new URL(`${s.api}/lti/login`);
    login.search = new URLSearchParams({
      iss: s.platform.issuer,
      login_hint: 'student',
      target_link_uri: `${s.api}/lti/launch`,
      lti_message_hint: 'cells',
      client_id: s.platform.clientId,
    }).toString();
    const res = await fetch(login, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(s.platform.oidcAuthUrl);
    const q = Object.fromEntries(to.searchParams);
    expect(q).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: s.platform.clientId,
      redirect_uri: `${s.api}/lti/launch`,
      login_hint: 'student',
      lti_message_hint: 'cells',
    });
    expect(q.state!.length).toBeGreaterThanOrEqual(40);
    const stored = await s.w.pool.query<{ state_hash: string; nonce_hash: string }>(
      'select state_hash, nonce_hash from lti_launch_states',
    );
    expect(stored.rows.some((r) => r.state_hash === q.state || r.nonce_hash === q.nonce)).toBe(false);
    expect(stored.rows.length).toBeGreaterThan(0);
  });

  it('also takes the login initiation as a form POST', async () => {
    const res = await fetch(`${s.api}/lti/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        iss: s.platform.issuer,
        login_hint: 'student',
        target_link_uri: `${s.api}/lti/launch`,
        client_id: s.platform.clientId,
      }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')!.startsWith(s.platform.oidcAuthUrl)).toBe(true);
  });

  it('refuses an unregistered issuer, a missing login hint and a target that is not Aula’s launch URL', async () => {
    const go = (q: Record<string, string>) =>
      fetch(`${s.api}/lti/login?${new URLSearchParams(q).toString()}`, { redirect: 'manual' });
    const base = { iss: s.platform.issuer, login_hint: 'x', target_link_uri: `${s.api}/lti/launch` };
    const unknown = await go({ ...base, iss: 'https://lms.elsewhere.test' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('data-refusal="platformUnknown"');
    const incomplete = await go({ iss: s.platform.issuer, target_link_uri: base.target_link_uri });
    expect(await incomplete.text()).toContain('data-refusal="loginIncomplete"');
    const elsewhere = await go({ ...base, target_link_uri: 'https://evil.test/lti/launch' });
    expect(await elsewhere.text()).toContain('data-refusal="targetInvalid"');
  });
});

describe('a student launch', () => {
  it('opens the activity in the student app with a session, records the resource link and links the identity', async () => {
    const sessions = await countOf(s.w, 'sessions');
    const hitsBefore = s.platform.jwksHits();
    const res = await launch(s, 'student', 'cells');
    expect(res.status, res.body).toBe(303);
    const to = new URL(res.location!);
    expect(`${to.origin}${to.pathname}`).toBe('http://student.test/oauth');
    const q = Object.fromEntries(to.searchParams);
    expect(q).toMatchObject({
      status: 'success',
      type: '3',
      scope: 'student',
      ltiMessageType: 'LtiResourceLinkRequest',
    });
    expect(verifyFrameOrigin(s.t.config.TOKEN_SECRET, q.lti_frame)).toBe(s.platform.url);
    // the launch itself opens no session: the app does, with the one-time handoff
    expect(await countOf(s.w, 'sessions')).toBe(sessions);

    const link = await s.w.pool.query<{ assignment_id: number; activity_id: number; line_item_url: string }>(
      `select assignment_id, activity_id, line_item_url from lti_resource_links where resource_link_id = 'link-cells'`,
    );
    expect(link.rows).toHaveLength(1);
    const { assignment_id: assignmentId, activity_id: activityId } = link.rows[0]!;
    expect(activityId).toBe(s.activities.cells);
    expect(link.rows[0]!.line_item_url).toBe(`${s.platform.url}/courses/course-1/lineitems/link-cells`);
    expect(q.targetUrl).toBe(
      `http://student.test/lti?type=LtiResourceLinkRequest&resource_id=${assignmentId}&resource_type=assignment&activity_id=${activityId}`,
    );
    const assignment = await s.w.pool.query(
      `select a.account_id, a.name, m.member_type, m.member_id from assignments a
       join assignment_members m on m.assignment_id = a.id where a.id = $1`,
      [assignmentId],
    );
    expect(assignment.rows).toEqual([
      { account_id: s.w.accA1.id, name: 'Cells (LMS)', member_type: 'student', member_id: s.w.users.student.id },
    ]);
    expect(
      await countOf(
        s.w,
        'oauth_connections',
        `provider = 3 and subject = 'lms-student' and user_id = ${s.w.users.student.id}`,
      ),
    ).toBe(1);

    const opened = await redeem(s, res.location!);
    expect(opened.status).toBe(200);
    expect(opened.json.data).toMatchObject({ status: 'success', type: 3, scope: 'student' });
    expect(opened.json.data.target).toBe(new URL(q.targetUrl!).pathname + new URL(q.targetUrl!).search);
    expect(await countOf(s.w, 'sessions')).toBe(sessions + 1);
    // the session is the student's, and the activity opens (the attempt starts) with it
    const start = await fetch(`${s.api}/student/assignments/${assignmentId}/activities/${activityId}/attempt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opened.json.data.token}` },
    });
    expect(start.status, await start.clone().text()).toBe(200);
    // the attempt belongs to the link: submitting it queues the score for the LMS (AGS, docs/lti.md)
    const attempt = ((await start.json()) as { data: { attempt: { id: number } } }).data.attempt;
    const submit = await fetch(`${s.api}/student/attempts/${attempt.id}/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opened.json.data.token}` },
    });
    expect(submit.status, await submit.clone().text()).toBe(200);
    expect(s.t.jobs.sent.filter((j) => j.name === LTI_AGS_SYNC_JOB).map((j) => j.payload)).toContainEqual({
      assignment_id: assignmentId,
      activity_id: activityId,
      student_id: s.w.users.student.id,
    });
    // the handoff is single use
    expect((await redeem(s, res.location!)).status).toBe(422);
    // the platform's key set was fetched once and is cached for the next launch
    await launch(s, 'student', 'cells');
    expect(s.platform.jwksHits() - hitsBefore).toBeLessThanOrEqual(1);
  });

  it('a second launch of the same link reuses its assignment; the handoff only opens the app it was for', async () => {
    const before = await countOf(s.w, 'assignments');
    const res = await launch(s, 'student', 'cells');
    expect(res.status).toBe(303);
    expect(await countOf(s.w, 'assignments')).toBe(before);
    const url = new URL(res.location!);
    url.searchParams.set('scope', 'dashboard');
    expect((await redeem(s, url.href)).status).toBe(422);
  });

  it('a key the platform added after Aula cached its key set is found by one refetch', async () => {
    await s.platform.addKey({ sign: true });
    const hits = s.platform.jwksHits();
    const res = await launch(s, 'student', 'cells');
    expect(res.status, res.body).toBe(303);
    expect(s.platform.jwksHits()).toBe(hits + 1);
  });
});

describe('an instructor launch', () => {
  it('opens the link’s assignment in the dashboard as the teacher, who becomes its author', async () => {
    const link = await s.w.pool.query<{ assignment_id: number }>(
      `select assignment_id from lti_resource_links where resource_link_id = 'link-cells'`,
    );
    const assignmentId = link.rows[0]!.assignment_id;
    const res = await launch(s, 'teacher', 'cells');
    expect(res.status, res.body).toBe(303);
    const to = new URL(res.location!);
    expect(`${to.origin}${to.pathname}`).toBe('http://dashboard.test/oauth/3');
    expect(to.searchParams.get('targetUrl')).toBe(`http://dashboard.test/assignment/view/${assignmentId}`);
    const opened = await redeem(s, res.location!);
    expect(opened.status).toBe(200);
    expect(opened.json.data.scope).toBe('dashboard');
    const auth = { headers: { authorization: `Bearer ${opened.json.data.token}` } };
    const me = (await (await fetch(`${s.api}/dashboard/my`, auth)).json()) as { data: { user: { id: number } } };
    expect(me.data.user.id).toBe(s.w.users.teacher.id);
    // the learners' launch made the assignment; the instructor's claims it, so the teacher reaches it
    const author = await s.w.pool.query('select created_by from assignments where id = $1', [assignmentId]);
    expect(author.rows).toEqual([{ created_by: s.w.users.teacher.id }]);
    expect((await fetch(`${s.api}/dashboard/assignments/${assignmentId}`, auth)).status).toBe(200);
  });

  it('another instructor of the course lands on the activity', async () => {
    const teacher2 = await createUser(s.w.db, {
      role: 'teacher',
      domainId: s.w.domA.id,
      accountId: s.w.accA1.id,
      email: 'teacher2@a.test',
    });
    await s.w.pool.query(`update users set sourced_id = 'T-2' where id = $1`, [teacher2.id]);
    s.platform.users.set('teacher2', { sub: 'lms-teacher2', roles: [INSTRUCTOR], sourcedId: 'T-2' });
    const res = await launch(s, 'teacher2', 'cells');
    expect(res.status, res.body).toBe(303);
    expect(new URL(res.location!).searchParams.get('targetUrl')).toBe(
      `http://dashboard.test/activity/preview/${s.activities.cells}`,
    );
  });
});
