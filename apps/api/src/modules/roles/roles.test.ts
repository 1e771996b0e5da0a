import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@aula/domain/permissions';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { PASSWORD, buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';

// The calls issue 15 added or changed for the roles pages: the permission catalogue, the list's and GET one's
// manageable and users_count, and multi-domain-only permissions kept to roles of no domain.

let t: TestApp;
let w: World;
/** A district-level role manager: a custom role of account A1 holding permission-role-management. */
let districtManager: string;
let managerRoleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const role = await createCustomRole(w.db, {
    name: 'A1 role managers',
    permissions: ['permission-role-management', 'account-view'],
    domainId: w.domA.id,
    accountId: w.accA1.id,
  });
  managerRoleId = role.id;
  const user = await createUser(w.db, {
    role: 'custom',
    roleId: role.id,
    domainId: w.domA.id,
    accountId: w.accA1.id,
    email: 'role-manager@a.test',
  });
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: user.email, password: PASSWORD } });
  districtManager = res.json<{ data: { token: string } }>().data.token;
});
afterAll(() => t.close());

type CatalogueEntry = {
  name: string;
  description: string;
  rules: { resources: Record<string, string[]>; domain?: { multi_domain_only: boolean } };
  multi_domain_only: boolean;
  bundle: boolean;
  grantable: boolean;
};

describe('GET /dashboard/roles/permissions', () => {
  it('needs the role resource: the wrong role is refused', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/roles/permissions')).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect((await call(t.app, 'GET', '/dashboard/roles/permissions')).statusCode).toBe(401);
  });

  it("lists every permission in the spec's order with its description, resources, actions and flags", async () => {
    const res = await call(t.app, 'GET', '/dashboard/roles/permissions', { token: w.tokens.super });
    const data = res.json<{ data: CatalogueEntry[] }>().data;
    expect(data.map((p) => p.name)).toEqual([...PERMISSIONS]);
    expect(data.find((p) => p.name === 'product-management')).toEqual({
      name: 'product-management',
      description: 'Create, view, update and delete products.',
      rules: {
        resources: { main: ['view'], product: ['view', 'create', 'update', 'delete'] },
      },
      multi_domain_only: false,
      bundle: false,
      grantable: true,
    });
    expect(data.find((p) => p.name === 'domain-management')).toMatchObject({ multi_domain_only: true });
    expect(data.find((p) => p.name === 'role-teacher')).toMatchObject({ bundle: true });
    expect(data.every((p) => p.grantable)).toBe(true);
  });

  it('marks grantable only what the caller holds (a domain admin has no multi-domain-only or super bundle)', async () => {
    const res = await call(t.app, 'GET', '/dashboard/roles/permissions', { token: w.tokens.domain });
    const grantable = res
      .json<{ data: CatalogueEntry[] }>()
      .data.filter((p) => p.grantable)
      .map((p) => p.name);
    expect(grantable).toContain('product-management');
    expect(grantable).toContain('permission-role-management');
    for (const name of ['domain-management', 'store-management', 'role-super-admin', 'standard-management']) {
      expect(grantable).not.toContain(name);
    }
    const manager = await call(t.app, 'GET', '/dashboard/roles/permissions', { token: districtManager });
    const theirs = manager
      .json<{ data: CatalogueEntry[] }>()
      .data.filter((p) => p.grantable)
      .map((p) => p.name);
    expect(theirs).toEqual(['account-view', 'permission-role-management']);
  });
});

