import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createAccount, createDomain, createUser } from '../../db/seed/factories';
import { createMedia } from '../../db/seed/catalogue-factories';
import { redactUrl } from '../../lib/log-options';

// The reset link goes to the configured public URL whatever Host the request names, and neither its token nor a
// password reaches the log (issue 13 items 3 and 4).

const PUBLIC = {
  PUBLIC_API_URL: 'https://api.school.example',
  PUBLIC_DASHBOARD_URL: 'https://dashboard.school.example',
  PUBLIC_STUDENT_URL: 'https://student.school.example',
};
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

let t: TestApp;
let log = '';
let ids: { domainId: number; accountId: number };

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await buildTestApp({ env: { ...PUBLIC, LOG_LEVEL: 'info', TRUST_PROXY: 'true' }, logStream: stream });
  const db = t.db.database.db;
  const domainId = (await createDomain(db)).id;
  ids = { domainId, accountId: (await createAccount(db, { domainId })).id };
});
afterAll(() => t.close());

async function resetLink(path: string, email: string) {
  const res = await t.app.inject({ method: 'POST', url: path, payload: { email }, headers: FORGED });
  expect(res.statusCode).toBe(200);
  const r = await t.db.database.pool.query('select text from email_outbox where "to" = $1', [email]);
  const { text } = r.rows[0] as { text: string };
  return /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(text)![0];
}

describe('reset links use the configured public URL', () => {
  it('a forged Host (even from a trusted proxy) does not reach the link: staff get the dashboard URL', async () => {
    await createUser(t.db.database.db, { role: 'teacher', ...ids, email: 'host@reset.test' });
    const url = await resetLink('/dashboard/reset-password', 'host@reset.test');
    expect(url).toMatch(/^https:\/\/dashboard\.school\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it('students get the student app URL', async () => {
    await createUser(t.db.database.db, { role: 'student', ...ids, email: 'kid@reset.test', username: 'kid' });
    const url = await resetLink('/student/reset-password', 'kid@reset.test');
    expect(url).toMatch(/^https:\/\/student\.school\.example\/reset-password\//);
  });
});

describe('media file URLs use the configured API URL', () => {
  it('whatever Host the request names', async () => {
    await createUser(t.db.database.db, {
      role: 'domain-administrator',
      domainId: ids.domainId,
      email: 'media@reset.test',
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/dashboard/auth/form',
      payload: { login: 'media@reset.test', password: 'Passw0rd!' },
    });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const img = await createMedia(t.db.database.db, {
      type: 'image',
      domainId: ids.domainId,
      title: 'Cell',
      images: { small: '/media/files/c-s.jpg', medium: '/media/files/c-m.jpg', large: '/media/files/c-l.jpg' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/dashboard/media/${img.id}`,
      headers: { ...FORGED, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { images: { small: string } } }>().data.images.small).toBe(
      'https://api.school.example/media/files/c-s.jpg',
    );
  });
});

describe('the log of a reset holds no token and no password', () => {
  it('requesting, checking and using a link', async () => {
    await createUser(t.db.database.db, { role: 'teacher', ...ids, email: 'log@reset.test' });
    log = '';
    const url = await resetLink('/dashboard/reset-password', 'log@reset.test');
    const token = url.split('/').at(-1)!;
    const check = await t.app.inject({ method: 'POST', url: `/dashboard/reset-password/${token}?token=${token}` });
    expect(check.statusCode).toBe(200);
    const use = await t.app.inject({
      method: 'PUT',
      url: '/dashboard/reset-password',
      payload: { token, password: 'Secret-new1!', password_confirmation: 'Secret-new1!' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(use.statusCode).toBe(200);
    // the three requests were logged, so the absence below means something
    const urls = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual([
      '/dashboard/reset-password',
      '/dashboard/reset-password/[redacted]?token=%5Bredacted%5D',
      '/dashboard/reset-password',
    ]);
    expect(log).not.toContain(token);
    expect(log).not.toContain('Secret-new1!');
  });

  it('redacts reset tokens and secret query values in any URL', () => {
    expect(redactUrl('/student/reset-password/abc?lang=es')).toBe('/student/reset-password/[redacted]?lang=es');
    expect(redactUrl('/oauth/google/callback?code=c1&state=s')).toBe(
      '/oauth/google/callback?code=%5Bredacted%5D&state=s',
    );
    expect(redactUrl('/dashboard/my')).toBe('/dashboard/my');
  });
});

describe('the sign-in log', () => {
  it('holds neither the password nor the bearer token', async () => {
    await createUser(t.db.database.db, {
      role: 'teacher',
      ...ids,
      email: 'signin@reset.test',
      password: 'Pl41n-secret!',
    });
    log = '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/dashboard/auth/form',
      payload: { login: 'signin@reset.test', password: 'Pl41n-secret!' },
    });
    const token = res.json<{ data: { token: string } }>().data.token;
    await t.app.inject({ method: 'GET', url: '/dashboard/my', headers: { authorization: `Bearer ${token}` } });
    expect(log).toContain('/dashboard/my');
    expect(log).not.toContain(token);
    expect(log).not.toContain('Pl41n-secret!');
  });
});
