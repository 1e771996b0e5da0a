import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createCustomRole } from '../../db/seed/factories';
import { ACTORS, buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const roleHolders = { super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
const roleBody = {
  name: 'Viewers',
  label: 'Reporter',
  description: 'Look, do not touch',
  permissions: ['account-view', 'quick-report-view'],
};

async function rolesPerActor(): Promise<Record<Actor, number>> {
  const out = {} as Record<Actor, number>;
  for (const a of ACTORS)
    out[a] = (
      await createCustomRole(w.db, { permissions: ['account-view'], domainId: w.domA.id, accountId: w.accA1.id })
    ).id;
  return out;
}

describe('permission matrix (role A1 of the own tenant)', () => {
  it('list, get, create, update, delete need the role resource', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/roles/list')).toEqual(roleHolders);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/roles/${w.viewRole.id}`)).toEqual(roleHolders);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/roles', { ...roleBody, account_id: w.accA1.id })).toEqual(
      roleHolders,
    );
    const toUpdate = await rolesPerActor();
    expect(await statusesByActor(t, w, 'PUT', (a) => `/dashboard/roles/${toUpdate[a]}`, roleBody)).toEqual(roleHolders);
    const toDelete = await rolesPerActor();
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/roles/${toDelete[a]}`)).toEqual(roleHolders);
  });

  it('GET /dashboard/roles/my is open to every staff user', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/roles/my')).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 200,
      student: 401,
    });
    const custom = await call(t.app, 'GET', '/dashboard/roles/my', { token: w.tokens.custom });
    expect(custom.json().data).toMatchObject({
      role: 'custom',
      custom_role: { id: w.viewRole.id, name: 'Account viewer' },
      permissions: ['account-view'],
    });
    const teacher = await call(t.app, 'GET', '/dashboard/roles/my', { token: w.tokens.teacher });
    expect(teacher.json().data).toEqual({ role: 'teacher', custom_role: null, permissions: ['role-teacher'] });
  });
});

describe('tenancy and the grant ceiling', () => {
  it("another domain's role is invisible to a domain admin: list, get, update, delete are 404 and change nothing", async () => {
    const foreign = await createCustomRole(w.db, {
      name: 'Foreign',
      permissions: ['account-view'],
      domainId: w.domB.id,
    });
    const foreignAccount = await createCustomRole(w.db, {
      name: 'Foreign B1',
      permissions: ['account-view'],
      domainId: w.domB.id,
      accountId: w.accB1.id,
    });
    const token = w.tokens.domain;
    const list = await call(t.app, 'POST', '/dashboard/roles/list', { token, body: { per_page: 300 } });
    const ids = (list.json().data as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(w.viewRole.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(foreignAccount.id);
    const before = (await w.pool.query('select * from roles order by id')).rows as unknown[];
    for (const id of [foreign.id, foreignAccount.id, 999_999]) {
      expect((await call(t.app, 'GET', `/dashboard/roles/${id}`, { token })).statusCode).toBe(404);
      expect((await call(t.app, 'PUT', `/dashboard/roles/${id}`, { token, body: roleBody })).statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', `/dashboard/roles/${id}`, { token })).statusCode).toBe(404);
    }
    const intoB = await call(t.app, 'POST', '/dashboard/roles', { token, body: { ...roleBody, domain_id: w.domB.id } });
    expect(intoB.statusCode).toBe(404);
    const intoB1 = await call(t.app, 'POST', '/dashboard/roles', {
      token,
      body: { ...roleBody, account_id: w.accB1.id },
    });
    expect(intoB1.statusCode).toBe(404);
    expect((await w.pool.query('select * from roles order by id')).rows).toEqual(before);
  });

  it('a provider-wide role is readable by a domain admin but not changeable', async () => {
    const global = await createCustomRole(w.db, { name: 'Provider role', permissions: ['account-view'] });
    expect((await call(t.app, 'GET', `/dashboard/roles/${global.id}`, { token: w.tokens.domain })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, 'PUT', `/dashboard/roles/${global.id}`, { token: w.tokens.domain, body: roleBody }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/dashboard/roles/${global.id}`, { token: w.tokens.domain })).statusCode).toBe(
      403,
    );
    expect(await countOf(w, 'roles', `id = ${global.id} and name = 'Provider role'`)).toBe(1);
  });

  it('nobody creates or edits a role with permissions they do not hold', async () => {
    const before = await countOf(w, 'roles');
    for (const permissions of [
      ['role-super-admin'],
      ['domain-management'],
      ['store-management'],
      ['account-view', 'standard-management'],
    ]) {
      const res = await call(t.app, 'POST', '/dashboard/roles', {
        token: w.tokens.domain,
        body: { ...roleBody, permissions },
      });
      expect({ permissions, status: res.statusCode }).toEqual({ permissions, status: 403 });
    }
    expect(await countOf(w, 'roles')).toBe(before);
    const mine = await createCustomRole(w.db, { permissions: ['account-view'], domainId: w.domA.id });
    const raise = await call(t.app, 'PUT', `/dashboard/roles/${mine.id}`, {
      token: w.tokens.domain,
      body: { ...roleBody, permissions: ['role-super-admin'] },
    });
    expect(raise.statusCode).toBe(403);
    const above = await createCustomRole(w.db, { permissions: ['store-management'], domainId: w.domA.id });
    expect(
      (await call(t.app, 'PUT', `/dashboard/roles/${above.id}`, { token: w.tokens.domain, body: roleBody })).statusCode,
    ).toBe(403);
    // the super admin may
    const ok = await call(t.app, 'POST', '/dashboard/roles', {
      token: w.tokens.super,
      body: { ...roleBody, permissions: ['role-super-admin'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ domain_id: null, account_id: null, permissions: ['role-super-admin'] });
  });
});

