import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecretsWorld } from '../../../test/secrets-world';
import { call, type TestApp } from '../../../test/test-app';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { PASSWORD, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { startSsoConfigIssuer, type SsoConfigIssuer } from '../../../test/sso-config-issuer';
import { decryptSecret } from '../../lib/secrets';

// SSO provider settings (issue 17 item 6) over HTTP; 'test connection' against real OpenID providers (oidc-provider):
// one offering the client credentials grant, one not (as Google).

const SECRETS_KEY = '5a'.repeat(32);
let t: TestApp;
let w: World;
let cc: SsoConfigIssuer;
let google: SsoConfigIssuer;
let logged: string[];

beforeAll(async () => {
  ({ t, w, logged } = await buildSecretsWorld(SECRETS_KEY));
  cc = await startSsoConfigIssuer({ clientCredentials: true });
  google = await startSsoConfigIssuer({ clientId: 'google-client', clientSecret: 'google-secret-0123456789' });
});
afterAll(async () => {
  await cc.close();
  await google.close();
  await t.close();
});

const url = (accountId: number, provider = 'clever', suffix = '') =>
  `/dashboard/accounts/${accountId}/sso-configs/${provider}${suffix}`;
const clever = (over: Record<string, unknown> = {}) => ({
  issuer: cc.issuer,
  client_id: cc.clientId,
  client_secret: cc.clientSecret,
  ...over,
});
/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const storedRow = async (accountId: number, provider = 'clever') =>
  (
    await w.pool.query<Record<string, unknown>>('select * from sso_configs where account_id = $1 and provider = $2', [
      accountId,
      provider,
    ])
  ).rows[0];

describe('PUT /dashboard/accounts/:id/sso-configs/:provider', () => {
  it("creates the district's Clever connection with the secret encrypted, and never answers the secret", async () => {
    const res = await call(t.app, 'PUT', url(w.accA1.id), { token: w.tokens.district, body: clever() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      account_id: w.accA1.id,
      domain_id: null,
      provider: 'clever',
      issuer: cc.issuer,
      client_id: cc.clientId,
      has_secret: true,
      tenant: null,
      hosted_domains: [],
      is_active: true,
    });
    expect(res.body).not.toContain(cc.clientSecret);
    expect(res.json().data).not.toHaveProperty('client_secret');
    const row = await storedRow(w.accA1.id);
    expect(row!.client_secret_encrypted).not.toContain(cc.clientSecret);
    expect(decryptSecret(SECRETS_KEY, row!.client_secret_encrypted as string)).toBe(cc.clientSecret);
    const audit = await w.pool.query<{ action: string; details: unknown }>(
      "select action, details from audit_log where entity_type = 'sso-config'",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['sso-config.created']);
    expect(JSON.stringify(audit.rows)).not.toContain(cc.clientSecret);
  });

  it('updates without a secret keeping the stored one; a new secret replaces it', async () => {
    const before = (await storedRow(w.accA1.id))!.client_secret_encrypted;
    const { client_secret: _s, ...noSecret } = clever({ client_id: 'renamed-client', is_active: false });
    const res = await call(t.app, 'PUT', url(w.accA1.id), { token: w.tokens.district, body: noSecret });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ client_id: 'renamed-client', has_secret: true, is_active: false });
    expect((await storedRow(w.accA1.id))!.client_secret_encrypted).toBe(before);
    const changed = await call(t.app, 'PUT', url(w.accA1.id), {
      token: w.tokens.district,
      body: clever({ client_secret: 'another-secret' }),
    });
    expect(changed.statusCode).toBe(200);
    // is_active left out keeps the stored value
    expect(changed.json().data.is_active).toBe(false);
    const row = await storedRow(w.accA1.id);
    expect(decryptSecret(SECRETS_KEY, row!.client_secret_encrypted as string)).toBe('another-secret');
    await call(t.app, 'PUT', url(w.accA1.id), { token: w.tokens.district, body: clever({ is_active: true }) });
    expect(await countOf(w, 'sso_configs')).toBe(1);
  });

  it('ClassLink needs its tenant; Google keeps its hosted domains, lower-cased and once each', async () => {
    const noTenant = await call(t.app, 'PUT', url(w.accA1.id, 'classlink'), {
      token: w.tokens.district,
      body: clever(),
    });
    expect(noTenant.statusCode).toBe(422);
    expect(noTenant.json().errors).toEqual({ tenant: ['Please enter tenant'] });
    const classlink = await call(t.app, 'PUT', url(w.accA1.id, 'classlink'), {
      token: w.tokens.district,
      body: clever({ tenant: ' alpha-district ' }),
    });
    expect(classlink.json().data).toMatchObject({ provider: 'classlink', tenant: 'alpha-district' });
    const g = await call(t.app, 'PUT', url(w.accA1.id, 'google'), {
      token: w.tokens.district,
      body: {
        issuer: google.issuer,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        hosted_domains: ['Alpha.K12.us', 'alpha.k12.us', 'staff.alpha.org'],
      },
    });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().data).toMatchObject({ hosted_domains: ['alpha.k12.us', 'staff.alpha.org'], tenant: null });
    const list = await call(t.app, 'GET', `/dashboard/accounts/${w.accA1.id}/sso-configs`, { token: w.tokens.custom });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { provider: string }) => c.provider)).toEqual(['classlink', 'clever', 'google']);
    expect(list.body).not.toContain('secret-0123456789');
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['clever', { issuer: 'not a url' }, 'issuer', 'Please enter a valid issuer'],
      ['clever', { issuer: 'ftp://clever.com' }, 'issuer', 'Please enter a valid issuer'],
      ['clever', { issuer: 'http://clever.com' }, 'issuer', 'Please enter a valid issuer'],
      ['clever', { issuer: 'https://me:pw@clever.com' }, 'issuer', 'Please enter a valid issuer'],
      ['clever', { issuer: 'https://clever.com/?x=1' }, 'issuer', 'Please enter a valid issuer'],
      ['clever', { client_id: '' }, 'client_id', 'Please enter client ID'],
      ['clever', { hosted_domains: ['alpha.k12.us'] }, 'hosted_domains', 'Please enter a valid hosted domains'],
      ['google', { hosted_domains: ['not a domain'] }, 'hosted_domains.0', 'Please enter a valid hosted domains'],
      ['myspace', {}, 'provider', 'Please select provider'],
    ];
    const before = await w.pool.query('select * from sso_configs order by id');
    for (const [provider, over, field, message] of cases) {
      const res = await call(t.app, 'PUT', url(w.accA1.id, provider), { token: w.tokens.district, body: clever(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors[field], `${JSON.stringify(over)} ${res.body}`).toEqual([message]);
    }
    // a first connection needs its secret; a moved issuer needs it typed again
    const { client_secret: _s, ...noSecret } = clever();
    const first = await call(t.app, 'PUT', url(w.accA2.id), { token: w.tokens.domain, body: noSecret });
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.client_secret).toEqual(['Please enter client secret']);
    const moved = await call(t.app, 'PUT', url(w.accA1.id), {
      token: w.tokens.district,
      body: { ...noSecret, issuer: 'https://elsewhere.example.org' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.client_secret).toEqual(['Please enter client secret']);
    expect((await w.pool.query('select * from sso_configs order by id')).rows).toEqual(before.rows);
  });

  it('is for those who manage the account: school admins, teachers and viewers are refused', async () => {
    expect(await statusesByActor(t, w, 'PUT', url(w.accA1.id), clever())).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await statusesByActor(t, w, 'GET', `/dashboard/accounts/${w.accA1.id}/sso-configs`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 200,
      student: 401,
    });
  });

  it("another district's account is not found, for reading, saving, testing and deleting", async () => {
    await call(t.app, 'PUT', url(w.accB1.id), { token: w.tokens.super, body: clever() });
    const count = await countOf(w, 'sso_configs');
    const tries: [string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, unknown][] = [
      [w.tokens.district, 'PUT', url(w.accA2.id), clever()],
      [w.tokens.district, 'GET', `/dashboard/accounts/${w.accA2.id}/sso-configs`, undefined],
      [w.tokens.domain, 'GET', url(w.accB1.id), undefined],
      [w.tokens.domain, 'PUT', url(w.accB1.id), clever()],
      [w.tokens.domain, 'POST', url(w.accB1.id, 'clever', '/test-connection'), {}],
      [w.tokens.domain, 'DELETE', url(w.accB1.id), undefined],
    ];
    for (const [token, method, path, body] of tries) {
      const res = await call(t.app, method, path, { token, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await countOf(w, 'sso_configs')).toBe(count);
  });
});

