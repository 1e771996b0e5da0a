import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { stopAll } from './shutdown';

async function server(handler: () => Promise<string>) {
  const app = Fastify({ logger: false });
  app.get('/', handler);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/` };
}

function recorder() {
  const steps: string[] = [];
  const step =
    (name: string, ms = 0) =>
    async () => {
      await new Promise((r) => setTimeout(r, ms));
      steps.push(name);
    };
  return { steps, step };
}

describe('stopAll', () => {
  it('lets a request in flight finish, stops real time and jobs alongside, closes the database last', async () => {
    const { steps, step } = recorder();
    const { app, url } = await server(async () => {
      await new Promise((r) => setTimeout(r, 300));
      return 'done';
    });
    const answer = fetch(url).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    let jobsTimeout = 0;
    const t0 = Date.now();
    await stopAll({
      http: [app],
      realtime: { close: step('realtime', 50) },
      jobs: {
        stop: async (ms) => {
          jobsTimeout = ms ?? 0;
          await step('jobs', 50)();
        },
      },
      database: { close: step('database') },
      embedded: { stop: step('embedded') },
    });
    steps.push('after');
    // done once the request is answered, not at the 3 s drain limit (the answered keep-alive connection is closed)
    expect(Date.now() - t0).toBeLessThan(1_500);
    expect(await answer).toBe('done');
    expect(jobsTimeout).toBe(3_000);
    expect(steps.slice(2)).toEqual(['database', 'embedded', 'after']);
    expect(new Set(steps.slice(0, 2))).toEqual(new Set(['realtime', 'jobs']));
    await expect(fetch(url)).rejects.toThrow();
  });

  it('cuts a request still running after the drain time instead of waiting for it', async () => {
    const { steps, step } = recorder();
    const { app, url } = await server(() => new Promise<string>(() => undefined));
    const answer = fetch(url).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await stopAll(
      {
        http: [app],
        realtime: { close: step('realtime') },
        jobs: { stop: step('jobs') },
        database: { close: step('database') },
        embedded: null,
      },
      { drainMs: 300, jobsMs: 1_000 },
    );
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(await answer).toBe('cut');
    expect(steps.at(-1)).toBe('database');
  });
});
