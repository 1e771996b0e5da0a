import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../app';
import { buildTestApp, call, RecordingEvents, RecordingJobs, testConfig, type TestApp } from '../../test/test-app';
import { createDomain, createUser } from '../db/seed/factories';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ realtime: true });
});
afterAll(() => t.close());

const scrape = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics', () => {
  it('counts a request under its route pattern and status, never its raw URL', async () => {
    expect((await call(t.app, 'GET', '/dashboard/classes/4711')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/no/such/path/9931')).statusCode).toBe(404);
    const body = await scrape();
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/dashboard\/classes\/:id",status_code="401"\} 1$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m,
    );
    // The raw paths never show up as a label (a bare number could appear inside any sampled float).
    expect(body).not.toContain('/dashboard/classes/4711');
    expect(body).not.toContain('/no/such/path');
    expect(body).not.toMatch(/route="[^"]*\d{4}[^"]*"/);
  });

  it('shows the database pool, the job queue, real-time connections and the process', async () => {
    const body = await scrape();
    expect(body).toMatch(/^aula_db_pool_clients\{state="total"\} \d+$/m);
    expect(body).toMatch(/^aula_db_pool_clients\{state="idle"\} \d+$/m);
    expect(body).toMatch(/^aula_db_pool_clients\{state="waiting"\} 0$/m);
    expect(body).toMatch(/^aula_db_pool_max_clients 5$/m);
    // the recorded queue of the tests has nothing to count; health.test.ts counts a real pg-boss queue
    expect(body).toContain('# TYPE aula_job_queue_jobs gauge');
    expect(body).toMatch(/^aula_realtime_connections 0$/m);
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(body).toMatch(/^process_resident_memory_bytes /m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts open real-time connections', async () => {
    const domain = await createDomain(t.db.database.db);
    const u = await createUser(t.db.database.db, {
      role: 'domain-administrator',
      domainId: domain.id,
      email: `metrics-${Date.now()}@example.test`,
    });
    const signIn = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: u.email, password: 'Passw0rd!' },
    });
    const token = signIn.json().data.token as string;
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const s = connect(`http://127.0.0.1:${t.realtime!.port}`, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
        sockets.push(s);
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
      }
      expect(await scrape()).toMatch(/^aula_realtime_connections 2$/m);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

describe('who may read /metrics', () => {
  const token = 'metrics-token-0123456789';
  let prod: FastifyInstance;
  let prodNoToken: FastifyInstance;
  beforeAll(async () => {
    // the app as production configures it (built from a config object, whatever else production demands)
    const build = (METRICS_TOKEN: string | undefined) =>
      buildApp({
        config: { ...testConfig(), NODE_ENV: 'production', METRICS_TOKEN },
        database: t.db.database,
        events: new RecordingEvents(),
        jobs: new RecordingJobs(),
        logger: false,
      });
    prod = await build(token);
    prodNoToken = await build(undefined);
  });
  afterAll(async () => {
    await prod.close();
    await prodNoToken.close();
  });

  const get = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('is open outside production', async () => {
    expect((await get(t.app, '203.0.113.5')).statusCode).toBe(200);
  });

  it('in production wants the bearer token from elsewhere', async () => {
    expect((await get(prod, '203.0.113.5')).statusCode).toBe(401);
    expect((await get(prod, '203.0.113.5', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await get(prod, '203.0.113.5', { authorization: token })).statusCode).toBe(401);
    const ok = await get(prod, '203.0.113.5', { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('in production lets a scraper on this machine in, but never a request that came through a proxy', async () => {
    expect((await get(prod, '127.0.0.1')).statusCode).toBe(200);
    expect((await get(prod, '::1')).statusCode).toBe(200);
    expect((await get(prod, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(401);
    expect((await get(prod, '127.0.0.1', { forwarded: 'for=203.0.113.5' })).statusCode).toBe(401);
    // a forged header cannot make a remote caller local
    expect((await get(prod, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
  });

  it('in production without METRICS_TOKEN is refused to everyone but this machine', async () => {
    expect((await get(prodNoToken, '203.0.113.5')).statusCode).toBe(403);
    expect((await get(prodNoToken, '203.0.113.5', { authorization: `Bearer ${token}` })).statusCode).toBe(403);
    expect((await get(prodNoToken, '127.0.0.1')).statusCode).toBe(200);
  });
});
