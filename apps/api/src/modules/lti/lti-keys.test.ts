import { createLocalJWKSet, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_KEY_PUBLISH_DELAY_SECONDS, LTI_RETIRED_PUBLISH_SECONDS } from '@aula/domain/lti';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { ltiManager } from '../../../test/lti-fixtures';
import { decryptSecret } from '../../lib/secrets';
import { currentSigningKey, publicJwks } from './lti-keys.service';

// Aula's LTI signing keys over HTTP: the JWKS publishes public halves only, JWTs signed with currentSigningKey verify
// against it, rotation publishes before signing and keeps the old key published until its tokens expire.

const SECRETS_KEY = 'cd'.repeat(32);
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
let t: TestApp;
let w: World;
let manager: string;
let domainManager: string;
const deps = () => ({ db: t.app.deps.db, config: t.app.deps.config });
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

beforeAll(async () => {
  t = await buildTestApp({ env: { SECRETS_KEY } });
  w = await buildWorld(t);
  manager = await ltiManager(t, w, null, 'lti@staff.test');
  // lti-management is multi-domain only: held inside one domain it grants nothing
  domainManager = await ltiManager(t, w, w.domA.id, 'lti@a.test');
});
afterAll(async () => {
  await t.close();
});

async function jwks() {
  const res = await call(t.app, 'GET', '/lti/jwks');
  expect(res.statusCode).toBe(200);
  return { res, keys: res.json<{ keys: JWK[] }>().keys };
}

