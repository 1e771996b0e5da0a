import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app';
import { buildTestApp, createTestDatabase, RecordingEvents, testConfig } from '../../test/test-app';
import { defineJob } from '../lib/jobs';
import { createDatabase } from '../db/client';
import { JobRunner } from './jobs';
import { z } from 'zod';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

describe('GET /health', () => {
  it('says the database answers, and that this process has no job queue to ask', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'up', jobs: 'off' });
      expect(res.headers['cache-control']).toBe('no-store');
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  describe('with the job queue (pg-boss) and then without the database', () => {
    const cleanup: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    });

    it('reports the queue up, degraded when it stops, and 503 once the database is gone', async () => {
      const db = await createTestDatabase();
      cleanup.push(() => db.close());
      const jobs = new JobRunner({ url: db.url, log: quiet, poolSize: 2 });
      const probe = defineJob({ name: 'health-probe', payload: z.object({ n: z.number() }), handler: async () => {} });
      await jobs.start([probe]);
      let jobsStopped = false;
      cleanup.push(() => (jobsStopped ? Promise.resolve() : jobs.stop()));
      // the app's own pool, so that the test can end it (the database is down for the app) and still drop the database
      const database = createDatabase(db.url, 2);
      const app = await buildApp({
        config: testConfig(),
        database,
        events: new RecordingEvents(),
        jobs,
        logger: false,
      });
      cleanup.push(() => app.close());

      const up = await app.inject({ method: 'GET', url: '/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', database: 'up', jobs: 'up' });

      // queue depth by state in /metrics: a job nobody works on waits in 'created'
      await jobs.send('health-probe', { n: 1 });
      await jobs.send('health-probe', { n: 2 });
      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^aula_job_queue_jobs\{queue="health-probe",state="created"\} 2$/m);

      await jobs.stop();
      jobsStopped = true;
      const degraded = await app.inject({ method: 'GET', url: '/health' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json()).toEqual({ status: 'degraded', database: 'up', jobs: 'down' });

      await database.close();
      const down = await app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'down', jobs: 'down' });
    });
  });
});
