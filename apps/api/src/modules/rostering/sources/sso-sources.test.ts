import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecretsWorld, type SecretsWorld } from '../../../../test/secrets-world';
import { call, type TestApp } from '../../../../test/test-app';
import type { World } from '../../../../test/tenancy-fixtures';
import {
  CLEVER_APP,
  CLEVER_DISTRICT,
  CLEVER_OTHER_DISTRICT,
  CLEVER_TOKEN,
  startCleverServer,
  type CleverServer,
} from '../../../../test/clever-server';
import { startOneRosterServer, type OneRosterServer } from '../../../../test/oneroster-server';
import { applyQueueItem } from '../queue/queue-apply';
import { runStageJob } from '../queue/queue-stage';
import { rosterSourceImportJob } from './sources.jobs';

// Rostering through SSO (issue 17 item 4): a district whose roster source names Clever as its SSO provider is read
// from Clever's Data API (a local Clever-shaped server) with the district token Clever's token endpoint gives the
// app's credentials, and goes through the same queue: staged, reviewed, approved, applied. One naming ClassLink is
// read as OneRoster REST signed with OAuth 1.0a (the local server verifies every signature) under the tenant of the
// district's ClassLink settings.

const SECRETS_KEY = '7c'.repeat(32);
let t: TestApp;
let w: World;
let clever: CleverServer;
let or: OneRosterServer;
let cl: OneRosterServer;
let sourceId: number;
let logged: string[];
let q: SecretsWorld['q'];

beforeAll(async () => {
  ({ t, w, logged, q } = await buildSecretsWorld(SECRETS_KEY));
  clever = await startCleverServer();
  or = await startOneRosterServer();
  cl = await startOneRosterServer({ auth: 'oauth1', clientId: 'classlink-key', clientSecret: 'classlink-secret-42' });
});
afterAll(async () => {
  await clever.close();
  await or.close();
  await cl.close();
  await t.close();
});

const deps = () => ({ ...t.app.deps, config: t.config });
const latestItem = async () =>
  (
    await q<{ id: number; status: string; error: string | null; data_type: string; source_id: number }>(
      'select id, status, error, data_type, source_id from roster_queue where account_id = $1 order by id desc limit 1',
      [w.accA1.id],
    )
  )[0]!;

