import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createCustomRole, createUser } from '../../db/seed/factories';
import { buildWorld, countOf, PASSWORD, type World } from '../../../test/tenancy-fixtures';

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
const signIn = async (login: string, password = PASSWORD) =>
  (await call(t.app, 'POST', '/dashboard/auth/form', { body: { login, password } })).json().data?.token as
    string | undefined;
const teacherInA1a = (extra: object = {}) =>
  createUser(w.db, {
    role: 'teacher',
    domainId: w.domA.id,
    accountId: w.accA1.id,
    organizationIds: [w.orgA1a.id],
    ...extra,
  });

describe('POST /dashboard/users validation', () => {
  it('gives the spec messages for missing fields', async () => {
    const res = await as('district', 'POST', '/dashboard/users', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      role: ['Please select role'],
      first_name: ['Please enter first name'],
      last_name: ['Please enter last name'],
      email: ['Please enter email address'],
      password: ['Please enter password'],
      password_confirmation: ['Please repeat password confirmation'],
    });
  });

  it('checks the email, the password rules and that both passwords match', async () => {
    const base = { role: 'teacher', first_name: 'A', last_name: 'B', organization_ids: [w.orgA1a.id] };
    const badEmail = await as('district', 'POST', '/dashboard/users', {
      ...base,
      email: 'not-an-email',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(badEmail.json().errors).toEqual({ email: ['Invalid email address'] });
    const short = await as('district', 'POST', '/dashboard/users', {
      ...base,
      email: 'a@b.test',
      password: 'S#1',
      password_confirmation: 'S#1',
    });
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters long']);
    const simple = await as('district', 'POST', '/dashboard/users', {
      ...base,
      email: 'a@b.test',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    });
    expect(simple.json().errors.password).toEqual(['Password must include numbers, letters and special characters']);
    const mismatch = await as('district', 'POST', '/dashboard/users', {
      ...base,
      email: 'a@b.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#124',
    });
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The two passwords that you entered do not match!'],
    });
    const custom = await as('domain', 'POST', '/dashboard/users', {
      ...base,
      role: 'custom',
      email: 'a@b.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(custom.json().errors).toEqual({ role_id: ['Please select role'] });
    const student = await as('domain', 'POST', '/dashboard/users', {
      ...base,
      role: 'student',
      email: 'a@b.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(student.json().errors).toEqual({ role: ['Please select role'] });
  });

  it('refuses an email already used, whatever its case and tenant', async () => {
    const before = await countOf(w, 'users');
    const res = await as('district', 'POST', '/dashboard/users', {
      role: 'teacher',
      first_name: 'A',
      last_name: 'B',
      email: 'DOMAIN@a.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This email address is already used by another user.'] });
    expect(await countOf(w, 'users')).toBe(before);
  });

  it('a super admin must say which account an account-level user goes to', async () => {
    const res = await as('super', 'POST', '/dashboard/users', {
      role: 'teacher',
      first_name: 'A',
      last_name: 'B',
      email: 'where@a.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(res.json().errors).toEqual({ account_id: ['Please select account'] });
  });
});

describe('create, read and search', () => {
  it("creates a teacher in the caller's account who can sign in, with an audit entry, and never returns the hash", async () => {
    const res = await as('district', 'POST', '/dashboard/users', {
      role: 'teacher',
      first_name: 'Nia',
      last_name: 'Newton',
      email: 'nia@a.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
      organization_ids: [w.orgA1b.id, w.orgA1a.id],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      role: 'teacher',
      role_id: null,
      account_id: w.accA1.id,
      domain_id: w.domA.id,
      first_name: 'Nia',
      last_name: 'Newton',
      email: 'nia@a.test',
      organization_ids: [w.orgA1a.id, w.orgA1b.id].sort((a, b) => a - b),
      disabled: false,
      deleted: false,
    });
    expect(JSON.stringify(data)).not.toMatch(/password|hash/);
    expect(await signIn('nia@a.test', 'Secret#123')).toBeTruthy();
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'user.created' and subject_user_id = ${data.id} and actor_user_id = ${w.users.district.id}`,
      ),
    ).toBe(1);
    const got = await as('school', 'GET', `/dashboard/users/${data.id}`);
    expect(got.json().data.email).toBe('nia@a.test');
  });

  it('a school admin must put the new teacher in one of their schools', async () => {
    const res = await as('school', 'POST', '/dashboard/users', {
      role: 'teacher',
      first_name: 'A',
      last_name: 'B',
      email: 'noschool@a.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ organization_ids: ['Please select organizations'] });
  });

  it('creates a custom-role user with a role the caller may give', async () => {
    const role = await createCustomRole(w.db, { permissions: ['account-view', 'activity-view'], domainId: w.domA.id });
    const res = await as('domain', 'POST', '/dashboard/users', {
      role: 'custom',
      role_id: role.id,
      account_id: w.accA2.id,
      first_name: 'C',
      last_name: 'Role',
      email: 'custom2@a.test',
      password: 'Secret#123',
      password_confirmation: 'Secret#123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'custom', role_id: role.id, account_id: w.accA2.id });
  });

  it('searches by text, role, account, school and deleted state, with pages', async () => {
    const gone = await teacherInA1a({ firstName: 'Zed', lastName: 'Zebra' });
    await w.pool.query('update users set deleted_at = now() where id = $1', [gone.id]);
    const text = await as('district', 'POST', '/dashboard/users/search', { search: 'zebra' });
    expect(text.json().data).toEqual([]);
    const withDeleted = await as('district', 'POST', '/dashboard/users/search', {
      search: 'zed zeb',
      include_deleted: true,
    });
    expect(withDeleted.json().data.map((u: { id: number; deleted: boolean }) => [u.id, u.deleted])).toEqual([
      [gone.id, true],
    ]);
    const schoolB = await as('district', 'POST', '/dashboard/users/search', {
      organization_id: w.orgA1b.id,
      role: 'administrator',
    });
    expect(schoolB.json().data.map((u: { id: number }) => u.id)).toEqual([w.users.district.id]);
    const paged = await as('super', 'POST', '/dashboard/users/search', {
      account_id: w.accA1.id,
      per_page: 2,
      page: 1,
    });
    expect(paged.json().data).toHaveLength(2);
    expect(paged.json().meta.total).toBeGreaterThan(2);
    // students are not staff users
    const students = await as('super', 'POST', '/dashboard/users/search', { role: 'student' });
    expect(students.json().data).toEqual([]);
  });

  it('a teacher sees only teachers of their own schools', async () => {
    const res = await as('teacher', 'POST', '/dashboard/users/search', { per_page: 300 });
    const rows = res.json().data as { role: string; organization_ids: number[] }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u) => u.role === 'teacher' && u.organization_ids.includes(w.orgA1a.id))).toBe(true);
    const admins = await as('teacher', 'POST', '/dashboard/users/search', { role: 'administrator' });
    expect(admins.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await as('teacher', 'GET', `/dashboard/users/${w.users.school.id}`)).statusCode).toBe(403);
  });

  it('answers 404 for unknown ids', async () => {
    expect((await as('super', 'GET', '/dashboard/users/987654321')).statusCode).toBe(404);
    expect((await as('super', 'PUT', '/dashboard/users/987654321', { first_name: 'X' })).statusCode).toBe(404);
    expect((await as('super', 'DELETE', '/dashboard/users/987654321')).statusCode).toBe(404);
  });
});

describe('changes', () => {
  it('updates names, email and schools; a taken email is refused', async () => {
    const u = await teacherInA1a();
    const res = await as('district', 'PUT', `/dashboard/users/${u.id}`, {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@a.test',
      organization_ids: [w.orgA1b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@a.test',
      organization_ids: [w.orgA1b.id],
    });
    const taken = await as('district', 'PUT', `/dashboard/users/${u.id}`, { email: 'School@a.test' });
    expect(taken.json().errors).toEqual({ email: ['This email address is already used by another user.'] });
    const empty = await as('district', 'PUT', `/dashboard/users/${u.id}`, { first_name: '' });
    expect(empty.json().errors).toEqual({ first_name: ['Please enter first name'] });
  });

  it("a school admin changing schools keeps the user's memberships in schools they cannot see", async () => {
    const u = await createUser(w.db, {
      role: 'teacher',
      domainId: w.domA.id,
      accountId: w.accA1.id,
      organizationIds: [w.orgA1a.id, w.orgA1b.id],
    });
    const res = await as('school', 'PUT', `/dashboard/users/${u.id}`, { organization_ids: [w.orgA1a.id] });
    expect(res.json().data.organization_ids).toEqual([w.orgA1a.id, w.orgA1b.id].sort((a, b) => a - b));
    const none = await as('school', 'PUT', `/dashboard/users/${u.id}`, { organization_ids: [] });
    expect(none.statusCode).toBe(422);
  });

  it('disabling a user ends their sessions at once', async () => {
    await teacherInA1a({ email: 'dis@a.test' });
    const token = await signIn('dis@a.test');
    const id = (await as('district', 'POST', '/dashboard/users/search', { search: 'dis@a.test' })).json().data[0]
      .id as number;
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(200);
    const res = await as('district', 'PUT', `/dashboard/users/${id}`, { disabled: true });
    expect(res.json().data.disabled).toBe(true);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    expect(t.events.published).toContainEqual(
      expect.objectContaining({ channel: `private-user.${id}`, event: 'session.revoked' }),
    );
  });

  it('an admin sets a password: the old one stops working and sessions end', async () => {
    const u = await teacherInA1a({ email: 'pw@a.test' });
    const token = await signIn('pw@a.test');
    const bad = await as('school', 'PATCH', `/dashboard/users/${u.id}/password`, {
      password: 'New#Pass1',
      password_confirmation: 'New#Pass2',
    });
    expect(bad.json().errors).toEqual({ password_confirmation: ['The two passwords that you entered do not match!'] });
    const ok = await as('school', 'PATCH', `/dashboard/users/${u.id}/password`, {
      password: 'New#Pass1',
      password_confirmation: 'New#Pass1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    expect(await signIn('pw@a.test')).toBeUndefined();
    expect(await signIn('pw@a.test', 'New#Pass1')).toBeTruthy();
    expect(await countOf(w, 'audit_log', `action = 'user.password-set' and subject_user_id = ${u.id}`)).toBe(1);
  });

  it('sets a role with organization ids; a built-in role must fit where the user is', async () => {
    const u = await teacherInA1a();
    const res = await as('domain', 'PATCH', `/dashboard/users/${u.id}/role`, {
      role: 'school-administrator',
      organization_ids: [w.orgA1b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'school-administrator', organization_ids: [w.orgA1b.id] });
    const misfit = await as('domain', 'PATCH', `/dashboard/users/${u.id}/role`, { role: 'domain-administrator' });
    expect(misfit.statusCode).toBe(422);
    expect(misfit.json().errors).toEqual({ role: ['Please select role'] });
    const role = await createCustomRole(w.db, {
      permissions: ['account-view'],
      accountId: w.accA1.id,
      domainId: w.domA.id,
    });
    const custom = await as('domain', 'PATCH', `/dashboard/users/${u.id}/role`, { role: 'custom', role_id: role.id });
    expect(custom.json().data).toMatchObject({ role: 'custom', role_id: role.id });
    // account-view is within the district admin's policy, but managing staff other than teachers needs 'user'
    // update, which the account admin bundle lacks
    expect((await as('district', 'PATCH', `/dashboard/users/${u.id}/role`, { role: 'teacher' })).statusCode).toBe(403);
  });

  it('deletes softly, ends sessions, refuses deleting yourself, restores once', async () => {
    const u = await teacherInA1a({ email: 'del@a.test' });
    const token = await signIn('del@a.test');
    expect((await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`)).statusCode).toBe(409);
    const del = await as('district', 'DELETE', `/dashboard/users/${u.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    expect(await countOf(w, 'users', `id = ${u.id} and deleted_at is not null`)).toBe(1);
    expect((await as('district', 'GET', `/dashboard/users/${u.id}`)).json().data.deleted).toBe(true);
    const restored = await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`);
    expect(restored.json().data.deleted).toBe(false);
    const again = await as('district', 'PATCH', `/dashboard/users/${u.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This user is not deleted.' });

    const self = await as('domain', 'DELETE', `/dashboard/users/${w.users.domain.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot delete your own user.' });
    expect(await countOf(w, 'users', `id = ${w.users.domain.id} and deleted_at is null`)).toBe(1);
  });
});