describe('LTI keys', () => {
  it('only provider staff with lti reach the key calls', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/lti/keys')).toEqual({
      super: 200,
      domain: 403,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    for (const a of ['domain', 'district', 'teacher', 'custom'] as const) {
      expect((await call(t.app, 'POST', '/dashboard/lti/keys', { token: w.tokens[a] })).statusCode).toBe(403);
      const rotate = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', { token: w.tokens[a], body: {} });
      expect(rotate.statusCode).toBe(403);
    }
    expect((await call(t.app, 'POST', '/dashboard/lti/keys', { token: domainManager })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/dashboard/lti/keys', { token: domainManager })).statusCode).toBe(403);
    expect(await countOf(w, 'lti_keys')).toBe(0);
    expect((await call(t.app, 'GET', '/dashboard/lti/keys', { token: manager })).statusCode).toBe(200);
  });

  it('has no signing key before the first one is created', async () => {
    await expect(currentSigningKey(deps())).rejects.toMatchObject({ status: 409 });
    expect((await jwks()).keys).toEqual([]);
  });

  it('the first key signs at once; the JWKS shows its public half only and verifies what it signs', async () => {
    const res = await call(t.app, 'POST', '/dashboard/lti/keys', { token: manager });
    expect(res.statusCode).toBe(200);
    const key = res.json<{ data: { kid: string; state: string; public_jwk: JWK } }>().data;
    expect(key.state).toBe('active');
    for (const m of PRIVATE_MEMBERS) expect(key.public_jwk).not.toHaveProperty(m);

    const { res: jwksRes, keys } = await jwks();
    expect(jwksRes.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(jwksRes.headers['content-type']).toMatch(/application\/jwk-set\+json/);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', kid: key.kid, alg: 'RS256', use: 'sig' });
    for (const m of PRIVATE_MEMBERS) expect(keys[0]).not.toHaveProperty(m);
    expect((await call(t.app, 'GET', '/.well-known/jwks.json')).json()).toEqual({ keys });

    const signer = await currentSigningKey(deps());
    expect(signer.kid).toBe(key.kid);
    const jwt = await new SignJWT({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
    })
      .setProtectedHeader({ alg: signer.alg, kid: signer.kid })
      .setIssuer('aula-client')
      .setAudience('https://canvas.example.test')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(signer.privateKey);
    const verified = await jwtVerify(jwt, createLocalJWKSet({ keys }), { audience: 'https://canvas.example.test' });
    expect(verified.protectedHeader.kid).toBe(key.kid);
  });

  it('stores the private half encrypted, never in plain text', async () => {
    const { rows } = await w.pool.query<{ kid: string; private_jwk_encrypted: string; public_jwk: JWK }>(
      'select kid, private_jwk_encrypted, public_jwk from lti_keys',
    );
    const row = rows[0]!;
    expect(row.private_jwk_encrypted.startsWith('v1.')).toBe(true);
    expect(row.private_jwk_encrypted).not.toContain('"d"');
    expect(row.private_jwk_encrypted).not.toContain(row.public_jwk.n!.slice(0, 40));
    const jwk = JSON.parse(decryptSecret(SECRETS_KEY, row.private_jwk_encrypted)) as JWK;
    expect(jwk.kid).toBe(row.kid);
    expect(typeof jwk.d).toBe('string');
    for (const m of PRIVATE_MEMBERS) expect(row.public_jwk).not.toHaveProperty(m);
  });

  it('rotation publishes the new key before it signs and keeps the old one until its tokens expire', async () => {
    const old = await currentSigningKey(deps());
    const start = new Date();
    const res = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', { token: manager, body: {} });
    expect(res.statusCode).toBe(200);
    const next = res.json<{ data: { id: number; kid: string; state: string; signs_from: string } }>().data;
    expect(next.state).toBe('scheduled');
    const signsFrom = new Date(next.signs_from);
    expect(signsFrom.getTime() - start.getTime()).toBeGreaterThanOrEqual(LTI_KEY_PUBLISH_DELAY_SECONDS * 1000 - 1000);

    // published now, both keys; the old one still signs
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([old.kid, next.kid]);
    expect((await currentSigningKey(deps())).kid).toBe(old.kid);
    // a second rotation while one is pending is refused, and writes nothing
    const again = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', { token: manager, body: {} });
    expect(again.statusCode).toBe(409);
    expect(await countOf(w, 'lti_keys')).toBe(2);

    // once the delay has passed the new key signs; the old one is retired but still published
    const switched = later(signsFrom, 1);
    expect((await currentSigningKey(deps(), switched)).kid).toBe(next.kid);
    expect((await publicJwks(deps() as never, switched)).keys.map((k) => k.kid)).toEqual([old.kid, next.kid]);
    // a token the old key signed just before the switch still verifies while it lives
    const gone = later(signsFrom, LTI_RETIRED_PUBLISH_SECONDS + 1);
    expect((await publicJwks(deps() as never, later(signsFrom, LTI_RETIRED_PUBLISH_SECONDS - 1))).keys).toHaveLength(2);
    expect((await publicJwks(deps() as never, gone)).keys.map((k) => k.kid)).toEqual([next.kid]);

    const list = await call(t.app, 'GET', '/dashboard/lti/keys', { token: manager });
    const rows = list.json<{
      data: { kid: string; state: string; retires_at: string | null; published_until: string }[];
    }>().data;
    expect(rows.find((k) => k.kid === old.kid)).toMatchObject({ state: 'active', retires_at: next.signs_from });
    expect(new Date(rows.find((k) => k.kid === old.kid)!.published_until).getTime()).toBe(
      signsFrom.getTime() + LTI_RETIRED_PUBLISH_SECONDS * 1000,
    );
  });

  it('the active toggle: the signer cannot be turned off; a scheduled key can, which calls the rotation off', async () => {
    const keys = (await call(t.app, 'GET', '/dashboard/lti/keys', { token: manager })).json<{
      data: { id: number; kid: string; state: string }[];
    }>().data;
    const active = keys.find((k) => k.state === 'active')!;
    const scheduled = keys.find((k) => k.state === 'scheduled')!;
    const refused = await call(t.app, 'GET', `/dashboard/lti/keys/${active.id}/toggle-active`, { token: manager });
    expect(refused.statusCode).toBe(409);
    expect((await call(t.app, 'DELETE', `/dashboard/lti/keys/${active.id}`, { token: manager })).statusCode).toBe(409);

    const off = await call(t.app, 'GET', `/dashboard/lti/keys/${scheduled.id}/toggle-active`, { token: manager });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.state).toBe('deactivated');
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([active.kid]);
    // the old key no longer retires: far in the future it still signs
    expect((await currentSigningKey(deps(), later(new Date(), 30 * 24 * 3600))).kid).toBe(active.kid);

    // reactivated it is a standby key: published, not signing; a rotation to it waits out the publish delay
    const on = await call(t.app, 'GET', `/dashboard/lti/keys/${scheduled.id}/toggle-active`, { token: manager });
    expect(on.json().data.state).toBe('standby');
    expect((await jwks()).keys).toHaveLength(2);
    const rotated = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', {
      token: manager,
      body: { key_id: scheduled.id },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.state).toBe('scheduled');

    // a deactivated key leaves the JWKS and may then be deleted
    await call(t.app, 'GET', `/dashboard/lti/keys/${scheduled.id}/toggle-active`, { token: manager });
    const del = await call(t.app, 'DELETE', `/dashboard/lti/keys/${scheduled.id}`, { token: manager });
    expect(del.statusCode).toBe(200);
    expect(await countOf(w, 'lti_keys')).toBe(1);
  });

  it('an emergency rotation signs at once, and a bad body is a 422', async () => {
    const before = await currentSigningKey(deps());
    const bad = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', { token: manager, body: { immediate: 'yes' } });
    expect(bad.statusCode).toBe(422);
    expect(await countOf(w, 'lti_keys')).toBe(1);
    const res = await call(t.app, 'POST', '/dashboard/lti/keys/rotate', { token: manager, body: { immediate: true } });
    expect(res.json().data.state).toBe('active');
    const now = await currentSigningKey(deps());
    expect(now.kid).not.toBe(before.kid);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([before.kid, now.kid]);
  });
});
