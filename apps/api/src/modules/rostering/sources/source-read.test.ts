import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../../test/test-app';
import { buildWorld, type World } from '../../../../test/tenancy-fixtures';
import { startOneRosterServer, type OneRosterServer } from '../../../../test/oneroster-server';
import { encryptSecret } from '../../../lib/secrets';
import { fetchSourceSnapshot, readRosterSource } from './read-source';
import { rosterSourceImportJob, queueDueSources } from './sources.jobs';
import { ROSTER_SOURCE_IMPORT_JOB } from './sources.jobs-names';
import * as repo from './sources.repo';
import { runStageJob } from '../queue/queue-stage';

// Reading a stored source from the database (what the queue and the nightly run call), and the schedule tick.

const SECRETS_KEY = 'cd'.repeat(32);
let t: TestApp;
let w: World;
let or: OneRosterServer;
let sourceId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { SECRETS_KEY } });
  w = await buildWorld(t);
  or = await startOneRosterServer();
  const row = await repo.upsertSource(w.db, {
    accountId: w.accA1.id,
    endpointUrl: `${or.url}/ims/oneroster/v1p1`,
    clientId: or.knobs.clientId,
    clientSecretEncrypted: encryptSecret(SECRETS_KEY, or.knobs.clientSecret),
    allowAutomatic: true,
  });
  sourceId = row.id;
});
afterAll(async () => {
  await or.close();
  await t.close();
});
beforeEach(async () => {
  await w.pool.query('update roster_sources set is_active = true, last_run_at = null');
  t.jobs.sent.length = 0;
});

const deps = () => ({ ...t.app.deps, config: t.config });

describe('fetchSourceSnapshot', () => {
  it("reads the stored source's whole roster (its endpoint given as the data root) and stamps the run", async () => {
    const read = await fetchSourceSnapshot(deps(), sourceId, { pageSize: 4 });
    expect(read.accountId).toBe(w.accA1.id);
    expect(read.sourceId).toBe(sourceId);
    expect(read.snapshot.users).toHaveLength(6);
    expect(read.snapshot.enrollments).toHaveLength(6);
    expect(read.errors.map((e) => e.severity)).toEqual(['warning', 'warning']);
    expect((await repo.findSource(w.db, sourceId))!.lastRunAt).toBeInstanceOf(Date);
  });

  it('refuses a source that is turned off, and one that does not exist', async () => {
    await w.pool.query('update roster_sources set is_active = false');
    await expect(fetchSourceSnapshot(deps(), sourceId)).rejects.toThrow('This roster source is turned off');
    await expect(readRosterSource(deps(), sourceId + 1000)).rejects.toMatchObject({ status: 404 });
  });

  it('a secret stored under another key is reported, not sent', async () => {
    const other = { ...deps(), config: { ...t.config, SECRETS_KEY: 'ef'.repeat(32) } };
    const tokens = or.log.tokens;
    await expect(readRosterSource(other, sourceId)).rejects.toThrow(
      'The stored client secret cannot be read; enter it again',
    );
    expect(or.log.tokens).toBe(tokens);
  });
});

