import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createUser } from '../../db/seed/factories';
import { buildWorld, PASSWORD, type World } from '../../../test/tenancy-fixtures';

// With the session cache on (as in production), a change to a signed-in user's rights applies on their next call.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp({ env: { SESSION_CACHE_SECONDS: '60' } });
  w = await buildWorld(t);
});
afterAll(() => t.close());

async function signIn(login: string) {
  return (await call(t.app, 'POST', '/dashboard/auth/form', { body: { login, password: PASSWORD } })).json().data
    .token as string;
}
const teacherOpts = () => ({ domainId: w.domA.id, accountId: w.accA1.id, organizationIds: [w.orgA1a.id] });

describe('cached sessions follow user changes at once', () => {
  it('disable, delete and password set end the session', async () => {
    for (const [i, change] of [
      (id: number) =>
        call(t.app, 'PUT', `/dashboard/users/${id}`, { token: w.tokens.district, body: { disabled: true } }),
      (id: number) => call(t.app, 'DELETE', `/dashboard/users/${id}`, { token: w.tokens.district }),
      (id: number) =>
        call(t.app, 'PATCH', `/dashboard/users/${id}/password`, {
          token: w.tokens.district,
          body: { password: 'New#Pass1', password_confirmation: 'New#Pass1' },
        }),
    ].entries()) {
      const u = await createUser(w.db, { role: 'teacher', ...teacherOpts(), email: `cache${i}@a.test` });
      const token = await signIn(`cache${i}@a.test`);
      expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(200);
      expect((await change(u.id)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    }
  });

  it('a role change applies on the next call', async () => {
    const u = await createUser(w.db, { role: 'school-administrator', ...teacherOpts(), email: 'demote@a.test' });
    const token = await signIn('demote@a.test');
    expect((await call(t.app, 'POST', '/dashboard/organizations/all', { token })).statusCode).toBe(200);
    const res = await call(t.app, 'PATCH', `/dashboard/users/${u.id}/role`, {
      token: w.tokens.domain,
      body: { role: 'teacher' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/dashboard/organizations/all', { token })).statusCode).toBe(403);
  });

  it("a custom role's new permissions apply to its holders on their next call", async () => {
    expect((await call(t.app, 'POST', '/dashboard/accounts/list', { token: w.tokens.custom })).statusCode).toBe(200);
    const res = await call(t.app, 'PUT', `/dashboard/roles/${w.viewRole.id}`, {
      token: w.tokens.domain,
      body: { name: 'Activity viewer', label: 'Custom', permissions: ['activity-view'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/dashboard/accounts/list', { token: w.tokens.custom })).statusCode).toBe(403);
  });

  it("a forced account delete ends its users' sessions", async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    await createUser(w.db, { role: 'administrator', domainId: w.domA.id, accountId: acc.id, email: 'gone@a.test' });
    const token = await signIn('gone@a.test');
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/dashboard/accounts/${acc.id}/delete`, {
      token: w.tokens.domain,
      body: { force: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
  });
});
