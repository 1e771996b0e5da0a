import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Issue 14, item 10: a browser following a link to an API address that does not exist sees the apps' page not
// found (001 section 2) with a way home; the apps' own calls and other JSON clients keep the JSON 404.

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { PUBLIC_DASHBOARD_URL: 'http://dash.school.test:3001', PUBLIC_STUDENT_URL: 'http://kids.school.test:3002' },
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('404 for a browser page load', () => {
  it('is the page-not-found page with a link to the dashboard', async () => {
    const res = await get('/no-such-link?scope=dashboard', { accept: BROWSER_ACCEPT });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Oops, page not found!</h1>');
    expect(res.body).toContain('The page you requested could not be found.');
    expect(res.body).toContain('<a href="http://dash.school.test:3001/">Go home</a>');
    expect(res.body).not.toContain('"message"');
  });

  it('sends students back to the student app, in their language', async () => {
    const fromButton = await get('/no-such-link?scope=student', { accept: BROWSER_ACCEPT, 'accept-language': 'es' });
    expect(fromButton.statusCode).toBe(404);
    expect(fromButton.body).toContain('<html lang="es">');
    expect(fromButton.body).toContain('¡Vaya, no se encontró la página!');
    expect(fromButton.body).toContain('<a href="http://kids.school.test:3002/">');
    const fromPage = await get('/nowhere', { accept: BROWSER_ACCEPT, referer: 'http://kids.school.test:3002/work/1' });
    expect(fromPage.body).toContain('<a href="http://kids.school.test:3002/">');
    const uk = await get('/nowhere', { accept: BROWSER_ACCEPT, 'accept-language': 'uk' });
    expect(uk.body).toContain('Ой, сторінку не знайдено!');
  });

  it('escapes what the request brings and keeps the JSON 404 for calls', async () => {
    const sneaky = await get('/x?scope=%3Cscript%3E', { accept: BROWSER_ACCEPT, referer: '"><script>' });
    expect(sneaky.statusCode).toBe(404);
    expect(sneaky.body).not.toContain('<script');

    for (const accept of ['application/json', '*/*', 'application/json, text/html', '']) {
      const res = await get('/no-such-link?scope=dashboard', accept ? { accept } : {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The page you requested could not be found.' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/nowhere', headers: { accept: BROWSER_ACCEPT } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'The page you requested could not be found.' });
  });

  it('also for a route’s own 404 (a media file that is not there)', async () => {
    const html = await get('/media/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', { accept: BROWSER_ACCEPT });
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('Oops, page not found!');
    const json = await get('/media/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', { accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    expect(json.headers['content-type']).toMatch(/json/);
  });
});