describe('scheduled reads', () => {
  it('queue each automatic source once when its schedule falls due, whatever the number of ticks', async () => {
    await w.pool.query("update roster_sources set created_at = '2026-03-01T00:00:00Z', schedule = '0 2 * * *'");
    // created at midnight: nothing is due before 02:00
    expect(await queueDueSources(deps(), new Date('2026-03-01T01:59:00Z'))).toBe(0);
    expect(await queueDueSources(deps(), new Date('2026-03-01T02:00:00Z'))).toBe(1);
    expect(t.jobs.sent).toEqual([
      expect.objectContaining({ name: ROSTER_SOURCE_IMPORT_JOB, payload: { source_id: sourceId, user_id: null } }),
    ]);
    // the next ticks of the same night find it claimed
    expect(await queueDueSources(deps(), new Date('2026-03-01T02:05:00Z'))).toBe(0);
    expect(await queueDueSources(deps(), new Date('2026-03-02T01:55:00Z'))).toBe(0);
    // the next night it runs again
    expect(await queueDueSources(deps(), new Date('2026-03-02T02:05:00Z'))).toBe(1);
  });

  it('leave out sources that are off or not allowed to import automatically', async () => {
    await w.pool.query("update roster_sources set created_at = '2026-03-01T00:00:00Z', is_active = false");
    expect(await queueDueSources(deps(), new Date('2026-03-05T03:00:00Z'))).toBe(0);
    await w.pool.query('update roster_sources set is_active = true, allow_automatic = false');
    expect(await queueDueSources(deps(), new Date('2026-03-05T03:00:00Z'))).toBe(0);
    await w.pool.query('update roster_sources set allow_automatic = true');
    expect(await queueDueSources(deps(), new Date('2026-03-05T03:00:00Z'))).toBe(1);
  });

  it('the import job reads the source and stages its roster on the queue, waiting for review', async () => {
    const before = or.log.calls.length;
    await rosterSourceImportJob.handler(
      deps(),
      { source_id: sourceId, user_id: w.users.domain.id },
      {
        id: '1',
        retryCount: 0,
      },
    );
    expect(or.log.calls.slice(before).map((c) => c.collection)).toContain('enrollments');
    const { rows } = await w.pool.query<{ id: number; status: string; data_type: string; source_id: number }>(
      `select id, status, data_type, source_id from roster_queue where account_id = $1 order by id desc limit 1`,
      [w.accA1.id],
    );
    expect(rows[0]).toMatchObject({ status: 'created', data_type: 'rest', source_id: sourceId });
    expect(t.jobs.sent.map((j) => j.name)).toContain('roster.stage');
    // the staging job stages the fetched roster: the fixture's class is on the review
    await runStageJob(t.app.deps, rows[0]!.id);
    const { rows: changes } = await w.pool.query<{ action: string; label: string }>(
      `select action, label from roster_changes where queue_id = $1 and entity = 'classes'`,
      [rows[0]!.id],
    );
    expect(changes).toContainEqual({ action: 'create', label: 'Introduction to Physics' });
  });

  it('a source that fails mid-read leaves a failed item with the reason, which a restart reads again', async () => {
    or.knobs.failAt = { collection: 'users', offset: 0, status: 500 };
    try {
      await rosterSourceImportJob.handler(deps(), { source_id: sourceId, user_id: null }, { id: '2', retryCount: 0 });
    } finally {
      or.knobs.failAt = null;
    }
    const { rows } = await w.pool.query<{ id: number; status: string; error: string }>(
      `select id, status, error from roster_queue where account_id = $1 order by id desc limit 1`,
      [w.accA1.id],
    );
    const reason = 'The roster server answered 500 for users at offset 0';
    expect(rows[0]).toMatchObject({ status: 'failed', error: reason });
    const { rows: logs } = await w.pool.query<{ message: string }>(
      `select message from roster_logs where queue_id = $1 order by id`,
      [rows[0]!.id],
    );
    expect(logs.map((l) => l.message)).toEqual(['Failed to import file', reason]);
    // the server is well again: restarting the item reads the source and stages it
    await w.pool.query(`update roster_queue set status = 'created' where id = $1`, [rows[0]!.id]);
    await runStageJob(t.app.deps, rows[0]!.id);
    const { rows: after } = await w.pool.query<{ status: string }>(`select status from roster_queue where id = $1`, [
      rows[0]!.id,
    ]);
    expect(['prepared', 'actionRequired', 'empty']).toContain(after[0]!.status);
  });

  it('refresh staged data: a source import waiting for review reads its source again; others are refused', async () => {
    await rosterSourceImportJob.handler(deps(), { source_id: sourceId, user_id: null }, { id: '3', retryCount: 0 });
    const { rows } = await w.pool.query<{ id: number }>(
      `select id from roster_queue where account_id = $1 order by id desc limit 1`,
      [w.accA1.id],
    );
    const id = rows[0]!.id;
    await runStageJob(t.app.deps, id);
    const before = or.log.calls.length;
    // the wrong role, and a district admin (OneRoster view only), are refused; another district's item is not found
    for (const [token, status] of [
      [w.tokens.school, 403],
      [w.tokens.district, 403],
    ] as const)
      expect((await call(t.app, 'POST', `/dashboard/roster/queue/${id}/refresh`, { token })).statusCode).toBe(status);
    const res = await call(t.app, 'POST', `/dashboard/roster/queue/${id}/refresh`, { token: w.tokens.domain });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'created' });
    const { rows: cleared } = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from roster_changes where queue_id = $1`,
      [id],
    );
    expect(cleared[0]!.n).toBe(0);
    await runStageJob(t.app.deps, id);
    expect(or.log.calls.length).toBeGreaterThan(before);
    const { rows: again } = await w.pool.query<{ status: string }>(`select status from roster_queue where id = $1`, [
      id,
    ]);
    expect(['prepared', 'actionRequired', 'empty']).toContain(again[0]!.status);
    // once processed (or for an uploaded archive) there is nothing to refresh: 409
    await w.pool.query(`update roster_queue set status = 'processed' where id = $1`, [id]);
    const late = await call(t.app, 'POST', `/dashboard/roster/queue/${id}/refresh`, { token: w.tokens.domain });
    expect(late.statusCode).toBe(409);
    // another domain's district: its item does not exist for domain A's administrator
    const { rows: b1 } = await w.pool.query<{ id: number }>(
      `insert into roster_queue (account_id, domain_id, status, data_type, source_id)
       values ($1, $2, 'prepared', 'rest', $3) returning id`,
      [w.accB1.id, w.domB.id, sourceId],
    );
    const foreign = await call(t.app, 'POST', `/dashboard/roster/queue/${b1[0]!.id}/refresh`, {
      token: w.tokens.domain,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
