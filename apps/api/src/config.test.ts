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
      'LOG_LEVEL: must be a pino level',
      'SECRETS_KEY: must be 64 hex characters (a 256-bit key)',
      'SEED_DEMO: must be true or false',
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

const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'p'.repeat(40),
  SECRETS_KEY: 'ab'.repeat(32),
  DATABASE_URL: 'postgres://aula@db:5432/aula',
  PUBLIC_API_URL: 'https://api.school.example',
  PUBLIC_DASHBOARD_URL: 'https://dashboard.school.example/',
  PUBLIC_STUDENT_URL: 'https://student.school.example',
};

describe('production', () => {
  it('names every missing setting on one line', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'NODE_ENV=production needs TOKEN_SECRET, SECRETS_KEY, DATABASE_URL, PUBLIC_API_URL, PUBLIC_DASHBOARD_URL, PUBLIC_STUDENT_URL (see the Configuration table in README.md)',
    ]);
    const { SECRETS_KEY: _k, PUBLIC_STUDENT_URL: _s, ...some } = PRODUCTION;
    expect(problems(some)).toEqual([
      'NODE_ENV=production needs SECRETS_KEY, PUBLIC_STUDENT_URL (see the Configuration table in README.md)',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: NODE_ENV=production needs [^\n]+$/,
    );
  });

  it('reports a bad value beside the missing ones, and refuses the development token secret', () => {
    expect(problems({ NODE_ENV: 'production', PORT: 'x', TOKEN_SECRET: 'short' })).toEqual([
      'PORT: must be a port number',
      'TOKEN_SECRET: must be at least 32 characters (e.g. openssl rand -hex 32)',
      'NODE_ENV=production needs SECRETS_KEY, DATABASE_URL, PUBLIC_API_URL, PUBLIC_DASHBOARD_URL, PUBLIC_STUDENT_URL (see the Configuration table in README.md)',
    ]);
    expect(problems({ ...PRODUCTION, TOKEN_SECRET: 'aula-development-token-secret-never-for-production' })).toEqual([
      'TOKEN_SECRET: must not be the development secret',
    ]);
  });

  it('starts with everything set, never seeds the demo unless asked, and keeps the given URLs', () => {
    const cfg = loadConfig(PRODUCTION);
    expect(cfg.SEED_DEMO).toBe(false);
    expect(cfg.TOKEN_SECRET).toBe('p'.repeat(40));
    expect(cfg.PUBLIC_DASHBOARD_URL).toBe('https://dashboard.school.example');
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('accepts the older DASHBOARD_URL and STUDENT_URL names, but not both names with different values', () => {
    const { PUBLIC_DASHBOARD_URL: _d, PUBLIC_STUDENT_URL: _s, ...rest } = PRODUCTION;
    const cfg = loadConfig({ ...rest, DASHBOARD_URL: 'https://d.example', STUDENT_URL: 'https://s.example' });
    expect([cfg.PUBLIC_DASHBOARD_URL, cfg.PUBLIC_STUDENT_URL]).toEqual(['https://d.example', 'https://s.example']);
    expect(problems({ PUBLIC_DASHBOARD_URL: 'https://a.example', DASHBOARD_URL: 'https://b.example' })).toEqual([
      'PUBLIC_DASHBOARD_URL and DASHBOARD_URL: set only one',
    ]);
    expect(problems({ PUBLIC_API_URL: 'ftp://x.example' })).toEqual([
      'PUBLIC_API_URL: must be an http:// or https:// URL',
    ]);
  });
});

describe('development', () => {
  it('seeds the demo, has a token secret and local public URLs that follow the ports', () => {
    const cfg = loadConfig({ PORT: '4000', STUDENT_PORT: '4002' });
    expect(cfg.SEED_DEMO).toBe(true);
    expect(cfg.TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(cfg.PUBLIC_API_URL).toBe('http://localhost:4000');
    expect(cfg.PUBLIC_DASHBOARD_URL).toBe('http://localhost:3001');
    expect(cfg.PUBLIC_STUDENT_URL).toBe('http://localhost:4002');
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
  it('is off by default and takes true/false, a hop count or a list of addresses and CIDRs', () => {
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('names what it cannot read', () => {
    expect(problems({ TRUST_PROXY: '10.0.0.1,proxy.example,10.0.0.0/33' })).toEqual([
      'TRUST_PROXY: must be true, false, a hop count or a comma list of addresses/CIDRs (not proxy.example, 10.0.0.0/33)',
    ]);
  });
});
