import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUiServer } from './ui';

const INDEX =
  '<!doctype html><html><head><script src="/config.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('UI server', () => {
  let dir: string;
  let ui: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'aula-ui-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    ui = await buildUiServer(dir, {
      config: {
        PUBLIC_DASHBOARD_URL: 'http://localhost:3001',
        PUBLIC_STUDENT_URL: 'http://localhost:3002',
        FRAME_ANCESTORS: [],
        CSP_CONNECT_SOURCES: [],
      },
      apiPort: 3000,
      realtimePort: 6001,
    });
  });
  afterAll(async () => {
    await ui.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends hashed assets brotli- or gzip-compressed, cached for a year', async () => {
    const br = await ui.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await ui.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await ui.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await ui.inject({ url: '/assets/gone-000000.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves every client route the page with the runtime configuration of the host inline, not cached', async () => {
    for (const url of ['/', '/sign-in', '/index.html']) {
      const res = await ui.inject({ url, headers: { host: 'school.example:3002', 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(res.rawPayload).toString();
      expect(html).not.toContain('src="/config.js"');
      expect(html).toContain('window.__AULA_CONFIG__ = {"apiUrl":"http://school.example:3000"');
      expect(html).toContain('"realtimeUrl":"ws://school.example:6001"');
    }
  });

  it('cannot be made to close the inline script through the Host header', async () => {
    const res = await ui.inject({ url: '/sign-in', headers: { host: 'a</script><script>alert(1)//' } });
    expect(res.body).not.toContain('</script><script>alert(1)');
  });

  it('still answers /config.js', async () => {
    const res = await ui.inject({ url: '/config.js', headers: { host: 'localhost:3001' } });
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toContain('"apiUrl":"http://localhost:3000"');
  });
});