describe('a roster source with SSO provider Clever', () => {
  it("is saved with the app's credentials and the district's Clever id; test connection gets the district token", async () => {
    const body = {
      account_id: w.accA1.id,
      endpoint_url: `${clever.url}/v3.0`,
      token_url: clever.tokensUrl,
      client_id: CLEVER_APP.clientId,
      client_secret: CLEVER_APP.clientSecret,
      sso_provider: 'clever',
    };
    const noDistrict = await call(t.app, 'PUT', '/dashboard/roster/sources', { token: w.tokens.domain, body });
    expect(noDistrict.statusCode).toBe(422);
    expect(noDistrict.json().errors).toHaveProperty('tenant');
    expect(await q('select id from roster_sources where account_id = $1', [w.accA1.id])).toEqual([]);

    const res = await call(t.app, 'PUT', '/dashboard/roster/sources', {
      token: w.tokens.domain,
      body: { ...body, tenant: CLEVER_DISTRICT },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(CLEVER_APP.clientSecret);
    sourceId = res.json<{ data: { id: number } }>().data.id;
    const test = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA1.id },
    });
    expect(test.json().data).toEqual({ ok: true, message: null, orgs_total: null });
    expect(clever.log.tokenRequests.at(-1)).toEqual({
      query: { owner_type: 'district', district: CLEVER_DISTRICT },
      status: 200,
    });
    expect(clever.log.calls.at(-1)).toMatchObject({
      collection: 'schools',
      status: 200,
      query: { limit: '1' },
      auth: `Bearer ${CLEVER_TOKEN}`,
    });
  });

  it("refuses the test when Clever refuses the app's secret or has no token for the district", async () => {
    const test = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
        token: w.tokens.domain,
        body: { account_id: w.accA1.id, ...body },
      });
    const calls = clever.log.calls.length;
    const wrong = await test({ client_secret: 'not-the-secret' });
    expect(wrong.json().data).toEqual({
      ok: false,
      message: 'Clever refused the app’s client ID or secret',
      orgs_total: null,
    });
    expect(clever.log.tokenRequests.at(-1)!.status).toBe(401);
    const elsewhere = await test({ tenant: '000000000000000000000000' });
    expect(elsewhere.json().data).toEqual({
      ok: false,
      message:
        'Clever has no token for district 000000000000000000000000: the district has not shared its data with the app, or the district ID is wrong',
      orgs_total: null,
    });
    // no data call was made without a district token
    expect(clever.log.calls.length).toBe(calls);
    // another district's token is another district's: it reads nothing of this one
    const other = await test({ tenant: CLEVER_OTHER_DISTRICT });
    expect(other.json().data).toMatchObject({
      ok: false,
      message: 'Clever refused the district token for schools; the district may have disconnected the app in Clever',
    });
  });

  it('imports schools, sections, teachers, students and enrollments through the queue: staged, approved, applied', async () => {
    const before = clever.log.calls.length;
    await rosterSourceImportJob.handler(
      deps(),
      { source_id: sourceId, user_id: w.users.domain.id },
      { id: '1', retryCount: 0 },
    );
    // every collection was read page by page (2 per page) with the district token, following rel=next
    const calls = clever.log.calls.slice(before);
    expect(calls.every((c) => c.auth === `Bearer ${CLEVER_TOKEN}` && c.status === 200)).toBe(true);
    expect(
      calls.filter((c) => c.collection === 'users' && c.query.role === 'student').map((c) => c.query.starting_after),
    ).toEqual([undefined, 'stu-b-0002']);
    const item = await latestItem();
    expect(item).toMatchObject({ status: 'created', data_type: 'rest', source_id: sourceId });
    await runStageJob(t.app.deps, item.id);
    const [staged] = await q<{ status: string; diff_summary: Record<string, Record<string, number>> }>(
      'select status, diff_summary from roster_queue where id = $1',
      [item.id],
    );
    expect(staged!.status).toBe('prepared');
    expect(staged!.diff_summary).toMatchObject({
      orgs: { create: 2 },
      classes: { create: 2 },
      users: { create: 5 },
      enrollments: { create: 6 },
    });
    const changes = await q<{ entity: string; label: string }>(
      `select entity, label from roster_changes where queue_id = $1 and entity in ('orgs', 'classes') order by label`,
      [item.id],
    );
    expect(changes.map((c) => c.label)).toEqual([
      'Clever Elementary',
      'Clever Middle',
      'Grade 5 Science',
      'Grade 7 Physics',
    ]);

    // the review's approve, as a roster manager does it on the import's page
    const approve = await call(t.app, 'PUT', `/dashboard/roster/queue/${item.id}`, {
      token: w.tokens.domain,
      body: { status: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await applyQueueItem(t.app.deps, item.id);
    expect((await latestItem()).status).toBe('processed');

    const schools = await q<{ sourced_id: string; name: string }>(
      'select sourced_id, name from organizations where account_id = $1 and sourced_id is not null order by sourced_id',
      [w.accA1.id],
    );
    expect(schools).toEqual([
      { sourced_id: 'sch-a-0001', name: 'Clever Elementary' },
      { sourced_id: 'sch-b-0002', name: 'Clever Middle' },
    ]);
    const classes = await q<{ sourced_id: string; title: string; school: string }>(
      `select c.sourced_id, c.title, o.sourced_id as school from classes c join organizations o on o.id = c.organization_id
        where c.account_id = $1 and c.sourced_id is not null order by c.sourced_id`,
      [w.accA1.id],
    );
    expect(classes).toEqual([
      { sourced_id: 'sec-a-0001', title: 'Grade 5 Science', school: 'sch-a-0001' },
      { sourced_id: 'sec-b-0002', title: 'Grade 7 Physics', school: 'sch-b-0002' },
    ]);
    const users = await q<{ sourced_id: string; role: string; first_name: string; last_name: string }>(
      `select sourced_id, role, first_name, last_name from users where account_id = $1 and sourced_id is not null
        order by sourced_id`,
      [w.accA1.id],
    );
    expect(users.map((u) => [u.sourced_id, u.role, u.first_name, u.last_name])).toEqual([
      ['stu-a-0001', 'student', 'Ana', 'Alvarez'],
      ['stu-b-0002', 'student', 'Ben', 'Brown'],
      ['stu-c-0003', 'student', 'Cleo', 'Chen'],
      ['tch-a-0001', 'teacher', 'Ada', 'Lovelace'],
      ['tch-b-0002', 'teacher', 'Grace', 'Hopper'],
    ]);
    const enrolled = await q<{ cls: string; usr: string }>(
      `select c.sourced_id as cls, u.sourced_id as usr from class_users cu join classes c on c.id = cu.class_id
        join users u on u.id = cu.user_id where c.account_id = $1 order by 1, 2`,
      [w.accA1.id],
    );
    expect(enrolled).toEqual([
      { cls: 'sec-a-0001', usr: 'stu-a-0001' },
      { cls: 'sec-a-0001', usr: 'stu-b-0002' },
      { cls: 'sec-a-0001', usr: 'tch-a-0001' },
      { cls: 'sec-b-0002', usr: 'stu-c-0003' },
      { cls: 'sec-b-0002', usr: 'tch-a-0001' },
      { cls: 'sec-b-0002', usr: 'tch-b-0002' },
    ]);
  });

  it('an app secret Clever refuses leaves a failed item with the reason, nothing written, no secret in a log', async () => {
    const rows = async () =>
      (await q<{ n: string }>('select count(*)::text as n from users where account_id = $1', [w.accA1.id]))[0]!.n;
    const before = await rows();
    clever.knobs.clientSecret = 'rotated-secret';
    try {
      await rosterSourceImportJob.handler(deps(), { source_id: sourceId, user_id: null }, { id: '2', retryCount: 0 });
    } finally {
      clever.knobs.clientSecret = CLEVER_APP.clientSecret;
    }
    const reason = 'Clever refused the app’s client ID or secret';
    expect(await latestItem()).toMatchObject({ status: 'failed', error: reason });
    const logs = await q<{ message: string }>('select message from roster_logs where queue_id = $1 order by id', [
      (await latestItem()).id,
    ]);
    expect(logs.map((l) => l.message)).toEqual(['Failed to import file', reason]);
    expect(await rows()).toBe(before);
    expect(logged.join('')).not.toContain(CLEVER_TOKEN);
    expect(logged.join('')).not.toContain(CLEVER_APP.clientSecret);
  });

  it('a page Clever fails part way fails the whole read: nothing half-imported', async () => {
    clever.knobs.failAt = { collection: 'sections', status: 502 };
    try {
      await rosterSourceImportJob.handler(deps(), { source_id: sourceId, user_id: null }, { id: '3', retryCount: 0 });
    } finally {
      clever.knobs.failAt = null;
    }
    expect(await latestItem()).toMatchObject({
      status: 'failed',
      error: 'The roster server answered 502 for sections at offset 0',
    });
  });
});

describe('a roster source with SSO provider ClassLink', () => {
  let id: number;
  const counts = async (accountId: number) =>
    (
      await q<{ users: string; classes: string; orgs: string }>(
        `select (select count(*) from users where account_id = $1)::text as users,
                (select count(*) from classes where account_id = $1)::text as classes,
                (select count(*) from organizations where account_id = $1)::text as orgs`,
        [accountId],
      )
    )[0]!;

  it("is read as OneRoster REST signed with OAuth 1.0a, under the tenant of the district's ClassLink settings", async () => {
    const sso = await call(t.app, 'PUT', `/dashboard/accounts/${w.accA2.id}/sso-configs/classlink`, {
      token: w.tokens.domain,
      body: {
        issuer: 'https://launchpad.classlink.com',
        client_id: 'c1',
        client_secret: 's1',
        tenant: 'alpine',
      },
    });
    expect(sso.statusCode, sso.body).toBe(200);
    const res = await call(t.app, 'PUT', '/dashboard/roster/sources', {
      token: w.tokens.domain,
      body: {
        account_id: w.accA2.id,
        endpoint_url: `${cl.url}/{tenant}`,
        client_id: cl.knobs.clientId,
        client_secret: cl.knobs.clientSecret,
        sso_provider: 'classlink',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // a ClassLink source left without an authorization type signs its requests
    expect(res.json().data).toMatchObject({ sso_provider: 'classlink', authorization_type: 'oauth1' });
    id = res.json<{ data: { id: number } }>().data.id;
    const test = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA2.id },
    });
    expect(test.json().data).toEqual({ ok: true, message: null, orgs_total: 1 });
    expect(cl.log.calls.at(-1)).toMatchObject({ collection: 'orgs', tenant: 'alpine', status: 200 });

    const before = cl.log.calls.length;
    await rosterSourceImportJob.handler(deps(), { source_id: id, user_id: null }, { id: '4', retryCount: 0 });
    const calls = cl.log.calls.slice(before);
    expect(calls.map((c) => c.collection)).toContain('enrollments');
    // every call signed and accepted (the server refuses a nonce it saw before), no OAuth 2 token ever asked for
    expect(calls.every((c) => c.tenant === 'alpine' && c.status === 200)).toBe(true);
    expect(cl.log.tokens).toBe(0);
    const [item] = await q<{ id: number; status: string; source_id: number }>(
      'select id, status, source_id from roster_queue where account_id = $1 order by id desc limit 1',
      [w.accA2.id],
    );
    expect(item).toMatchObject({ status: 'created', source_id: id });
    await runStageJob(t.app.deps, item!.id);
    const changes = await q<{ label: string }>(
      `select label from roster_changes where queue_id = $1 and entity = 'classes'`,
      [item!.id],
    );
    expect(changes).toContainEqual({ label: 'Introduction to Physics' });
  });

  it('a wrong secret is refused by the signature check: the test says so, the import fails whole, nothing written', async () => {
    const wrong = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA2.id, client_secret: 'not-the-secret' },
    });
    const reason = 'The roster server refused the signed request for orgs; check the client ID and secret';
    expect(wrong.json().data).toEqual({ ok: false, message: reason, orgs_total: null });
    expect(cl.log.calls.at(-1)).toMatchObject({ status: 401, refusal: 'signature mismatch' });

    // the district's ClassLink secret changed: the stored one no longer signs
    const before = await counts(w.accA2.id);
    const itemsBefore = await q('select id from roster_queue where account_id = $1', [w.accA2.id]);
    cl.knobs.clientSecret = 'rotated-at-classlink';
    try {
      await rosterSourceImportJob.handler(deps(), { source_id: id, user_id: null }, { id: '5', retryCount: 0 });
    } finally {
      cl.knobs.clientSecret = 'classlink-secret-42';
    }
    const [item] = await q<{ id: number; status: string; error: string }>(
      'select id, status, error from roster_queue where account_id = $1 order by id desc limit 1',
      [w.accA2.id],
    );
    expect(item).toMatchObject({ status: 'failed', error: reason });
    expect((await q('select id from roster_queue where account_id = $1', [w.accA2.id])).length).toBe(
      itemsBefore.length + 1,
    );
    expect(await q('select id from roster_changes where queue_id = $1', [item!.id])).toEqual([]);
    expect(await counts(w.accA2.id)).toEqual(before);
    expect(logged.join('')).not.toContain('classlink-secret-42');
  });
});