describe('domain-wide Google (provider staff)', () => {
  it('a super admin sets a domain’s Google connection; other providers and other roles are refused', async () => {
    const path = `/dashboard/domains/${w.domA.id}/sso-configs`;
    const body = { issuer: google.issuer, client_id: google.clientId, client_secret: google.clientSecret };
    const res = await call(t.app, 'PUT', `${path}/google`, { token: w.tokens.super, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ domain_id: w.domA.id, account_id: null, provider: 'google' });
    const cleverAtDomain = await call(t.app, 'PUT', `${path}/clever`, { token: w.tokens.super, body });
    expect(cleverAtDomain.statusCode).toBe(422);
    expect(cleverAtDomain.json().errors.provider).toEqual(['Please select provider']);
    const statuses = await statusesByActor(t, w, 'PUT', `${path}/google`, body);
    expect(statuses).toMatchObject({ super: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 });
    expect(statuses.domain).toBe(403);
    const test = await call(t.app, 'POST', `${path}/google/test-connection`, { token: w.tokens.super, body: {} });
    expect(test.json().data).toMatchObject({ ok: true, client: 'accepted' });
  });

  it("reading, testing and deleting a domain's Google connection: provider staff only, another domain refused", async () => {
    const path = (domainId: number, suffix = '') => `/dashboard/domains/${domainId}/sso-configs${suffix}`;
    const body = { issuer: google.issuer, client_id: google.clientId, client_secret: google.clientSecret };
    const put = await call(t.app, 'PUT', path(w.domB.id, '/google'), { token: w.tokens.super, body });
    expect(put.statusCode, put.body).toBe(200);
    const refused = { district: 403, school: 403, teacher: 403, custom: 403, student: 401, domain: 403 };
    expect(await statusesByActor(t, w, 'GET', path(w.domB.id))).toMatchObject({ super: 200, ...refused });
    expect(await statusesByActor(t, w, 'GET', path(w.domB.id, '/google'))).toMatchObject({ super: 200, ...refused });
    expect(await statusesByActor(t, w, 'POST', path(w.domB.id, '/google/test-connection'), {})).toMatchObject({
      super: 200,
      ...refused,
    });
    // the domain administrator is refused on their own domain as on another: the domain connection is provider staff's
    const own = await call(t.app, 'GET', path(w.domA.id), { token: w.tokens.domain });
    expect(own.statusCode).toBe(403);

    // domain-management granted by a role in domain A counts only for users of no domain (multi-domain staff)
    const role = await createCustomRole(w.db, { permissions: ['domain-management'], domainId: w.domA.id });
    const inA = await createUser(w.db, { role: 'custom', roleId: role.id, domainId: w.domA.id, email: 'dm@a.test' });
    const signIn = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: inA.email, password: PASSWORD },
    });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    for (const [method, url, b] of [
      ['GET', path(w.domB.id, '/google'), undefined],
      ['PUT', path(w.domB.id, '/google'), { ...body, client_id: 'taken-over' }],
      ['DELETE', path(w.domB.id, '/google'), undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token, body: b });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // a domain that does not exist is 404, with nothing written
    const count = await countOf(w, 'sso_configs');
    const missing = await call(t.app, 'PUT', path(999_999, '/google'), { token: w.tokens.super, body });
    expect(missing.statusCode).toBe(404);
    expect(await countOf(w, 'sso_configs')).toBe(count);

    const deletes = await statusesByActor(t, w, 'DELETE', path(w.domB.id, '/google'));
    expect(deletes).toMatchObject({ super: 200, ...refused });
    const rows = await w.pool.query('select client_id from sso_configs where domain_id = $1', [w.domB.id]);
    expect(rows.rows).toEqual([]);
  });
});

