import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createUser } from '../../db/seed/factories';
import { buildWorld, countOf, PASSWORD, type World } from '../../../test/tenancy-fixtures';

// Issue 15, staff and users: the provider's staff list (no_account), POST organizations of a user, and restore
// bringing back a disabled user as well as a deleted one.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (actor: keyof World['tokens'], method: Method, url: string, body?: unknown) =>
  call(t.app, method, url, { token: w.tokens[actor], body });
const signIn = (login: string) => call(t.app, 'POST', '/dashboard/auth/form', { body: { login, password: PASSWORD } });
const orgsOf = async (userId: number) =>
  (
    await w.pool.query<{ id: number }>(
      'select organization_id as id from user_organizations where user_id = $1 order by 1',
      [userId],
    )
  ).rows.map((r) => r.id);

describe('POST /dashboard/users/search with no_account (the /staff list)', () => {
  it('lists the users placed in no account to provider staff, and a domain admin only their domain', async () => {
    const superList = await as('super', 'POST', '/dashboard/users/search', { no_account: true, per_page: 100 });
    expect(superList.statusCode).toBe(200);
    const emails = superList.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['super@a.test', 'domain@a.test']));
    expect(emails).not.toContain('district@a.test');
    expect(superList.json().data.every((u: { account_id: number | null }) => u.account_id === null)).toBe(true);
    const domainList = await as('domain', 'POST', '/dashboard/users/search', { no_account: true, per_page: 100 });
    expect(domainList.json().data.map((u: { email: string }) => u.email)).toEqual(['domain@a.test']);
    const searched = await as('super', 'POST', '/dashboard/users/search', { no_account: true, search: 'domain@' });
    expect(searched.json().meta.total).toBe(1);
  });

  it('refuses district, school, teacher and custom callers', async () => {
    for (const actor of ['district', 'school', 'teacher', 'custom'] as const) {
      const res = await as(actor, 'POST', '/dashboard/users/search', { no_account: true });
      expect(res.statusCode, actor).toBe(403);
    }
  });
});

describe('POST /dashboard/users/:id/organizations', () => {
  it("sets a user's schools in their account, with an audit entry", async () => {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id],
      email: 'orgs1@a.test',
    });
    const res = await as('district', 'POST', `/dashboard/users/${u.id}/organizations`, {
      organization_ids: [w.orgA1b.id, w.orgA1a.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: u.id, organization_ids: [w.orgA1a.id, w.orgA1b.id] });
    expect(await orgsOf(u.id)).toEqual([w.orgA1a.id, w.orgA1b.id]);
    expect(await countOf(w, 'audit_log', `action = 'user.organizations-set' and subject_user_id = ${u.id}`)).toBe(1);
  });

  it('bad input is a 422 with nothing written: another account’s school, an unknown id, no list', async () => {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id],
      email: 'orgs2@a.test',
    });
    for (const body of [
      { organization_ids: [w.orgA2.id] },
      { organization_ids: [999999] },
      {},
      { organization_ids: ['x'] },
    ]) {
      const res = await as('district', 'POST', `/dashboard/users/${u.id}/organizations`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await orgsOf(u.id)).toEqual([w.orgA1a.id]);
  });

  it('refuses the wrong role (403) and another district (404), writing nothing', async () => {
    const mine = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id],
      email: 'orgs3@a.test',
    });
    const other = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA2.id,
      organizationIds: [w.orgA2.id],
      email: 'orgs4@a.test',
    });
    const body = { organization_ids: [w.orgA1b.id] };
    expect((await as('teacher', 'POST', `/dashboard/users/${mine.id}/organizations`, body)).statusCode).toBe(403);
    expect((await as('custom', 'POST', `/dashboard/users/${mine.id}/organizations`, body)).statusCode).toBe(403);
    expect((await as('student', 'POST', `/dashboard/users/${mine.id}/organizations`, body)).statusCode).toBe(401);
    // the district admin of A1 cannot reach a teacher of A2, even naming A2's school
    const cross = await as('district', 'POST', `/dashboard/users/${other.id}/organizations`, {
      organization_ids: [w.orgA2.id],
    });
    expect(cross.statusCode).toBe(404);
    // a district admin cannot change a domain admin
    const up = await as('district', 'POST', `/dashboard/users/${w.users.domain.id}/organizations`, {
      organization_ids: [],
    });
    expect(up.statusCode).toBe(404);
    expect(await orgsOf(mine.id)).toEqual([w.orgA1a.id]);
    expect(await orgsOf(other.id)).toEqual([w.orgA2.id]);
  });
});

describe('PATCH /dashboard/users/:id/restore of a disabled user', () => {
  it('a disabled user cannot sign in until restored', async () => {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id],
      email: 'restore@a.test',
    });
    expect((await as('district', 'PUT', `/dashboard/users/${u.id}`, { disabled: true })).statusCode).toBe(200);
    const refused = await signIn('restore@a.test');
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Your account is disabled');
    // another district's admin and a teacher cannot restore them
    expect((await as('teacher', 'PATCH', `/dashboard/users/${u.id}/restore`)).statusCode).toBe(403);
    expect(await countOf(w, 'users', `id = ${u.id} and disabled`)).toBe(1);
    const restored = await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ disabled: false, deleted: false });
    expect((await signIn('restore@a.test')).statusCode).toBe(200);
    expect((await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`)).statusCode).toBe(409);
  });

  it('another district cannot restore a user', async () => {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA2.id,
      organizationIds: [w.orgA2.id],
      email: 'restore2@a.test',
    });
    await w.pool.query('update users set disabled = true where id = $1', [u.id]);
    expect((await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`)).statusCode).toBe(404);
    expect(await countOf(w, 'users', `id = ${u.id} and disabled`)).toBe(1);
  });
});
