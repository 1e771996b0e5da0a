import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, statusesByActor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('GET /dashboard/status', () => {
  it('is the technology resource: only the super administrator reads it', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/status')).toEqual({
      super: 200,
      domain: 403,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect((await call(t.app, 'GET', '/dashboard/status')).statusCode).toBe(401);
  });

  it('says what /health and /metrics know: the database, the queue, connections, version, uptime, memory', async () => {
    const res = await call(t.app, 'GET', '/dashboard/status', { token: w.tokens.super });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    // the test app's queue only records jobs: nothing to ask or count
    expect(data).toMatchObject({
      status: 'ok',
      database: { state: 'up', kind: 'embedded' },
      jobs: { state: 'off', by_state: null },
      realtime: { connections: 0 },
      version: '0.13.7',
    });
    expect(data.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(data.memory.rss_bytes).toBeGreaterThan(data.memory.heap_used_bytes);
    expect(Date.parse(data.checked_at)).not.toBeNaN();
  });

  it("sums the queue's jobs by state over every queue, and says when the queue does not answer", async () => {
    const jobs = t.jobs as unknown as Record<string, unknown>;
    jobs.ping = () => Promise.resolve();
    jobs.countByState = () =>
      Promise.resolve([
        { queue: 'mail', state: 'created', count: 2 },
        { queue: 'reports', state: 'created', count: 3 },
        { queue: 'mail', state: 'failed', count: 1 },
      ]);
    try {
      let data = (await call(t.app, 'GET', '/dashboard/status', { token: w.tokens.super })).json().data;
      expect(data.jobs).toEqual({
        state: 'up',
        by_state: { created: 5, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 1 },
      });
      jobs.ping = () => Promise.reject(new Error('down'));
      jobs.countByState = () => Promise.reject(new Error('down'));
      data = (await call(t.app, 'GET', '/dashboard/status', { token: w.tokens.super })).json().data;
      expect(data).toMatchObject({ status: 'degraded', jobs: { state: 'down', by_state: null } });
    } finally {
      delete jobs.ping;
      delete jobs.countByState;
    }
  });
});
