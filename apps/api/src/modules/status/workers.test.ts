import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { JOB_DEFINITIONS } from '../jobs';
import { SEND_EMAIL_JOB } from '../mail/mail.service';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

describe('POST /dashboard/workers/search', () => {
  it('is the technology resource: only the super administrator reads it', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/workers/search', {})).toEqual({
      super: 200,
      domain: 403,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  it('lists every job queue the workers run, by name, with its policy; a search narrows them', async () => {
    const res = await call(t.app, 'POST', '/dashboard/workers/search', { token: w.tokens.super, body: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((q: { name: string }) => q.name)).toEqual(JOB_DEFINITIONS.map((d) => d.name).sort());
    // the test app's queue only records jobs: nothing to count
    expect(body.meta.queue).toBe('off');
    expect(body.data[0].by_state).toBeNull();
    const mail = await call(t.app, 'POST', '/dashboard/workers/search', {
      token: w.tokens.super,
      body: { search: SEND_EMAIL_JOB.slice(0, 4).toUpperCase() },
    });
    expect(mail.json().data.map((q: { name: string }) => q.name)).toContain(SEND_EMAIL_JOB);
    const none = await call(t.app, 'POST', '/dashboard/workers/search', {
      token: w.tokens.super,
      body: { search: 'no such queue' },
    });
    expect(none.json().data).toEqual([]);
  });

  it("counts each queue's jobs by state, and says when the queue does not answer", async () => {
    const jobs = t.jobs as unknown as Record<string, unknown>;
    jobs.countByState = () =>
      Promise.resolve([
        { queue: SEND_EMAIL_JOB, state: 'created', count: 2 },
        { queue: SEND_EMAIL_JOB, state: 'failed', count: 1 },
        { queue: 'someone-else', state: 'created', count: 9 },
      ]);
    try {
      let body = (await call(t.app, 'POST', '/dashboard/workers/search', { token: w.tokens.super, body: {} })).json();
      expect(body.meta.queue).toBe('up');
      const mail = body.data.find((q: { name: string }) => q.name === SEND_EMAIL_JOB);
      expect(mail.by_state).toEqual({ created: 2, retry: 0, active: 0, completed: 0, cancelled: 0, failed: 1 });
      jobs.countByState = () => Promise.reject(new Error('down'));
      body = (await call(t.app, 'POST', '/dashboard/workers/search', { token: w.tokens.super, body: {} })).json();
      expect(body.meta.queue).toBe('down');
    } finally {
      delete jobs.countByState;
    }
  });
});
