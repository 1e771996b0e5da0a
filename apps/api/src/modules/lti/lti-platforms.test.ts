import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { ltiManager } from '../../../test/lti-fixtures';

// LTI platforms (provider staff) and deployments (also domain admins, within their domain) over HTTP: who may do
// what, tenant scoping, validation with no partial write.

let t: TestApp;
let w: World;
let manager: string;
let domainManager: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  manager = await ltiManager(t, w, null, 'lti@staff.test');
  domainManager = await ltiManager(t, w, w.domA.id, 'lti@a.test');
});
afterAll(async () => {
  await t.close();
});

const platform = (over: Record<string, unknown> = {}) => ({
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000001',
  key_set_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  access_token_url: 'https://sso.canvaslms.com/login/oauth2/token',
  oidc_auth_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  ...over,
});
interface PlatformBody {
  data: { id: number; deployments_count: number; issuer: string; name: string };
}
interface DeploymentBody {
  data: { id: number; is_active: boolean; is_catalog: boolean; account_id: number; account_name: string };
}
async function createPlatform(over: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/dashboard/lti/platforms', { token: manager, body: platform(over) });
  expect(res.statusCode).toBe(200);
  return res.json<PlatformBody>().data;
}

describe('LTI platforms', () => {
  it('only provider staff with lti create and list platforms', async () => {
    let n = 0;
    const codes = await statusesByActor(t, w, 'POST', '/dashboard/lti/platforms', () =>
      platform({ client_id: `matrix-${n++}` }),
    );
    expect(codes).toEqual({
      super: 200,
      domain: 403,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await countOf(w, 'lti_platforms')).toBe(1);
    // lti-management is multi-domain only
    expect((await call(t.app, 'GET', '/dashboard/lti/platforms', { token: domainManager })).statusCode).toBe(403);
    const list = await call(t.app, 'GET', '/dashboard/lti/platforms', { token: manager });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: unknown[] }>().data).toHaveLength(1);
    // the catalog also serves deployment managers (a deployment names its platform), not teachers
    expect((await call(t.app, 'GET', '/dashboard/lti/platforms/catalog', { token: w.tokens.domain })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', '/dashboard/lti/platforms/catalog', { token: w.tokens.teacher })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad URLs and a duplicate issuer + client id with 422 and writes nothing', async () => {
    const before = await countOf(w, 'lti_platforms');
    const bad = await call(t.app, 'POST', '/dashboard/lti/platforms', {
      token: manager,
      body: platform({
        client_id: 'bad-urls',
        issuer: 'https://canvas.example.test/?x=1',
        key_set_url: 'ftp://canvas.example.test/jwks',
        access_token_url: 'http://canvas.example.test/token',
        oidc_auth_url: 'not a url',
      }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'access_token_url',
      'issuer',
      'key_set_url',
      'oidc_auth_url',
    ]);
    const missing = await call(t.app, 'POST', '/dashboard/lti/platforms', { token: manager, body: { name: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.issuer).toEqual(['Please enter issuer']);

    await createPlatform({ client_id: 'dupe' });
    const dupe = await call(t.app, 'POST', '/dashboard/lti/platforms', {
      token: manager,
      body: platform({ client_id: 'dupe', name: 'Second' }),
    });
    expect(dupe.statusCode).toBe(422);
    expect(dupe.json<{ errors: Record<string, string[]> }>().errors.client_id).toEqual([
      'A platform with this issuer and client ID already exists.',
    ]);
    expect(await countOf(w, 'lti_platforms')).toBe(before + 1);
    // a local platform (development, the test platform of issue 18 item 6) may use http
    await createPlatform({
      client_id: 'local',
      issuer: 'http://127.0.0.1:4000',
      key_set_url: 'http://127.0.0.1:4000/jwks',
      access_token_url: 'http://localhost:4000/token',
      oidc_auth_url: 'http://localhost:4000/auth',
    });
  });

  it('edits a platform; an unknown id is a 404', async () => {
    const p = await createPlatform({ client_id: 'edit-me' });
    const res = await call(t.app, 'PUT', `/dashboard/lti/platforms/${p.id}`, {
      token: manager,
      body: platform({ client_id: 'edit-me', name: 'Canvas (district cloud)' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PlatformBody>().data.name).toBe('Canvas (district cloud)');
    expect(
      (await call(t.app, 'GET', `/dashboard/lti/platforms/${p.id}`, { token: manager })).json<PlatformBody>().data,
    ).toMatchObject({ name: 'Canvas (district cloud)', deployments_count: 0 });
    const unknown = await call(t.app, 'PUT', '/dashboard/lti/platforms/999999', { token: manager, body: platform() });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('LTI deployments', () => {
  let moodle: PlatformBody['data'];
  const deployment = (over: Record<string, unknown> = {}) => ({
    platform_id: moodle.id,
    deployment_id: '1',
    account_id: w.accA1.id,
    ...over,
  });
  beforeAll(async () => {
    moodle = await createPlatform({ name: 'Moodle', issuer: 'https://moodle.example.test', client_id: 'moodle' });
  });

  it('domain admins manage their districts’ deployments; district admins and teachers may not', async () => {
    const res = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: deployment({ name: 'Alpha Moodle', is_catalog: true }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<DeploymentBody>().data).toMatchObject({
      account_id: w.accA1.id,
      account_name: 'Alpha District',
      is_active: true,
      is_catalog: true,
    });
    for (const a of ['district', 'school', 'teacher', 'custom'] as const) {
      const r = await call(t.app, 'POST', '/dashboard/lti/deployments', {
        token: w.tokens[a],
        body: deployment({ deployment_id: `by-${a}` }),
      });
      expect(r.statusCode).toBe(403);
    }
    expect(await statusesByActor(t, w, 'POST', '/dashboard/lti/deployments/list', {})).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await countOf(w, 'lti_deployments')).toBe(1);
  });

  it('a domain admin cannot place, see, change or delete a deployment of another domain’s district', async () => {
    const other = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: deployment({ deployment_id: 'beta', account_id: w.accB1.id }),
    });
    expect(other.statusCode).toBe(404);
    expect(await countOf(w, 'lti_deployments', `deployment_id = 'beta'`)).toBe(0);

    const superRes = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.super,
      body: deployment({ deployment_id: 'beta', account_id: w.accB1.id }),
    });
    expect(superRes.statusCode).toBe(200);
    const beta = superRes.json<DeploymentBody>().data;
    for (const [method, url] of [
      ['GET', `/dashboard/lti/deployments/${beta.id}`],
      ['GET', `/dashboard/lti/deployments/${beta.id}/toggle-active`],
      ['DELETE', `/dashboard/lti/deployments/${beta.id}`],
    ] as const) {
      expect((await call(t.app, method, url, { token: w.tokens.domain })).statusCode).toBe(404);
    }
    const put = await call(t.app, 'PUT', `/dashboard/lti/deployments/${beta.id}`, {
      token: w.tokens.domain,
      body: deployment({ deployment_id: 'beta', account_id: w.accA1.id }),
    });
    expect(put.statusCode).toBe(404);
    const row = await w.pool.query<{ account_id: number; is_active: boolean }>(
      'select account_id, is_active from lti_deployments where id = $1',
      [beta.id],
    );
    expect(row.rows[0]).toEqual({ account_id: w.accB1.id, is_active: true });

    const list = await call(t.app, 'POST', '/dashboard/lti/deployments/list', { token: w.tokens.domain, body: {} });
    const ids = list.json<{ data: { id: number }[]; meta: { total: number } }>();
    expect(ids.data.map((d) => d.id)).not.toContain(beta.id);
    expect(ids.meta.total).toBe(1);
    const all = await call(t.app, 'POST', '/dashboard/lti/deployments/list', { token: w.tokens.super, body: {} });
    expect(all.json<{ meta: { total: number } }>().meta.total).toBe(2);
  });

  it('a deployment id is unique per platform (422, nothing written); another platform may reuse it', async () => {
    const before = await countOf(w, 'lti_deployments');
    const dupe = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: deployment({ account_id: w.accA2.id }),
    });
    expect(dupe.statusCode).toBe(422);
    expect(dupe.json<{ errors: Record<string, string[]> }>().errors.deployment_id).toEqual([
      'This platform already has a deployment with this deployment ID.',
    ]);
    const bad = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: { platform_id: moodle.id, deployment_id: '   ', account_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['account_id', 'deployment_id']);
    const noPlatform = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: deployment({ platform_id: 999999, deployment_id: 'x' }),
    });
    expect(noPlatform.statusCode).toBe(422);
    expect(await countOf(w, 'lti_deployments')).toBe(before);

    const canvas = await createPlatform({ client_id: 'reuse' });
    const reuse = await call(t.app, 'POST', '/dashboard/lti/deployments', {
      token: w.tokens.domain,
      body: deployment({ platform_id: canvas.id }),
    });
    expect(reuse.statusCode).toBe(200);
  });

  it('toggles active, edits, and deletes; a platform with deployments is not deleted', async () => {
    const list = await call(t.app, 'POST', '/dashboard/lti/deployments/list', {
      token: w.tokens.domain,
      body: { platform_id: moodle.id },
    });
    const d = list.json<{ data: { id: number; is_active: boolean }[] }>().data[0]!;
    const off = await call(t.app, 'GET', `/dashboard/lti/deployments/${d.id}/toggle-active`, {
      token: w.tokens.domain,
    });
    expect(off.json<DeploymentBody>().data.is_active).toBe(false);
    const edit = await call(t.app, 'PUT', `/dashboard/lti/deployments/${d.id}`, {
      token: w.tokens.domain,
      body: deployment({ account_id: w.accA2.id, is_catalog: false }),
    });
    expect(edit.statusCode).toBe(200);
    // an edit that leaves is_active out keeps it
    expect(edit.json<DeploymentBody>().data).toMatchObject({
      account_id: w.accA2.id,
      is_active: false,
      is_catalog: false,
    });

    const refused = await call(t.app, 'DELETE', `/dashboard/lti/platforms/${moodle.id}`, { token: manager });
    expect(refused.statusCode).toBe(409);
    expect(await countOf(w, 'lti_platforms', `id = ${moodle.id}`)).toBe(1);

    expect(
      (await call(t.app, 'DELETE', `/dashboard/lti/deployments/${d.id}`, { token: w.tokens.domain })).statusCode,
    ).toBe(200);
    expect(await countOf(w, 'lti_deployments', `id = ${d.id}`)).toBe(0);
    const catalog = await call(t.app, 'GET', '/dashboard/lti/deployments/catalog', { token: w.tokens.domain });
    expect(catalog.statusCode).toBe(200);
  });
});