describe('POST .../:provider/test-connection', () => {
  it('discovers the issuer and gets a client credentials token with the stored connection', async () => {
    const res = await call(t.app, 'POST', url(w.accA1.id, 'clever', '/test-connection'), {
      token: w.tokens.district,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      ok: true,
      message: null,
      discovered: true,
      client: 'accepted',
      authorization_endpoint: `${cc.issuer}/auth`,
    });
  });

  it('a provider without client credentials (Google) is checked with a made-up code', async () => {
    const ok = await call(t.app, 'POST', url(w.accA1.id, 'google', '/test-connection'), {
      token: w.tokens.district,
      body: {},
    });
    expect(ok.json().data).toMatchObject({ ok: true, discovered: true, client: 'accepted' });
    const wrong = await call(t.app, 'POST', url(w.accA1.id, 'google', '/test-connection'), {
      token: w.tokens.district,
      body: { client_secret: 'wrong-secret' },
    });
    expect(wrong.json().data).toMatchObject({
      ok: false,
      discovered: true,
      client: 'refused',
      message: 'The provider refused the client ID or secret',
    });
  });

  it("reports each failure clearly in the caller's language, never as an error of the call", async () => {
    const test = (body: Record<string, unknown>, lang?: 'es') =>
      call(t.app, 'POST', url(w.accA1.id, 'clever', '/test-connection'), {
        token: w.tokens.district,
        body,
        ...(lang ? { lang } : {}),
      });
    const refused = await test({ client_secret: 'wrong-secret' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toEqual({
      ok: false,
      message: 'The provider refused the client ID or secret',
      discovered: true,
      client: 'refused',
      authorization_endpoint: `${cc.issuer}/auth`,
    });
    expect((await test({ client_secret: 'wrong-secret' }, 'es')).json().data.message).toBe(
      'El proveedor rechazó el ID de cliente o el secreto',
    );
    const closed = await closedPort();
    const nowhere = await test({ issuer: `http://127.0.0.1:${closed}`, client_secret: 'typed-again' });
    expect(nowhere.json().data).toMatchObject({
      ok: false,
      discovered: false,
      client: 'not_checked',
      message: `Could not reach the provider at http://127.0.0.1:${closed} (ECONNREFUSED)`,
    });
    const noDocument = await test({ issuer: `${cc.issuer}/tenant-x`, client_secret: 'typed-again' });
    expect(noDocument.json().data).toMatchObject({
      ok: false,
      message: 'The provider answered 404 for its OpenID configuration',
    });
    // the same server under another name: its document names 127.0.0.1, not localhost
    const otherName = cc.issuer.replace('127.0.0.1', 'localhost');
    const mismatch = await test({ issuer: otherName, client_secret: cc.clientSecret });
    expect(mismatch.json().data).toMatchObject({
      ok: false,
      discovered: false,
      message: `The OpenID configuration at ${otherName} names another issuer`,
    });
    // the stored secret is never sent to another issuer than the one it was entered for
    const moved = await test({ issuer: 'http://127.0.0.1:9' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.client_secret).toEqual(['Please enter client secret']);
    const bad = await test({ issuer: 'file:///etc/passwd' });
    expect(bad.statusCode).toBe(422);
    expect(logged.join('')).not.toContain(cc.clientSecret);
  });

  it('an unsaved connection is tested from the form; with nothing stored or typed it is not found', async () => {
    const path = url(w.accA2.id, 'clever', '/test-connection');
    const unsaved = await call(t.app, 'POST', path, { token: w.tokens.domain, body: clever() });
    expect(unsaved.json().data).toMatchObject({ ok: true, client: 'accepted' });
    const partial = await call(t.app, 'POST', path, { token: w.tokens.domain, body: { issuer: cc.issuer } });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.client_id).toEqual(['Please enter client ID']);
    expect((await call(t.app, 'POST', path, { token: w.tokens.domain, body: {} })).statusCode).toBe(404);
  });

  it('needs the right to change the account', async () => {
    expect(await statusesByActor(t, w, 'POST', url(w.accA1.id, 'clever', '/test-connection'), {})).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});

describe('DELETE /dashboard/accounts/:id/sso-configs/:provider', () => {
  it('deletes one provider’s connection; a viewer may not', async () => {
    const viewer = await call(t.app, 'DELETE', url(w.accA1.id, 'google'), { token: w.tokens.custom });
    expect(viewer.statusCode).toBe(403);
    const res = await call(t.app, 'DELETE', url(w.accA1.id, 'google'), { token: w.tokens.district });
    expect(res.statusCode).toBe(200);
    expect(await storedRow(w.accA1.id, 'google')).toBeUndefined();
    expect(await storedRow(w.accA1.id, 'clever')).toBeDefined();
    const again = await call(t.app, 'GET', url(w.accA1.id, 'google'), { token: w.tokens.district });
    expect(again.statusCode).toBe(404);
  });
});
