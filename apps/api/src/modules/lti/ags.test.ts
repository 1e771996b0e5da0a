import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTEMPT_PATHS } from '@aula/domain/attempts';
import { AGS_SCOPES, AGS_SCORE_MEDIA_TYPE, NRPS_SCOPE, type LtiScoreSendDto } from '@aula/domain/lti-services';
import { buildApp } from '../../app';
import { createUser } from '../../db/seed/factories';
import { createAssignment, createEveryKindActivity, type EveryKindQuestions } from '../../db/seed/work-factories';
import { JobRunner } from '../../plugins/jobs';
import { JOB_DEFINITIONS } from '../jobs';
import { buildAssignmentWorld, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { LTI_TEST_CLIENT_ID, startPlatformServices, type PlatformServices } from '../../../test/lti-platform-services';
import {
  everyKindMaximum,
  eventually,
  linkLtiIdentity,
  registerPlatform,
  submitEveryKind,
} from '../../../test/lti-services-fixtures';
import {
  call,
  createTestDatabase,
  RecordingEvents,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../../test/test-app';
import { buildWorld, PASSWORD, type World } from '../../../test/tenancy-fixtures';
import { LTI_AGS_SEND_JOB } from './ags.jobs-names';
import { currentSigningKey } from './lti-keys.service';
import { upsertResourceLink } from './resource-links.repo';

// Assignment and Grade Services over real HTTP (issue 18 items 5-6; docs/lti.md): Aula listens on a port, the test
// platform (lti-platform-services.ts) verifies Aula's client assertions against Aula's /lti/jwks, and the real job
// queue (pg-boss) runs the score sends with their retries (1 s backoff base and 2 retries here, for speed).

const SECRETS_KEY = 'ab'.repeat(32);
const RETRIES = 2;
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

let db: TestDatabase;
let jobs: JobRunner;
let app: FastifyInstance;
let t: TestApp;
let w: World;
let f: AssignmentWorld;
let p: PlatformServices;
let q: EveryKindQuestions;
let activityId: number;
let deploymentId: number;
let platformId: number;
let otherDistrictAdmin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  jobs = new JobRunner({ url: db.url, log: quiet, poolSize: 2, pollingIntervalSeconds: 0.5 });
  await jobs.start(
    JOB_DEFINITIONS.map((d) => (d.name === LTI_AGS_SEND_JOB ? { ...d, retryLimit: RETRIES, retryDelaySeconds: 1 } : d)),
  );
  const config = testConfig({ SECRETS_KEY });
  app = await buildApp({ config, database: db.database, events: new RecordingEvents(), jobs, logger: false });
  await app.ready();
  const aula = await app.listen({ port: 0, host: '127.0.0.1' });
  await jobs.work(app.deps);
  t = { app, db, config, events: new RecordingEvents(), jobs, realtime: null, close: () => app.close() } as never;
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
  const kinds = await createEveryKindActivity(w.db, { domainId: w.domA.id, title: 'Every kind' });
  q = kinds.questions;
  activityId = kinds.activity.id;
  expect((await call(app, 'POST', '/dashboard/lti/keys', { token: w.tokens.super })).statusCode).toBe(200);
  p = await startPlatformServices({ aulaJwksUrl: `${aula}/lti/jwks` });
  const registered = await registerPlatform(w.db, p, w.accA1.id);
  deploymentId = registered.deployment.id;
  platformId = registered.platform.id;
  await linkLtiIdentity(w.db, w.users.student.id, p.issuer, 'lti-student-1');
  await linkLtiIdentity(w.db, f.s2.id, p.issuer, 'lti-student-2');
  await createUser(w.db, { role: 'administrator', domainId: w.domA.id, accountId: w.accA2.id, email: 'admin@a2.test' });
  const res = await call(app, 'POST', '/dashboard/auth/form', { body: { login: 'admin@a2.test', password: PASSWORD } });
  otherDistrictAdmin = res.json<{ data: { token: string } }>().data.token;
});
afterAll(async () => {
  await jobs?.stop(2000);
  await app?.close();
  await p?.close();
  await db?.close();
});
beforeEach(() => {
  p.failNextScores = 0;
  p.failScoresAlways = false;
});

let linkSeq = 0;
/** A fresh assignment of the every-kind activity to class cA, on a fresh LTI link of the test platform. */
async function linkedAssignment(link: { lineItem?: boolean; scopes?: string[] } = {}) {
  const a = await createAssignment(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    activityIds: [activityId],
    members: [{ memberType: 'class', memberId: f.cA.id }],
    startAt: new Date(Date.now() - 60_000),
    createdBy: w.users.teacher.id,
  });
  const n = ++linkSeq;
  const row = await upsertResourceLink(w.db, {
    deploymentId,
    resourceLinkId: `rl-${n}`,
    contextId: `course-${n}`,
    contextTitle: `Science ${n}`,
    assignmentId: a.id,
    classId: f.cA.id,
    lineItemUrl: link.lineItem === false ? null : p.lineItemUrl(`course-${n}`, `li-${n}`),
    lineItemsUrl: p.lineItemsUrl(`course-${n}`),
    agsScopes: link.scopes ?? [AGS_SCOPES.score, AGS_SCOPES.lineItem],
  });
  return { assignment: a, link: row };
}

