import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app';

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe('GET / on the API', () => {
  it('says what it is: name, version, its OpenAPI document and the two apps, with the security headers', async () => {
    const t = await buildTestApp({
      env: {
        PUBLIC_DASHBOARD_URL: 'https://dashboard.school.example',
        PUBLIC_STUDENT_URL: 'https://student.school.example',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        name: 'Aula API',
        version,
        links: {
          docs: '/docs',
          openapi: '/docs/json',
          health: '/health',
          dashboard: 'https://dashboard.school.example',
          student: 'https://student.school.example',
        },
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // the links lead somewhere
      expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).json()).toMatchObject({ info: { version } });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      // only GET: other methods on / stay unknown
      expect((await t.app.inject({ method: 'POST', url: '/' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
