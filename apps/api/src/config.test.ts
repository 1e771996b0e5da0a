import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults: embedded database, all services', () => {
    const cfg = loadConfig({});
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SERVICES).toEqual(['web', 'realtime', 'worker']);
    expect(cfg.REALTIME_PORT).toBe(6001);
    expect(cfg.DATA_DIR).toBe('./data');
  });

  it('names every bad value with a clear message', () => {
    expect(
      problems({
        PORT: 'eighty',
        REALTIME_PORT: '70000',
        DATABASE_URL: 'mysql://x',
        SERVICES: 'web,mail',
        SMTP_URL: 'http://mail',
        SEED_DEMO: 'maybe',
        SECRETS_KEY: 'short',
        LOG_LEVEL: 'loud',
      }),
    ).toEqual([
      'PORT: must be a port number',
      'REALTIME_PORT: must be between 0 and 65535',
      'DATABASE_URL: must be a postgres:// URL (leave it unset to use the embedded database)',
      'SERVICES: must be a comma list of web, realtime, worker (got "web,mail")',
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'SEED_DEMO: must be true or false',
      'LOG_LEVEL: must be a pino level',
      'SECRETS_KEY: must be 64 hex characters (a 256-bit key)',
    ]);
  });

  it('needs both TLS files or neither', () => {
    expect(problems({ TLS_CERT_FILE: '/tmp/cert.pem' })).toEqual([
      'TLS_CERT_FILE and TLS_KEY_FILE: set both or neither',
    ]);
  });

  it('accepts a PostgreSQL URL and a subset of services', () => {
    const cfg = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', SERVICES: 'web, worker' });
    expect(cfg.SERVICES).toEqual(['web', 'worker']);
  });
});
