import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createOrganization, createUser } from '../../db/seed/factories';
import { runUserTaskJob } from './user-tasks.jobs';

let t: TestApp;
let dataDir: string;
let accountId: number;
let otherAccountId: number;
let foreignAccountId: number;
let org1: number;
let org2: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

async function signIn(login: string, app: 'dashboard' | 'student' = 'dashboard') {
  const res = await call(t.app, 'POST', `/${app}/auth/form`, { body: { login, password: 'Passw0rd!' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aula-user-tasks-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  const db = t.db.database.db;
  const domain = await createDomain(db);
  const otherDomain = await createDomain(db);
  accountId = (await createAccount(db, { domainId: domain.id })).id;
  otherAccountId = (await createAccount(db, { domainId: domain.id })).id;
  foreignAccountId = (await createAccount(db, { domainId: otherDomain.id })).id;
  org1 = (await createOrganization(db, { accountId })).id;
  org2 = (await createOrganization(db, { accountId })).id;
  const people = {
    super: { role: 'super-administrator' },
    domain: { role: 'domain-administrator', domainId: domain.id },
    admin: { role: 'administrator', domainId: domain.id, accountId, firstName: 'Ada', lastName: 'Admin' },
    admin2: { role: 'administrator', domainId: domain.id, accountId },
    school: { role: 'school-administrator', domainId: domain.id, accountId, organizationIds: [org1] },
    teacher: {
      role: 'teacher',
      domainId: domain.id,
      accountId,
      organizationIds: [org1],
      firstName: '=cmd',
      lastName: 'Smith, Jr.',
    },
    otherAdmin: { role: 'administrator', domainId: domain.id, accountId: otherAccountId },
  } as const;
  for (const [key, v] of Object.entries(people)) {
    const u = await createUser(db, { ...v, email: `${key}-${Date.now()}@example.test` });
    ids[key] = u.id;
    tokens[key] = await signIn(u.email!);
  }
  const s1 = await createUser(db, {
    role: 'student',
    domainId: domain.id,
    accountId,
    email: null,
    username: `kid-a-${Date.now()}`,
    organizationIds: [org1],
  });
  const s2 = await createUser(db, {
    role: 'student',
    domainId: domain.id,
    accountId,
    email: null,
    username: `kid-b-${Date.now()}`,
    organizationIds: [org2],
  });
  ids.s1 = s1.id;
  ids.s2 = s2.id;
  await signIn(s1.username!, 'student');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function create(token: string, body: object = { type: 'create-user-activity-report' }, lang?: string) {
  return call(t.app, 'POST', '/dashboard/user-tasks/create', { token, body, ...(lang ? { lang } : {}) });
}

async function runJob(taskId: number, retryCount = 0, deps = t.app.deps) {
  const sent = t.jobs.sent.find((j) => (j.payload as { task_id: number }).task_id === taskId);
  expect(sent?.name).toBe('user-tasks.run');
  await runUserTaskJob.handler(deps, runUserTaskJob.payload.parse(sent!.payload), { id: 'test', retryCount });
}

async function taskRow(id: number) {
  const res = await t.db.database.pool.query('select * from user_tasks where id = $1', [id]);
  return res.rows[0];
}

function parseCsv(text: string): string[][] {
  // RFC 4180: quoted cells with doubled quotes, CRLF rows
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('POST /dashboard/user-tasks/create', () => {
  it('records a pending task for the owner and account, queues the job and tells the owner', async () => {
    const before = t.events.published.length;
    const res = await create(tokens.admin!);
    expect(res.statusCode).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({
      type: 'create-user-activity-report',
      status: 'pending',
      user_id: ids.admin,
      account_id: accountId,
      attempts: 0,
      file_name: null,
    });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({
      user_id: ids.admin,
      account_id: accountId,
      status: 'pending',
      type: 'create-user-activity-report',
    });
    expect(row.payload).toEqual({ account_id: accountId });
    expect(t.jobs.sent.at(-1)).toEqual({ name: 'user-tasks.run', payload: { task_id: task.id } });
    expect(t.events.published.slice(before)).toEqual([
      {
        channel: `private-user.${ids.admin}`,
        event: REALTIME_EVENTS.userTaskChanged,
        payload: expect.objectContaining({ id: task.id, status: 'pending' }),
      },
    ]);
  });

  it('answers 422 "not available yet" for the task types later issues build, storing nothing', async () => {
    const count = (await t.db.database.pool.query('select count(*)::int as n from user_tasks')).rows[0].n;
    const sent = t.jobs.sent.length;
    for (const type of ['generate-progress-report', 'account-merge', 'account-delete-data']) {
      const res = await create(tokens.super!, { type, payload: { account_id: accountId } });
      expect(res.statusCode, type).toBe(422);
      expect(res.json()).toEqual({
        message: 'This task type is not available yet.',
        errors: { type: ['This task type is not available yet.'] },
      });
    }
    expect((await create(tokens.super!, { type: 'account-merge' }, 'es')).json().message).toBe(
      'Este tipo de operación todavía no está disponible.',
    );
    expect((await t.db.database.pool.query('select count(*)::int as n from user_tasks')).rows[0].n).toBe(count);
    expect(t.jobs.sent.length).toBe(sent);
  });

  it('validates the type', async () => {
    const res = await create(tokens.admin!, { type: 'make-coffee' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.type).toEqual(['Please select type']);
    expect((await create(tokens.admin!, {})).statusCode).toBe(422);
  });

  it('needs a signed-in user with the user-task permission', async () => {
    expect(
      (await call(t.app, 'POST', '/dashboard/user-tasks/create', { body: { type: 'create-user-activity-report' } }))
        .statusCode,
    ).toBe(401);
    for (const path of ['/dashboard/user-tasks/create', '/dashboard/user-tasks', '/dashboard/user-tasks/active']) {
      const res = await call(t.app, 'POST', path, {
        token: tokens.teacher!,
        body: { type: 'create-user-activity-report' },
      });
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('scopes the report to an account in reach: domain and super admins name one, others get their own', async () => {
    expect((await create(tokens.domain!)).json().errors.account_id).toEqual(['Please select account']);
    expect(
      (await create(tokens.domain!, { type: 'create-user-activity-report', payload: { account_id: foreignAccountId } }))
        .statusCode,
    ).toBe(404);
    const d = await create(tokens.domain!, {
      type: 'create-user-activity-report',
      payload: { account_id: otherAccountId },
    });
    expect(d.json().data.account_id).toBe(otherAccountId);
    const s = await create(tokens.super!, {
      type: 'create-user-activity-report',
      payload: { account_id: foreignAccountId },
    });
    expect(s.json().data.account_id).toBe(foreignAccountId);
    expect(
      (await create(tokens.super!, { type: 'create-user-activity-report', payload: { account_id: 999_999 } }))
        .statusCode,
    ).toBe(404);
    // an account admin cannot ask about another account, even in the same domain
    expect(
      (await create(tokens.admin!, { type: 'create-user-activity-report', payload: { account_id: otherAccountId } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the job', () => {
  it('processes the task: CSV of the account users with last sign-in, completed, owner told and notified', async () => {
    const task = (await create(tokens.admin!)).json().data;
    const before = t.events.published.length;
    await runJob(task.id);
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: 'completed', attempts: 1, error: null });
    expect(row.result_name).toMatch(new RegExp(`^user-activity-report-${accountId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const files = await readdir(path.join(dataDir, 'task-results'));
    expect(files).toContain(row.result_file);

    const csv = parseCsv(await readFile(path.join(dataDir, 'task-results', row.result_file), 'utf8'));
    expect(csv[0]).toEqual(['id', 'role', 'first_name', 'last_name', 'email', 'last_sign_in']);
    const byId = new Map(csv.slice(1).map((r) => [Number(r[0]), r]));
    // every user of the account, and only them
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual(
      [ids.admin, ids.admin2, ids.school, ids.teacher, ids.s1, ids.s2].sort((a, b) => a! - b!),
    );
    expect(byId.get(ids.admin!)!.slice(1, 4)).toEqual(['administrator', 'Ada', 'Admin']);
    expect(byId.get(ids.admin!)![5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byId.get(ids.s1!)![5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byId.get(ids.s2!)![5]).toBe(''); // never signed in
    // a cell that a spreadsheet would run as a formula is defused; commas are quoted
    expect(byId.get(ids.teacher!)!.slice(2, 4)).toEqual(["'=cmd", 'Smith, Jr.']);

    const events = t.events.published.slice(before);
    expect(events.map((e) => [e.channel, e.event, (e.payload as { status?: string; type?: string }).status])).toEqual([
      [`private-user.${ids.admin}`, REALTIME_EVENTS.userTaskChanged, 'processing'],
      [`private-user.${ids.admin}`, REALTIME_EVENTS.userTaskChanged, 'completed'],
      [`private-user.${ids.admin}`, REALTIME_EVENTS.notificationCreated, 'unread'],
    ]);
    const notes = await t.db.database.pool.query('select * from notifications where user_id = $1', [ids.admin]);
    expect(notes.rows).toHaveLength(1);
    expect(notes.rows[0]).toMatchObject({
      type: 'create-user-activity-report',
      status: 'unread',
      connection: 'messages',
      event: REALTIME_EVENTS.userTaskChanged,
    });
    expect(notes.rows[0].hash).toMatch(/^[0-9a-f]{32}$/);
    expect(notes.rows[0].message).toMatchObject({
      user_task_id: task.id,
      status: 'completed',
      account_id: accountId,
      file_name: row.result_name,
    });

    // running the same job again (a duplicate delivery) changes nothing
    await runJob(task.id);
    expect((await taskRow(task.id)).attempts).toBe(1);
  });

  it("limits a school admin's report to the users of their organizations", async () => {
    const task = (await create(tokens.school!)).json().data;
    expect(task.payload).toEqual({ account_id: accountId, organization_ids: [org1] });
    await runJob(task.id);
    const res = await call(t.app, 'GET', `/dashboard/user-tasks/${task.id}/download`, { token: tokens.school! });
    const userIds = parseCsv(res.body)
      .slice(1)
      .map((r) => Number(r[0]))
      .sort((a, b) => a - b);
    expect(userIds).toEqual([ids.school, ids.teacher, ids.s1].sort((a, b) => a! - b!));
  });

  it('retries a failing attempt, then ends the task in error and notifies the owner', async () => {
    const task = (await create(tokens.admin!)).json().data;
    // a results directory that cannot be created makes every attempt fail
    const broken = { ...t.app.deps, config: { ...t.app.deps.config, DATA_DIR: '/dev/null/nowhere' } };
    await expect(runJob(task.id, 0, broken)).rejects.toThrow();
    expect(await taskRow(task.id)).toMatchObject({ status: 'processing', attempts: 1 });
    await expect(runJob(task.id, 1, broken)).rejects.toThrow();
    await runJob(task.id, 2, broken); // the last attempt does not throw: the task is finished, in error
    expect(await taskRow(task.id)).toMatchObject({
      status: 'error',
      attempts: 3,
      error: 'The task failed. Please try again.',
    });
    const note = await t.db.database.pool.query(
      "select message from notifications where user_id = $1 and message->>'user_task_id' = $2",
      [ids.admin, String(task.id)],
    );
    expect(note.rows[0].message).toMatchObject({ status: 'error' });
    const dl = await call(t.app, 'GET', `/dashboard/user-tasks/${task.id}/download`, { token: tokens.admin! });
    expect(dl.statusCode).toBe(409);
  });
});

describe('list, active, download', () => {
  it('GET download streams the file with its name; 409 before completion; 404 for anyone else', async () => {
    const task = (await create(tokens.admin!)).json().data;
    const early = await call(t.app, 'GET', `/dashboard/user-tasks/${task.id}/download`, { token: tokens.admin! });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This task has no file to download yet.');
    await runJob(task.id);
    const res = await call(t.app, 'GET', `/dashboard/user-tasks/${task.id}/download`, { token: tokens.admin! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const row = await taskRow(task.id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${row.result_name}"; filename*=UTF-8''${row.result_name}`,
    );
    expect(res.body.split('\r\n')[0]).toBe('id,role,first_name,last_name,email,last_sign_in');
    expect(res.body).toBe(await readFile(path.join(dataDir, 'task-results', row.result_file), 'utf8'));
    // the other admin of the same account, a stranger, a made-up id
    for (const token of [tokens.admin2!, tokens.otherAdmin!, tokens.super!]) {
      const other = await call(t.app, 'GET', `/dashboard/user-tasks/${task.id}/download`, { token });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('The page you requested could not be found.');
    }
    expect(
      (await call(t.app, 'GET', '/dashboard/user-tasks/999999/download', { token: tokens.admin! })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/dashboard/user-tasks/abc/download', { token: tokens.admin! })).statusCode).toBe(
      422,
    );
  });

  it('lists only my tasks, newest first, paginated and filtered by status; active = pending + processing', async () => {
    const fresh = (await create(tokens.admin2!)).json().data;
    const running = (await create(tokens.admin2!)).json().data;
    await t.db.database.pool.query("update user_tasks set status = 'processing' where id = $1", [running.id]);
    const done = (await create(tokens.admin2!)).json().data;
    await runJob(done.id);

    const all = await call(t.app, 'POST', '/dashboard/user-tasks', { token: tokens.admin2!, body: {} });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((x: { id: number }) => x.id)).toEqual([done.id, running.id, fresh.id]);
    expect(all.json().meta).toEqual({ page: 1, per_page: 10, total: 3 });
    const page2 = await call(t.app, 'POST', '/dashboard/user-tasks', {
      token: tokens.admin2!,
      body: { page: 2, per_page: 2 },
    });
    expect(page2.json().data.map((x: { id: number }) => x.id)).toEqual([fresh.id]);
    expect(page2.json().meta).toEqual({ page: 2, per_page: 2, total: 3 });
    const completed = await call(t.app, 'POST', '/dashboard/user-tasks', {
      token: tokens.admin2!,
      body: { status: 'completed' },
    });
    expect(completed.json().data.map((x: { id: number }) => x.id)).toEqual([done.id]);
    expect(completed.json().data[0].file_name).toMatch(/\.csv$/);

    const active = await call(t.app, 'POST', '/dashboard/user-tasks/active', { token: tokens.admin2! });
    expect(active.json().data.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([
      [running.id, 'processing'],
      [fresh.id, 'pending'],
    ]);
    // nobody else's tasks leak into the lists
    const mine = await call(t.app, 'POST', '/dashboard/user-tasks', { token: tokens.otherAdmin!, body: {} });
    expect(mine.json()).toEqual({ data: [], meta: { page: 1, per_page: 10, total: 0 } });
    expect(
      (await call(t.app, 'POST', '/dashboard/user-tasks', { token: tokens.admin2!, body: { per_page: 301 } }))
        .statusCode,
    ).toBe(422);
  });
});