describe('behaviour', () => {
  it('validates name, label and permission names', async () => {
    const empty = await call(t.app, 'POST', '/dashboard/roles', { token: w.tokens.domain, body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Please enter name'],
      label: ['Please select label'],
      permissions: ['Please select permissions'],
    });
    const unknown = await call(t.app, 'POST', '/dashboard/roles', {
      token: w.tokens.domain,
      body: { ...roleBody, permissions: ['account-view', 'fly', 'teleport'] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ permissions: ['Unknown permission: fly', 'Unknown permission: teleport'] });
    const label = await call(t.app, 'POST', '/dashboard/roles', {
      token: w.tokens.domain,
      body: { ...roleBody, label: 'Wizard' },
    });
    expect(label.json().errors).toEqual({ label: ['Please select label'] });
  });

  it("creates in the caller's domain, updates, lists and deletes with audit entries; a role in use is kept (409)", async () => {
    const created = await call(t.app, 'POST', '/dashboard/roles', { token: w.tokens.domain, body: roleBody });
    expect(created.statusCode).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({
      name: 'Viewers',
      label: 'Reporter',
      description: 'Look, do not touch',
      permissions: ['account-view', 'quick-report-view'],
      domain_id: w.domA.id,
      account_id: null,
    });
    const updated = await call(t.app, 'PUT', `/dashboard/roles/${role.id}`, {
      token: w.tokens.domain,
      body: { ...roleBody, name: 'Viewers 2', permissions: ['account-view'] },
    });
    expect(updated.json().data).toMatchObject({ name: 'Viewers 2', permissions: ['account-view'] });
    const list = await call(t.app, 'POST', '/dashboard/roles/list', {
      token: w.tokens.domain,
      body: { search: 'viewers 2' },
    });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([role.id]);
    expect((await call(t.app, 'DELETE', `/dashboard/roles/${role.id}`, { token: w.tokens.domain })).statusCode).toBe(
      200,
    );
    expect(await countOf(w, 'audit_log', `entity_type = 'role' and entity_id = '${role.id}'`)).toBe(3);

    const inUse = await call(t.app, 'DELETE', `/dashboard/roles/${w.viewRole.id}`, { token: w.tokens.super });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: 'This role is still assigned to users.' });
    expect(await countOf(w, 'roles', `id = ${w.viewRole.id}`)).toBe(1);
  });
});
