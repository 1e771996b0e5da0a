import { Writable } from 'node:stream';
import { buildTestApp, type TestApp } from './test-app';
import { buildWorld, type World } from './tenancy-fixtures';

// The world of the tests that store a secret and talk to an outside server (roster sources, SSO provider settings,
// rostering through SSO): a test app with SECRETS_KEY set, logging at trace into memory (so a test can show a secret
// or token reaches no log line), the tenancy world, and a plain SQL helper for the rows a test checks.

export interface SecretsWorld {
  t: TestApp;
  w: World;
  /** every log line the app wrote, at trace */
  logged: string[];
  /** rows of one SQL query on the test database */
  q<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function buildSecretsWorld(secretsKey: string): Promise<SecretsWorld> {
  const logged: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  const t = await buildTestApp({ env: { SECRETS_KEY: secretsKey, LOG_LEVEL: 'trace' }, logStream });
  const w = await buildWorld(t);
  return {
    t,
    w,
    logged,
    q: async <T>(text: string, params: unknown[] = []) => (await w.pool.query(text, params)).rows as T[],
    close: () => t.close(),
  };
}