describe('list and GET one: manageable and users_count', () => {
  it("a district role manager sees their district's roles and provider-wide ones, never another district's", async () => {
    const a2 = await createCustomRole(w.db, {
      name: 'A2 only',
      permissions: ['account-view'],
      domainId: w.domA.id,
      accountId: w.accA2.id,
    });
    const b1 = await createCustomRole(w.db, {
      name: 'B1 only',
      permissions: ['account-view'],
      domainId: w.domB.id,
      accountId: w.accB1.id,
    });
    const global = await createCustomRole(w.db, { name: 'Everywhere', permissions: ['account-view'] });
    const list = await call(t.app, 'POST', '/dashboard/roles/list', {
      token: districtManager,
      body: { per_page: 300 },
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ data: { id: number; manageable: boolean; users_count: number }[] }>().data;
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(a2.id);
    expect(ids).not.toContain(b1.id);
    expect(rows.find((r) => r.id === w.viewRole.id)).toMatchObject({
      manageable: true,
      users_count: 1,
      domain_name: 'Domain A',
      account_name: 'Alpha District',
    });
    expect(rows.find((r) => r.id === managerRoleId)).toMatchObject({ manageable: true, users_count: 1 });
    expect(rows.find((r) => r.id === global.id)).toMatchObject({
      manageable: false,
      users_count: 0,
      domain_name: null,
      account_name: null,
    });

    const before = (await w.pool.query('select * from roles order by id')).rows as unknown[];
    const body = { name: 'Taken over', label: 'Custom', permissions: ['account-view'] };
    for (const id of [a2.id, b1.id]) {
      expect((await call(t.app, 'GET', `/dashboard/roles/${id}`, { token: districtManager })).statusCode).toBe(404);
      expect((await call(t.app, 'PUT', `/dashboard/roles/${id}`, { token: districtManager, body })).statusCode).toBe(
        404,
      );
      expect((await call(t.app, 'DELETE', `/dashboard/roles/${id}`, { token: districtManager })).statusCode).toBe(404);
    }
    const intoA2 = await call(t.app, 'POST', '/dashboard/roles', {
      token: districtManager,
      body: { ...body, account_id: w.accA2.id },
    });
    expect(intoA2.statusCode).toBe(404);
    expect((await w.pool.query('select * from roles order by id')).rows).toEqual(before);
  });

  it('GET one says whether the caller may change the role and how many users hold it', async () => {
    const own = await call(t.app, 'GET', `/dashboard/roles/${w.viewRole.id}`, { token: w.tokens.domain });
    expect(own.json().data).toMatchObject({ id: w.viewRole.id, manageable: true, users_count: 1 });
    const above = await createCustomRole(w.db, { permissions: ['store-management'], domainId: w.domA.id });
    const res = await call(t.app, 'GET', `/dashboard/roles/${above.id}`, { token: w.tokens.domain });
    expect(res.json().data).toMatchObject({ id: above.id, manageable: false, users_count: 0 });
    expect((await call(t.app, 'GET', `/dashboard/roles/${above.id}`, { token: w.tokens.district })).statusCode).toBe(
      403,
    );
  });
});

describe('multi-domain-only permissions', () => {
  const body = { name: 'Domain editors', label: 'Developer', permissions: ['domain-management', 'account-view'] };

  it('belong only to a role of no domain: in a domain or account they are 422 and nothing is written', async () => {
    const before = await countOf(w, 'roles');
    const inDomain = await call(t.app, 'POST', '/dashboard/roles', {
      token: w.tokens.super,
      body: { ...body, domain_id: w.domA.id },
    });
    expect(inDomain.statusCode).toBe(422);
    expect(inDomain.json().errors).toEqual({
      permissions: ['domain-management is for roles of all domains (multi-domain) only.'],
    });
    const inAccount = await call(t.app, 'POST', '/dashboard/roles', {
      token: w.tokens.super,
      body: { ...body, account_id: w.accA1.id },
    });
    expect(inAccount.statusCode).toBe(422);
    expect(await countOf(w, 'roles')).toBe(before);

    const global = await call(t.app, 'POST', '/dashboard/roles', { token: w.tokens.super, body });
    expect(global.statusCode).toBe(200);
    expect(global.json().data).toMatchObject({ domain_id: null, permissions: ['domain-management', 'account-view'] });
  });

  it('cannot be added to an existing role of a domain', async () => {
    const role = await createCustomRole(w.db, { name: 'In A', permissions: ['account-view'], domainId: w.domA.id });
    const res = await call(t.app, 'PUT', `/dashboard/roles/${role.id}`, {
      token: w.tokens.super,
      body: { ...body, permissions: ['store-management'] },
    });
    expect(res.statusCode).toBe(422);
    expect(await countOf(w, 'roles', `id = ${role.id} and permissions::text = '["account-view"]'`)).toBe(1);
  });
});