async function sendRow(assignmentId: number, studentId = w.users.student.id) {
  const { rows } = await w.pool.query<{
    id: number;
    status: string;
    tries: number;
    last_error: string | null;
    score_given: number;
  }>(
    'select id, status, tries, last_error, score_given from lti_score_sends where assignment_id = $1 and student_id = $2',
    [assignmentId, studentId],
  );
  return rows[0];
}

const scoresFor = (lineItem: string) => p.scores.filter((s) => s.lineItem === lineItem);

describe('AGS: scores back to the platform', () => {
  it('a submitted attempt reaches the line item with the score body; teacher scores follow', async () => {
    const { assignment, link } = await linkedAssignment();
    const attemptId = await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    const sent = await eventually(
      () => scoresFor(link.lineItemUrl!),
      (s) => s.length === 1,
    );
    expect(sent).toHaveLength(1);
    const auto = await w.pool.query<{ sum: number }>(
      'select coalesce(sum(score), 0)::int as sum from answers where attempt_id = $1',
      [attemptId],
    );
    expect(sent[0]!.contentType).toMatch(/^application\/vnd\.ims\.lis\.v1\.score\+json/);
    expect(sent[0]!.body).toEqual({
      userId: 'lti-student-1',
      scoreGiven: auto.rows[0]!.sum,
      scoreMaximum: everyKindMaximum(q),
      activityProgress: 'Completed',
      gradingProgress: 'PendingManual',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(auto.rows[0]!.sum).toBeGreaterThan(0);
    expect(
      await eventually(
        () => sendRow(assignment.id),
        (r) => r?.status === 'sent',
      ),
    ).toMatchObject({
      status: 'sent',
      tries: 1,
      last_error: null,
    });
    // the token came from a client assertion the platform verified against Aula's JWKS, with the score scope only
    const ok = p.tokenRequests.filter((r) => r.ok);
    expect(ok[0]).toMatchObject({ scope: AGS_SCOPES.score, kid: expect.any(String) });

    // the teacher scores the essay and the drawing: the platform gets the new totals, fully graded
    const tokensBefore = p.tokenRequests.length;
    for (const [question, score] of [
      [q.essay, 3],
      [q.tldraw, 1],
    ] as const) {
      const res = await call(app, 'POST', ATTEMPT_PATHS.gradeAnswer(attemptId), {
        token: w.tokens.teacher,
        body: { question_id: question.id, score },
      });
      expect(res.statusCode).toBe(200);
    }
    const all = await eventually(
      () => scoresFor(link.lineItemUrl!),
      (s) => s.at(-1)?.body.gradingProgress === 'FullyGraded',
    );
    expect(all.at(-1)!.body).toMatchObject({ scoreGiven: auto.rows[0]!.sum + 4, gradingProgress: 'FullyGraded' });
    // the cached token served these sends: no new token request
    expect(p.tokenRequests.length).toBe(tokensBefore);

    // the teacher sees each send on the assignment
    const list = await call(app, 'GET', `/dashboard/assignments/${assignment.id}/lti-scores`, {
      token: w.tokens.teacher,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ data: LtiScoreSendDto[] }>().data;
    expect(rows).toEqual([
      expect.objectContaining({
        student_id: w.users.student.id,
        status: 'sent',
        score_given: auto.rows[0]!.sum + 4,
        score_maximum: everyKindMaximum(q),
        context_title: link.contextTitle,
        platform_name: 'Test LMS',
        last_error: null,
      }),
    ]);
  });

  it('the score list is refused to the wrong role and to another district', async () => {
    const { assignment } = await linkedAssignment();
    const path = `/dashboard/assignments/${assignment.id}/lti-scores`;
    expect((await call(app, 'GET', path, { token: w.tokens.student })).statusCode).toBe(401);
    expect((await call(app, 'GET', path, { token: otherDistrictAdmin })).statusCode).toBe(404);
    expect((await call(app, 'GET', path, { token: w.tokens.district })).statusCode).toBe(200);
  });

  it('a student with no LTI identity on the platform sends nothing', async () => {
    const { assignment } = await linkedAssignment();
    const s3Token = await f.studentToken('s3');
    // s3 is not in cA: give them the assignment directly
    await w.pool.query(
      "insert into assignment_members (assignment_id, member_type, member_id) values ($1, 'student', $2)",
      [assignment.id, f.s3.id],
    );
    await submitEveryKind(t, s3Token, assignment.id, activityId, q);
    // a student the platform knows, submitting after: once theirs is sent, s3's sync has run
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    expect(
      await eventually(
        () => sendRow(assignment.id),
        (r) => r?.status === 'sent',
      ),
    ).toBeDefined();
    expect(await sendRow(assignment.id, f.s3.id)).toBeUndefined();
  });

  it('a link without a line item gets one created through the line items URL, once', async () => {
    const { assignment, link } = await linkedAssignment({ lineItem: false });
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    await submitEveryKind(t, await f.studentToken('s2'), assignment.id, activityId, q);
    const created = await eventually(
      () =>
        w.pool.query<{ line_item_url: string | null }>('select line_item_url from lti_resource_links where id = $1', [
          link.id,
        ]),
      (r) => r.rows[0]!.line_item_url !== null,
    );
    const url = created.rows[0]!.line_item_url!;
    expect(url.startsWith(p.lineItemsUrl(link.contextId))).toBe(true);
    const scores = await eventually(
      () => scoresFor(url),
      (s) => s.length === 2,
    );
    expect(scores.map((s) => s.body.userId).sort()).toEqual(['lti-student-1', 'lti-student-2']);
    const made = p.createdLineItems.filter((c) => c.context === link.contextId);
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({ resourceLinkId: link.resourceLinkId, scoreMaximum: everyKindMaximum(q) });
  });

  it('a platform failing twice then answering ends as sent after the retries', async () => {
    const { assignment, link } = await linkedAssignment();
    p.failNextScores = 2;
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    const row = await eventually(
      () => sendRow(assignment.id),
      (r) => r?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', tries: 3, last_error: null });
    expect(scoresFor(link.lineItemUrl!)).toHaveLength(1);
  });

  it('a platform that keeps failing ends failed and visible; the teacher sends it again', async () => {
    const { assignment, link } = await linkedAssignment();
    p.failScoresAlways = true;
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    const row = await eventually(
      () => sendRow(assignment.id),
      (r) => r?.status === 'failed',
    );
    expect(row).toMatchObject({ status: 'failed', tries: RETRIES + 1 });
    expect(row!.last_error).toMatch(/^score: HTTP 503/);
    expect(scoresFor(link.lineItemUrl!)).toHaveLength(0);
    const list = await call(app, 'GET', `/dashboard/assignments/${assignment.id}/lti-scores`, {
      token: w.tokens.teacher,
    });
    expect(list.json<{ data: LtiScoreSendDto[] }>().data[0]).toMatchObject({
      status: 'failed',
      tries: RETRIES + 1,
      last_error: expect.stringMatching(/HTTP 503/),
    });

    const retry = `/dashboard/assignments/${assignment.id}/lti-scores/${row!.id}/retry`;
    expect((await call(app, 'POST', retry, { token: otherDistrictAdmin })).statusCode).toBe(404);
    p.failScoresAlways = false;
    const res = await call(app, 'POST', retry, { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: LtiScoreSendDto }>().data.status).toBe('pending');
    expect(
      await eventually(
        () => sendRow(assignment.id),
        (r) => r?.status === 'sent',
      ),
    ).toMatchObject({ tries: 1 });
    expect(scoresFor(link.lineItemUrl!)).toHaveLength(1);
    // only a failed send may be sent again
    expect((await call(app, 'POST', retry, { token: w.tokens.teacher })).statusCode).toBe(409);
  });

  it('a link whose platform did not grant the score scope fails at once, without retries', async () => {
    const { assignment } = await linkedAssignment({ scopes: [AGS_SCOPES.lineItem] });
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    const row = await eventually(
      () => sendRow(assignment.id),
      (r) => r?.status === 'failed',
    );
    expect(row).toMatchObject({ status: 'failed', tries: 1, last_error: 'the platform did not grant the score scope' });
  });

  it('a line item URL that is not https fails at once, and nothing is called', async () => {
    const { assignment, link } = await linkedAssignment();
    await w.pool.query('update lti_resource_links set line_item_url = $1 where id = $2', [
      'http://gradebook.example.test/line_items/9',
      link.id,
    ]);
    const tokensBefore = p.tokenRequests.length;
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    const row = await eventually(
      () => sendRow(assignment.id),
      (r) => r?.status === 'failed',
    );
    expect(row).toMatchObject({ status: 'failed', tries: 1 });
    expect(row!.last_error).toMatch(/not an https URL/);
    expect(p.tokenRequests.length).toBe(tokensBefore);
  });
});

describe('the test platform refuses bad tokens and assertions', () => {
  const post = (url: string, token: string) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': AGS_SCORE_MEDIA_TYPE },
      body: JSON.stringify({
        userId: 'x',
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date().toISOString(),
      }),
    });
  const assertion = (key: CryptoKey, claims: { aud?: string; iss?: string }, kid = 'foreign') =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(claims.iss ?? LTI_TEST_CLIENT_ID)
      .setSubject(LTI_TEST_CLIENT_ID)
      .setAudience(claims.aud ?? p.tokenUrl)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const tokenWith = (clientAssertion: string, scope: string = AGS_SCOPES.score) =>
    fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion,
        scope,
      }),
    });

  it('a score with an unknown, expired or under-scoped token is refused', async () => {
    const url = `${p.lineItemUrl('course-x', 'li-x')}/scores`;
    expect((await post(url, 'not-a-token')).status).toBe(401);
    const signer = await currentSigningKey(app.deps);
    const nrps = await tokenWith(await assertion(signer.privateKey, {}, signer.kid), NRPS_SCOPE);
    expect(nrps.status).toBe(200);
    const nrpsToken = (await nrps.json()) as { access_token: string; scope: string };
    expect(nrpsToken.scope).toBe(NRPS_SCOPE);
    expect((await post(url, nrpsToken.access_token)).status).toBe(403);
    const scored = p.issued.find((i) => i.scopes.includes(AGS_SCOPES.score))!;
    p.expireToken(scored.token);
    expect((await post(url, scored.token)).status).toBe(401);
    expect(p.scores.filter((s) => s.lineItem.includes('course-x'))).toHaveLength(0);
  });

  it('Aula gets a new token when the platform refuses its cached one', async () => {
    for (const i of p.issued) p.expireToken(i.token);
    const { assignment, link } = await linkedAssignment();
    const before = p.tokenRequests.filter((r) => r.ok).length;
    await submitEveryKind(t, w.tokens.student, assignment.id, activityId, q);
    expect(
      await eventually(
        () => sendRow(assignment.id),
        (r) => r?.status === 'sent',
      ),
    ).toMatchObject({ tries: 1 });
    expect(scoresFor(link.lineItemUrl!)).toHaveLength(1);
    expect(p.tokenRequests.filter((r) => r.ok).length).toBe(before + 1);
  });

  it('the token endpoint refuses an assertion signed by another key, or for another audience or client', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await tokenWith(await assertion(privateKey, {}));
    expect(foreign.status).toBe(401);
    expect(p.tokenRequests.at(-1)).toMatchObject({ ok: false, error: expect.stringMatching(/invalid_client/) });
    const signer = await currentSigningKey(app.deps);
    expect(
      (await tokenWith(await assertion(signer.privateKey, { aud: 'https://elsewhere.test/token' }, signer.kid))).status,
    ).toBe(401);
    expect((await tokenWith(await assertion(signer.privateKey, { iss: 'another-client' }, signer.kid))).status).toBe(
      401,
    );
    // the same key, audience and client: accepted (the refusals above were for what they changed)
    expect((await tokenWith(await assertion(signer.privateKey, {}, signer.kid))).status).toBe(200);
  });
});

