import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/test-app';
import { RETRY_AFTER_SECONDS } from './pressure';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('load shedding (@fastify/under-pressure)', () => {
  it('answers 503 with Retry-After and a translated message while under pressure; probes still answer', async () => {
    // a failing extra check puts the app under pressure at once
    const t = await buildTestApp({ pressure: { healthCheck: async () => false, sampleIntervalMs: 50 } });
    try {
      const shed = await call(t.app, 'GET', '/dashboard/my');
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(shed.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
      const es = await call(t.app, 'POST', '/dashboard/auth/form', {
        body: { login: 'a@b.c', password: 'x' },
        lang: 'es',
      });
      expect(es.statusCode).toBe(503);
      expect(es.json().message).toBe('El servidor está ocupado. Vuelva a intentarlo en un momento.');
      // a browser on another origin can read the 503 and its Retry-After
      const cors = await t.app.inject({
        method: 'GET',
        url: '/dashboard/my',
        headers: { origin: t.config.PUBLIC_DASHBOARD_URL },
      });
      expect(cors.statusCode).toBe(503);
      expect(cors.headers['access-control-allow-origin']).toBe(t.config.PUBLIC_DASHBOARD_URL);
      expect(String(cors.headers['access-control-expose-headers'])).toContain('Retry-After');
      for (const url of ['/health', '/health/live', '/metrics'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('sheds while the event loop is held up, and serves again once it runs freely', async () => {
    const t = await buildTestApp({
      env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '20' },
      // a sample every 200 ms: the one taken right after a hold sets the state the next request meets
      pressure: { sampleIntervalMs: 200 },
    });
    try {
      expect((await call(t.app, 'GET', '/dashboard/my')).statusCode).toBe(401);
      let status = 0;
      for (let i = 0; i < 20 && status !== 503; i++) {
        const until = Date.now() + 400;
        while (Date.now() < until) {
          // hold the event loop, as a runaway synchronous task would
        }
        await sleep(20);
        status = (await call(t.app, 'GET', '/dashboard/my')).statusCode;
      }
      expect(status).toBe(503);
      for (let i = 0; i < 100 && status !== 401; i++) {
        await sleep(50);
        status = (await call(t.app, 'GET', '/dashboard/my')).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
