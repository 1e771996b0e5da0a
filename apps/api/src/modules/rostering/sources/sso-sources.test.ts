import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../../test/test-app';
import { buildWorld, type World } from '../../../../test/tenancy-fixtures';
import { CLEVER_TOKEN, startCleverServer, type CleverServer } from '../../../../test/clever-server';
import { startOneRosterServer, type OneRosterServer } from '../../../../test/oneroster-server';
import { applyQueueItem } from '../queue/queue-apply';
import { runStageJob } from '../queue/queue-stage';
import { rosterSourceImportJob } from './sources.jobs';

// Rostering through SSO (issue 17 item 4): a district whose roster source names Clever as its SSO provider is read
// from Clever's Data API (a local Clever-shaped server) and goes through the same queue: staged, reviewed, approved,
// applied. One naming ClassLink is read as OneRoster REST under the tenant of the district's ClassLink settings.

const SECRETS_KEY = '7c'.repeat(32);
let t: TestApp;
let w: World;
let clever: CleverServer;
let or: OneRosterServer;
let sourceId: number;
const logged: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildTestApp({ env: { SECRETS_KEY, LOG_LEVEL: 'trace' }, logStream });
  w = await buildWorld(t);
  clever = await startCleverServer();
  or = await startOneRosterServer();
});
afterAll(async () => {
  await clever.close();
  await or.close();
  await t.close();
});

const deps = () => ({ ...t.app.deps, config: t.config });
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await w.pool.query(text, params)).rows as T[];
const latestItem = async () =>
  (
    await q<{ id: number; status: string; error: string | null; data_type: string; source_id: number }>(
      'select id, status, error, data_type, source_id from roster_queue where account_id = $1 order by id desc limit 1',
      [w.accA1.id],
    )
  )[0]!;

describe('a roster source with SSO provider Clever', () => {
  it('is saved with the district token as its secret, and test connection reads Clever', async () => {
    const res = await call(t.app, 'PUT', '/dashboard/roster/sources', {
      token: w.tokens.domain,
      body: {
        account_id: w.accA1.id,
        endpoint_url: `${clever.url}/v3.0`,
        client_id: '5b2ad81a709e300001e2cd7a',
        client_secret: CLEVER_TOKEN,
        sso_provider: 'clever',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(CLEVER_TOKEN);
    sourceId = res.json<{ data: { id: number } }>().data.id;
    const test = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA1.id },
    });
    expect(test.json().data).toEqual({ ok: true, message: null, orgs_total: null });
    expect(clever.log.calls.at(-1)).toMatchObject({ collection: 'schools', status: 200, query: { limit: '1' } });
    const wrong = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA1.id, client_secret: 'not-the-token' },
    });
    expect(wrong.json().data).toEqual({
      ok: false,
      message: 'Clever refused the district token for schools; enter the district’s current token',
      orgs_total: null,
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

  it('a district token Clever refuses leaves a failed item with the reason, and the token in no log', async () => {
    clever.knobs.token = 'rotated-token';
    try {
      await rosterSourceImportJob.handler(deps(), { source_id: sourceId, user_id: null }, { id: '2', retryCount: 0 });
    } finally {
      clever.knobs.token = CLEVER_TOKEN;
    }
    const reason = 'Clever refused the district token for schools; enter the district’s current token';
    expect(await latestItem()).toMatchObject({ status: 'failed', error: reason });
    const logs = await q<{ message: string }>('select message from roster_logs where queue_id = $1 order by id', [
      (await latestItem()).id,
    ]);
    expect(logs.map((l) => l.message)).toEqual(['Failed to import file', reason]);
    expect(logged.join('')).not.toContain(CLEVER_TOKEN);
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
  it("is read as OneRoster REST under the tenant of the district's ClassLink settings", async () => {
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
        endpoint_url: `${or.url}/{tenant}`,
        client_id: or.knobs.clientId,
        client_secret: or.knobs.clientSecret,
        sso_provider: 'classlink',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ data: { id: number } }>().data.id;
    const test = await call(t.app, 'POST', '/dashboard/roster/sources/test-connection', {
      token: w.tokens.domain,
      body: { account_id: w.accA2.id },
    });
    expect(test.json().data).toEqual({ ok: true, message: null, orgs_total: 1 });
    expect(or.log.calls.at(-1)).toMatchObject({ collection: 'orgs', tenant: 'alpine', status: 200 });

    const before = or.log.calls.length;
    await rosterSourceImportJob.handler(deps(), { source_id: id, user_id: null }, { id: '4', retryCount: 0 });
    const calls = or.log.calls.slice(before);
    expect(calls.map((c) => c.collection)).toContain('enrollments');
    expect(calls.every((c) => c.tenant === 'alpine')).toBe(true);
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
});
