import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { ConfigError, loadConfig } from '../config';
import { signFrameOrigin, verifyFrameOrigin } from '../lib/lti-frame';
import { apiSecurityHeaders } from './security-headers';
import { buildUiServer } from './ui';

// index.html as the build writes it: the runtime configuration's tag, the static sign-in page's script and the
// loader that starts the app's module scripts
const INDEX =
  '<!doctype html><html><head><script src="/config.js"></script></head><body><div id="root"><script>shell()</script></div>' +
  '<script>load()</script></body></html>';

/** The Content-Security-Policy header as directive name -> sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("sends helmet's headers, may not be framed, lets the apps use its files, and sends no HSTS over http", async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(csp(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only on a request that came over https', async () => {
    const app = Fastify({ trustProxy: true });
    await apiSecurityHeaders(app);
    app.get('/x', async () => ({ ok: true }));
    const secure = await app.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});

describe('security headers of the apps’ pages', () => {
  let dir: string;
  const servers: FastifyInstance[] = [];

  async function uiServer(env: Record<string, string> = {}) {
    const ui = await buildUiServer(dir, {
      config: testConfig(env),
      apiPort: 3000,
      realtimePort: 6001,
      trustProxy: true,
    });
    servers.push(ui);
    return ui;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'aula-csp-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
  });
  afterAll(async () => {
    for (const ui of servers) await ui.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives every inline script the nonce of its response and allows no other inline script', async () => {
    const ui = await uiServer();
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await ui.inject({ url: '/sign-in', headers: { host: 'school.example:3002' } });
      const scriptSrc = csp(res.headers['content-security-policy']).get('script-src') ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1) ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const tags = res.body.match(/<script[^>]*>/g) ?? [];
      expect(tags).toHaveLength(3);
      for (const tag of tags) expect(tag).toBe(`<script nonce="${nonce}">`);
      expect(res.body).toContain(`<script nonce="${nonce}">window.__AULA_CONFIG__ = {`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });

  it('lets the page connect to its API and realtime origins (and the media host), nothing else', async () => {
    const ui = await uiServer({ MEDIA_PUBLIC_URL: 'https://media.example.org/files' });
    const res = await ui.inject({ url: '/', headers: { host: 'school.example:3002' } });
    expect(csp(res.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'data:',
      'http://school.example:3000',
      'ws://school.example:6001',
      'https://media.example.org',
    ]);
    // a host that is not one cannot put anything into the policy
    const odd = await ui.inject({ url: '/', headers: { host: "evil;script-src'unsafe-inline'" } });
    expect(odd.statusCode).toBe(200);
    expect(csp(odd.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'data:',
      'https://media.example.org',
    ]);
    expect(csp(odd.headers['content-security-policy']).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('may not be framed unless FRAME_ANCESTORS names the platform', async () => {
    const closed = await (await uiServer()).inject({ url: '/' });
    expect(csp(closed.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    const lti = await uiServer({ FRAME_ANCESTORS: 'https://lms.example.org, https://*.canvas.example.com' });
    const res = await lti.inject({ url: '/' });
    expect(csp(res.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      'https://lms.example.org',
      'https://*.canvas.example.com',
    ]);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('a page an LTI launch opened may be framed by that launch’s platform only (signed lti_frame), and post to it', async () => {
    const ui = await uiServer({ FRAME_ANCESTORS: 'https://lms.example.org' });
    const secret = testConfig().TOKEN_SECRET;
    const signed = signFrameOrigin(secret, 'https://district.instructure.example');
    const res = await ui.inject({ url: `/oauth?status=success&lti_frame=${encodeURIComponent(signed)}` });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(['https://district.instructure.example']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://district.instructure.example']);
    // forged, altered or expired: the usual policy
    const forged = signFrameOrigin('another-secret-of-at-least-32-characters!!', 'https://evil.example');
    const tampered = signed.replace(/^[^.]+/, Buffer.from('https://evil.example').toString('base64url'));
    const expired = signFrameOrigin(secret, 'https://district.instructure.example', Date.now() - 13 * 3600 * 1000);
    for (const value of [forged, tampered, expired, 'nonsense']) {
      const other = await ui.inject({ url: `/oauth?lti_frame=${encodeURIComponent(value)}` });
      expect(csp(other.headers['content-security-policy']).get('frame-ancestors')).toEqual(['https://lms.example.org']);
      expect(csp(other.headers['content-security-policy']).get('form-action')).toEqual(["'self'"]);
    }
    expect(verifyFrameOrigin(secret, signed)).toBe('https://district.instructure.example');
  });

  it('refuses a FRAME_ANCESTORS or CSP_CONNECT_SOURCES value that is not a list of origins', () => {
    for (const value of ['https://lms.example.org; script-src *', "'unsafe-inline'", 'lms.example.org', '*']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CSP_CONNECT_SOURCES: value })).toThrow(ConfigError);
    }
  });

  it('sends HSTS and leaves out plain-http embeds only over https; no referrer from the reset page', async () => {
    const ui = await uiServer();
    const secure = await ui.inject({ url: '/sign-in', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(secure.headers['content-security-policy']).get('frame-src')).toEqual(["'self'", 'https:']);
    const plain = await ui.inject({ url: '/sign-in' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-powered-by']).toBeUndefined();
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const reset = await ui.inject({ url: '/reset-password/secret-token' });
    expect(reset.headers['referrer-policy']).toBe('no-referrer');
  });

  it("puts the server's tldraw licence key in the page's runtime configuration", async () => {
    const without = await (await uiServer()).inject({ url: '/' });
    expect(without.body).toContain('"tldrawLicenseKey":null');
    const ui = await uiServer({ TLDRAW_LICENSE_KEY: 'tldraw-2026-abc' });
    for (const url of ['/', '/config.js']) {
      const res = await ui.inject({ url });
      expect(res.body).toContain('"tldrawLicenseKey":"tldraw-2026-abc"');
    }
  });
});