// last in the file: an activity-only link covers every later assignment of the activity in its district
describe('AGS: a link to an activity alone', () => {
  it("covers the activity in assignments of the deployment's district only", async () => {
    const { rows } = await w.pool.query<{ id: number }>(
      "insert into lti_deployments (platform_id, deployment_id, account_id) values ($1, 'dep-alpine', $2) returning id",
      [platformId, w.accA2.id],
    );
    const common = { contextId: 'course-act', activityId, agsScopes: [AGS_SCOPES.score] };
    const ours = await upsertResourceLink(w.db, {
      ...common,
      deploymentId,
      resourceLinkId: 'rl-activity',
      lineItemUrl: p.lineItemUrl('course-act', 'ours'),
    });
    const theirs = await upsertResourceLink(w.db, {
      ...common,
      deploymentId: rows[0]!.id,
      resourceLinkId: 'rl-activity',
      lineItemUrl: p.lineItemUrl('course-act', 'theirs'),
    });
    const a = await createAssignment(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      activityIds: [activityId],
      members: [{ memberType: 'class', memberId: f.cA.id }],
      startAt: new Date(Date.now() - 60_000),
    });
    await submitEveryKind(t, w.tokens.student, a.id, activityId, q);
    const sent = await eventually(
      () => scoresFor(ours.lineItemUrl!),
      (s) => s.length === 1,
    );
    expect(sent[0]!.body).toMatchObject({ userId: 'lti-student-1', activityProgress: 'Completed' });
    expect(scoresFor(theirs.lineItemUrl!)).toHaveLength(0);
    const sends = await w.pool.query('select resource_link_id from lti_score_sends where assignment_id = $1', [a.id]);
    expect(sends.rows).toEqual([{ resource_link_id: ours.id }]);
  });
});
