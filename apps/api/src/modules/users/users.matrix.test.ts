import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { ACTORS, buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';

// Route x role bundle x own/other tenant for /dashboard/users (DESIGN.md 9).

let t: TestApp;
let w: World;
let n = 0;
const email = (a: string) => `new-${a}-${++n}@a.test`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** One fresh teacher of school A1a per actor, so each actor's write hits its own row. */
async function teachersPerActor(opts: { deleted?: boolean } = {}): Promise<Record<Actor, number>> {
  const out = {} as Record<Actor, number>;
  for (const a of ACTORS) {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id],
    });
    if (opts.deleted) await w.pool.query('update users set deleted_at = now() where id = $1', [u.id]);
    out[a] = u.id;
  }
  return out;
}

const newUser =
  (role: string, extra: object = {}) =>
  (a: Actor) => ({
    role,
    first_name: 'New',
    last_name: a,
    email: email(a),
    password: 'Secret#123',
    password_confirmation: 'Secret#123',
    ...extra,
  });

describe('permission matrix on the own tenant', () => {
  it('POST /dashboard/users/search', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/users/search', {})).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });

  it('GET /dashboard/users/:id (a teacher of school A1a)', async () => {
    const id = w.users.teacher.id;
    expect(await statusesByActor(t, w, 'GET', `/dashboard/users/${id}`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });

  it('POST /dashboard/users: a teacher', async () => {
    const body = newUser('teacher', { account_id: w.accA1.id, organization_ids: [w.orgA1a.id] });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/users', body)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  it('POST /dashboard/users: a school admin, a district admin (the account admin bundle only views users)', async () => {
    const expected = { super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
    for (const role of ['school-administrator', 'administrator']) {
      const body = newUser(role, { account_id: w.accA1.id, organization_ids: [w.orgA1a.id] });
      expect(await statusesByActor(t, w, 'POST', '/dashboard/users', body)).toEqual(expected);
    }
  });

  it('POST /dashboard/users: a domain admin, a super admin: nobody gives a role above their own', async () => {
    const domainBody = (a: Actor) => newUser('domain-administrator', a === 'super' ? { domain_id: w.domA.id } : {})(a);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/users', domainBody)).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/users', newUser('super-administrator'))).toEqual({
      super: 200,
      domain: 403,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  const managers = { super: 200, domain: 200, district: 200, school: 200, teacher: 403, custom: 403, student: 401 };

  it('PUT /dashboard/users/:id', async () => {
    const ids = await teachersPerActor();
    expect(await statusesByActor(t, w, 'PUT', (a) => `/dashboard/users/${ids[a]}`, { first_name: 'Renamed' })).toEqual(
      managers,
    );
  });

  it('PATCH /dashboard/users/:id/password', async () => {
    const ids = await teachersPerActor();
    const body = { password: 'Other#456', password_confirmation: 'Other#456' };
    expect(await statusesByActor(t, w, 'PATCH', (a) => `/dashboard/users/${ids[a]}/password`, body)).toEqual(managers);
  });

  it('PATCH /dashboard/users/:id/role: keeping teacher with new schools; promoting to school admin needs user update', async () => {
    const ids = await teachersPerActor();
    const keep = { role: 'teacher', organization_ids: [w.orgA1a.id] };
    expect(await statusesByActor(t, w, 'PATCH', (a) => `/dashboard/users/${ids[a]}/role`, keep)).toEqual(managers);
    const promote = { role: 'school-administrator', organization_ids: [w.orgA1a.id] };
    expect(await statusesByActor(t, w, 'PATCH', (a) => `/dashboard/users/${ids[a]}/role`, promote)).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  it('PATCH /dashboard/users/:id/restore', async () => {
    const ids = await teachersPerActor({ deleted: true });
    expect(await statusesByActor(t, w, 'PATCH', (a) => `/dashboard/users/${ids[a]}/restore`)).toEqual(managers);
  });

  it('DELETE /dashboard/users/:id', async () => {
    const ids = await teachersPerActor();
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/users/${ids[a]}`)).toEqual(managers);
  });
});

describe('another tenant is invisible and unchangeable', () => {
  let targets: { actor: Actor; id: number }[];

  beforeAll(async () => {
    const teacherIn = (accountId: number, domainId: number, orgId: number) =>
      createUser(w.db, { role: 'teacher', domainId, accountId, organizationIds: [orgId] });
    const a2 = await teacherIn(w.accA2.id, w.domA.id, w.orgA2.id);
    const b1 = await teacherIn(w.accB1.id, w.domB.id, w.orgB1.id);
    const a1b = await teacherIn(w.accA1.id, w.domA.id, w.orgA1b.id);
    const deletedB1 = await teacherIn(w.accB1.id, w.domB.id, w.orgB1.id);
    await w.pool.query('update users set deleted_at = now() where id = $1', [deletedB1.id]);
    targets = [
      { actor: 'district', id: a2.id },
      { actor: 'district', id: b1.id },
      { actor: 'district', id: deletedB1.id },
      { actor: 'school', id: a1b.id }, // same district, another school
      { actor: 'school', id: a2.id },
      { actor: 'teacher', id: a1b.id },
      { actor: 'domain', id: b1.id },
      { actor: 'domain', id: deletedB1.id },
      { actor: 'domain', id: w.users.super.id }, // above the caller: not in its slice at all
      { actor: 'district', id: w.users.domain.id },
      { actor: 'district', id: w.users.student.id }, // students are not staff users
    ];
  });

  it('search never lists them, whatever the filters', async () => {
    for (const { actor, id } of targets) {
      for (const body of [
        { per_page: 300 },
        { per_page: 300, include_deleted: true },
        { account_id: w.accB1.id },
        { organization_id: w.orgA1b.id },
      ]) {
        const res = await call(t.app, 'POST', '/dashboard/users/search', { token: w.tokens[actor], body });
        expect(res.statusCode).toBe(200);
        expect((res.json().data as { id: number }[]).map((u) => u.id)).not.toContain(id);
      }
    }
  });

  it('get, update, password, role, restore and delete are 404 and change nothing', async () => {
    const snapshot = async () => ({
      users: (await w.pool.query('select * from users order by id')).rows as unknown[],
      memberships: (await w.pool.query('select * from user_organizations order by user_id, organization_id'))
        .rows as unknown[],
      liveSessions: await countOf(w, 'sessions', 'revoked_at is null'),
      audit: await countOf(w, 'audit_log'),
    });
    const before = await snapshot();
    for (const { actor, id } of targets) {
      const token = w.tokens[actor];
      const statuses = [
        (await call(t.app, 'GET', `/dashboard/users/${id}`, { token })).statusCode,
        (await call(t.app, 'PUT', `/dashboard/users/${id}`, { token, body: { first_name: 'X', disabled: true } }))
          .statusCode,
        (
          await call(t.app, 'PATCH', `/dashboard/users/${id}/password`, {
            token,
            body: { password: 'Hijack#123', password_confirmation: 'Hijack#123' },
          })
        ).statusCode,
        (await call(t.app, 'PATCH', `/dashboard/users/${id}/role`, { token, body: { role: 'teacher' } })).statusCode,
        (await call(t.app, 'PATCH', `/dashboard/users/${id}/restore`, { token })).statusCode,
        (await call(t.app, 'DELETE', `/dashboard/users/${id}`, { token })).statusCode,
      ];
      expect({ actor, id, statuses }).toEqual({ actor, id, statuses: [404, 404, 404, 404, 404, 404] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creating into another account or school is refused and writes nothing', async () => {
    const usersBefore = await countOf(w, 'users');
    const auditBefore = await countOf(w, 'audit_log');
    const attempts: [Actor, object, number][] = [
      ['district', { account_id: w.accA2.id }, 404],
      ['district', { account_id: w.accB1.id }, 404],
      ['district', { organization_ids: [w.orgA2.id] }, 422],
      ['district', { organization_ids: [w.orgB1.id] }, 422],
      ['school', { organization_ids: [w.orgA1b.id] }, 422],
      ['school', { account_id: w.accA2.id, organization_ids: [w.orgA2.id] }, 404],
      ['domain', { account_id: w.accB1.id, organization_ids: [w.orgB1.id] }, 404],
      ['domain', { account_id: w.accA1.id, organization_ids: [w.orgB1.id] }, 422],
    ];
    for (const [actor, extra, status] of attempts) {
      const res = await call(t.app, 'POST', '/dashboard/users', {
        token: w.tokens[actor],
        body: newUser('teacher', extra)(actor),
      });
      expect({ actor, extra, status: res.statusCode }).toEqual({ actor, extra, status });
      if (status === 422)
        expect(res.json().errors).toEqual({ organization_ids: ['Please enter a valid organizations'] });
    }
    expect(await countOf(w, 'users')).toBe(usersBefore);
    expect(await countOf(w, 'audit_log')).toBe(auditBefore);
  });

  it('nobody grants a custom role with permissions above their own, or one from another tenant', async () => {
    const usersBefore = await countOf(w, 'users');
    const domainPower = await createCustomRole(w.db, { permissions: ['domain-management'], domainId: w.domA.id });
    const otherDomainRole = await createCustomRole(w.db, { permissions: ['account-view'], domainId: w.domB.id });
    const above = await call(t.app, 'POST', '/dashboard/users', {
      token: w.tokens.domain,
      body: newUser('custom', { role_id: domainPower.id })('domain'),
    });
    expect(above.statusCode).toBe(403);
    const foreign = await call(t.app, 'POST', '/dashboard/users', {
      token: w.tokens.domain,
      body: newUser('custom', { role_id: otherDomainRole.id })('domain'),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ role_id: ['Please select role'] });
    expect(await countOf(w, 'users')).toBe(usersBefore);
  });
});
