import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeLogin } from '../../../test/oidc-server';
import {
  buildSsoWorld,
  callback,
  expectRefused,
  linkIdentity,
  sessionCount,
  start,
  whoAmI,
  type SsoWorld,
} from '../../../test/sso-fixtures';
import { countOf } from '../../../test/tenancy-fixtures';

// Issue 17 items 1 and 2: sign-in through a real OpenID provider per provider shape (oidc-provider on 127.0.0.1),
// identity by issuer + subject, rostered sourcedId matches, the connect step and the role chooser.

let s: SsoWorld;

beforeAll(async () => {
  s = await buildSsoWorld();
});
afterAll(() => s.close());

describe('GET /oauth/{provider}: start', () => {
  it('redirects to the provider with state, nonce, PKCE S256 and the configured redirect URI', async () => {
    const url = await start(s, 1, 'dashboard');
    expect(url.origin).toBe(s.oidc.issuers.classlink.issuer);
    expect(url.searchParams.get('client_id')).toBe('classlink-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.t.config.PUBLIC_DASHBOARD_URL}/oauth/1`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // only the hash of the state is kept
    const state = url.searchParams.get('state')!;
    expect(await countOf(s.w, 'sso_states', `state_hash = '${state}'`)).toBe(0);
    expect(await countOf(s.w, 'sso_states', `scope = 'dashboard' and provider = 1 and used_at is null`)).toBe(1);
  });

  it('ignores the Host header for the redirect URI', async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/oauth/1?scope=student',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const url = new URL(res.headers.location as string);
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.t.config.PUBLIC_STUDENT_URL}/oauth/1`);
  });

  it('asks for the district when two districts use the provider, and finds one by its district ID', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/oauth/2?scope=student' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${s.t.config.PUBLIC_STUDENT_URL}/sign-in?sso_district=2`);
    expect((await start(s, 2, 'student', 'a1-id')).origin).toBe(s.oidc.issuers.clever.issuer);
    expect((await start(s, 2, 'student', 'A2-ID')).origin).toBe(s.oidc.workshop.issuer);
  });

  it('sends an unknown district or an unconfigured provider to the fail page with a clear message', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/oauth/2?scope=dashboard&district=nope' });
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.t.config.PUBLIC_DASHBOARD_URL}/oauth/2`);
    expect(url.searchParams.get('status')).toBe('fail');
    expect(url.searchParams.get('message')).toMatch(/could not find a district/);
    const es = await s.t.app.inject({
      method: 'GET',
      url: '/oauth/1?scope=dashboard&district=B1-ID',
      headers: { 'accept-language': 'es' },
    });
    expect(new URL(es.headers.location as string).searchParams.get('message')).toMatch(/No encontramos/);
    expect((await s.t.app.inject({ method: 'GET', url: '/oauth/3?scope=dashboard' })).statusCode).toBe(404);
  });
});

describe('POST /{app}/auth/oauth/{provider}: sign-in per provider shape', () => {
  it('classlink-like: a rostered teacher (SourcedId claim) signs in to the dashboard and is linked', async () => {
    const teacher = s.w.users.teacher;
    await s.w.pool.query(`update users set sourced_id = 'CL-T1' where id = $1`, [teacher.id]);
    s.oidc.issuers.classlink.accounts.set('cl-teacher', { sourcedId: 'CL-T1', email: 'someone-else@a.test' });
    const url = await start(s, 1, 'dashboard');
    const query = await completeLogin(url.href, 'cl-teacher');
    expect(query.code).toBeTruthy();
    const res = await callback(s, 1, 'dashboard', query);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { status: string; scope: string; token: string; type: number } }>().data;
    expect(data).toMatchObject({ status: 'success', scope: 'dashboard', type: 1 });
    expect((await whoAmI(s, 'dashboard', data.token)).id).toBe(teacher.id);
    const links = await s.w.pool.query(
      'select user_id, provider, issuer, subject from oauth_connections where subject = $1',
      ['cl-teacher'],
    );
    expect(links.rows).toEqual([
      { user_id: teacher.id, provider: 1, issuer: s.oidc.issuers.classlink.issuer, subject: 'cl-teacher' },
    ]);
    const audit = await s.w.pool.query(
      `select details from audit_log where action = 'auth.sign-in' and actor_user_id = $1 order by id desc limit 1`,
      [teacher.id],
    );
    expect(audit.rows[0].details).toMatchObject({ scope: 'dashboard', method: 'classlink' });
    // the connections list shows it
    const list = await s.t.app.inject({
      method: 'GET',
      url: '/dashboard/auth/get-oauth-connections',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(list.json<{ data: { login_type: number }[] }>().data.map((c) => c.login_type)).toEqual([1]);
  });

  it('clever-like: a rostered student who started on the dashboard host gets a student session', async () => {
    const student = s.w.users.student;
    await s.w.pool.query(`update users set sourced_id = 'CV-S1' where id = $1`, [student.id]);
    s.oidc.issuers.clever.accounts.set('cv-student', { sourcedId: 'CV-S1' });
    const url = await start(s, 2, 'dashboard', 'A1-ID');
    const res = await callback(s, 2, 'dashboard', await completeLogin(url.href, 'cv-student'));
    const data = res.json<{ data: { status: string; scope: string; token: string } }>().data;
    expect(data).toMatchObject({ status: 'success', scope: 'student' });
    expect((await whoAmI(s, 'student', data.token)).id).toBe(student.id);
    // a student session is no dashboard session
    expect(
      (
        await s.t.app.inject({
          method: 'GET',
          url: '/dashboard/my',
          headers: { authorization: `Bearer ${data.token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('google-like: a linked identity from an allowed hosted domain signs in; another domain is refused', async () => {
    const { google } = s.oidc.issuers;
    await linkIdentity(s.w, s.w.users.school.id, 4, google.issuer, 'g-school');
    google.accounts.set('g-school', { hd: 'a.test', email: 'school@a.test' });
    const url = await start(s, 4, 'dashboard', 'A1-ID');
    expect(url.origin).toBe(google.issuer);
    expect(url.searchParams.get('hd')).toBe('a.test');
    const ok = await callback(s, 4, 'dashboard', await completeLogin(url.href, 'g-school'));
    const token = ok.json<{ data: { token: string } }>().data.token;
    expect((await whoAmI(s, 'dashboard', token)).id).toBe(s.w.users.school.id);

    google.accounts.set('g-school', { hd: 'gmail.com' });
    const before = await sessionCount(s);
    const again = await start(s, 4, 'dashboard', 'A1-ID');
    await expectRefused(
      s,
      await callback(s, 4, 'dashboard', await completeLogin(again.href, 'g-school')),
      'hostedDomain',
      before,
    );
  });

  it('never links by e-mail: an unknown subject with a staff member’s e-mail gets the connect step', async () => {
    s.oidc.issuers.clever.accounts.set('cv-unknown', { email: 'district@a.test' });
    const before = await sessionCount(s);
    const url = await start(s, 2, 'dashboard', 'A1-ID');
    const res = await callback(s, 2, 'dashboard', await completeLogin(url.href, 'cv-unknown'));
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { status: string; hash: string; token?: string } }>().data;
    expect(data.status).toBe('connect');
    expect(data.hash).toMatch(/^[\w-]{43}$/);
    expect(data.token).toBeUndefined();
    expect(await sessionCount(s)).toBe(before);
    expect(await countOf(s.w, 'oauth_connections', `subject = 'cv-unknown'`)).toBe(0);
  });

  it('the role chooser: an identity that is a staff member and a student answers roles and a one-time hash', async () => {
    const { clever } = s.oidc.issuers;
    await s.w.pool.query(`update users set sourced_id = 'CV-S2' where id = $1`, [s.w.users.custom.id]);
    const kid = await s.w.pool.query<{ id: number }>(
      `insert into users (role, domain_id, account_id, first_name, last_name, sourced_id) values ('student', $1, $2, 'Kid', 'Both', 'CV-BOTH') returning id`,
      [s.w.domA.id, s.w.accA1.id],
    );
    await linkIdentity(s.w, s.w.users.district.id, 2, clever.issuer, 'cv-both');
    clever.accounts.set('cv-both', { sourcedId: 'CV-BOTH' });
    const before = await sessionCount(s);
    const url = await start(s, 2, 'student', 'A1-ID');
    const res = await callback(s, 2, 'student', await completeLogin(url.href, 'cv-both'));
    const data = res.json<{ data: { status: string; hash: string; roles: string[]; token?: string } }>().data;
    expect(data.status).toBe('success');
    expect(data.token).toBeUndefined();
    expect([...data.roles].sort()).toEqual(['dashboard', 'student']);
    expect(await sessionCount(s)).toBe(before);

    const chosen = await callback(s, 2, 'student', { type: '2', status: 'success', scope: 'student', hash: data.hash });
    const session = chosen.json<{ data: { scope: string; token: string } }>().data;
    expect(session.scope).toBe('student');
    expect((await whoAmI(s, 'student', session.token)).id).toBe(kid.rows[0]!.id);
    // the other choice was spent with it
    const after = await sessionCount(s);
    await expectRefused(
      s,
      await callback(s, 2, 'dashboard', { type: '2', status: 'success', scope: 'dashboard', hash: data.hash }),
      'stateInvalid',
      after,
    );
  });
});
