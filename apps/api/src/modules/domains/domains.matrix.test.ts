import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { buildWorld, countOf, PASSWORD, statusesByActor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const onlySuper = { super: 200, domain: 403, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
const everyStaff = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 200, student: 401 };

describe('permission matrix', () => {
  it('list, get, create and update need the domain resource, which only multi-domain staff hold', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/domains/list')).toEqual(onlySuper);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/domains/${w.domA.id}`)).toEqual(onlySuper);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/domains', { name: 'Domain C' })).toEqual(onlySuper);
    expect(await statusesByActor(t, w, 'PUT', `/dashboard/domains/${w.domB.id}`, { name: 'Domain B' })).toEqual(
      onlySuper,
    );
  });

  it('"my" and "my-list" are open to every staff user', async () => {
    expect(await statusesByActor(t, w, 'GET', '/dashboard/domains/my')).toEqual(everyStaff);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/domains/my-list')).toEqual(everyStaff);
  });

  it('domain-management is multi-domain only: inside a domain it grants nothing', async () => {
    const role = await createCustomRole(w.db, { permissions: ['domain-management'], domainId: w.domA.id });
    await createUser(w.db, { role: 'custom', roleId: role.id, domainId: w.domA.id, email: 'dm@a.test' });
    const token = (
      await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: 'dm@a.test', password: PASSWORD } })
    ).json().data.token as string;
    const before = await countOf(w, 'domains');
    expect((await call(t.app, 'POST', '/dashboard/domains/list', { token })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/dashboard/domains', { token, body: { name: 'Sneaky' } })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/dashboard/domains/${w.domB.id}`, { token, body: { name: 'Sneaky' } })).statusCode,
    ).toBe(403);
    expect(await countOf(w, 'domains')).toBe(before);
  });
});

describe('behaviour', () => {
  it('"my" is the caller\'s domain (null for multi-domain staff); "my-list" is every domain for them, their own for others', async () => {
    expect((await call(t.app, 'GET', '/dashboard/domains/my', { token: w.tokens.super })).json()).toEqual({
      data: null,
    });
    expect((await call(t.app, 'GET', '/dashboard/domains/my', { token: w.tokens.district })).json().data).toMatchObject(
      { id: w.domA.id, name: 'Domain A' },
    );
    const mine = (await call(t.app, 'GET', '/dashboard/domains/my-list', { token: w.tokens.teacher })).json().data as {
      id: number;
    }[];
    expect(mine.map((d) => d.id)).toEqual([w.domA.id]);
    const all = (await call(t.app, 'GET', '/dashboard/domains/my-list', { token: w.tokens.super })).json().data as {
      id: number;
    }[];
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining([w.domA.id, w.domB.id]));
  });

  it('creates and renames with audit entries; validates the name; 404 for unknown ids', async () => {
    const created = await call(t.app, 'POST', '/dashboard/domains', {
      token: w.tokens.super,
      body: { name: ' Partner ' },
    });
    expect(created.json().data).toMatchObject({ name: 'Partner' });
    const id = created.json().data.id as number;
    const renamed = await call(t.app, 'PUT', `/dashboard/domains/${id}`, {
      token: w.tokens.super,
      body: { name: 'Partner Two' },
    });
    expect(renamed.json().data).toMatchObject({ id, name: 'Partner Two' });
    expect(await countOf(w, 'audit_log', `entity_type = 'domain' and entity_id = '${id}'`)).toBe(2);
    const empty = await call(t.app, 'POST', '/dashboard/domains', { token: w.tokens.super, body: { name: '' } });
    expect(empty.json().errors).toEqual({ name: ['Please enter name'] });
    expect((await call(t.app, 'GET', '/dashboard/domains/99999', { token: w.tokens.super })).statusCode).toBe(404);
    const list = await call(t.app, 'POST', '/dashboard/domains/list', {
      token: w.tokens.super,
      body: { search: 'partner' },
    });
    expect(list.json().meta.total).toBe(1);
  });

  it('refuses a missing or too long name with 422 and writes nothing', async () => {
    const before = await countOf(w, 'domains');
    const audits = await countOf(w, 'audit_log', `entity_type = 'domain'`);
    const long = await call(t.app, 'POST', '/dashboard/domains', {
      token: w.tokens.super,
      body: { name: 'x'.repeat(256) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ name: ['Name must not exceed 255 characters'] });
    const missing = await call(t.app, 'POST', '/dashboard/domains', { token: w.tokens.super, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ name: ['Please enter name'] });
    const blank = await call(t.app, 'PUT', `/dashboard/domains/${w.domB.id}`, {
      token: w.tokens.super,
      body: { name: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(await countOf(w, 'domains')).toBe(before);
    expect(await countOf(w, 'domains', `id = ${w.domB.id} and name = 'Domain B'`)).toBe(1);
    expect(await countOf(w, 'audit_log', `entity_type = 'domain'`)).toBe(audits);
  });
});
