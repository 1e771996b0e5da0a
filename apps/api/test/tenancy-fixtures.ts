import type { Db } from '../src/db/client';
import {
  createAccount,
  createCustomRole,
  createDomain,
  createOrganization,
  createUser,
} from '../src/db/seed/factories';
import { call, type TestApp } from './test-app';

// One tenant tree and one signed-in caller per role bundle, shared by the tenancy modules' HTTP tests.
//   domain A: account A1 (schools A1a, A1b), account A2 (school A2)
//   domain B: account B1 (school B1)
// Callers live in A1 (school admin, teacher and student in A1a), the domain admin in A, the super admin nowhere.

export const ACTORS = ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const;
export type Actor = (typeof ACTORS)[number];
export type Expect = Record<Actor, number>;

export const PASSWORD = 'Passw0rd!';

export async function buildWorld(t: TestApp) {
  const db: Db = t.db.database.db;
  const [domA, domB] = await Promise.all([
    createDomain(db, { name: 'Domain A' }),
    createDomain(db, { name: 'Domain B' }),
  ]);
  const accA1 = await createAccount(db, { domainId: domA.id, name: 'Alpha District', districtId: 'A1-ID' });
  const accA2 = await createAccount(db, { domainId: domA.id, name: 'Alpine District', districtId: 'A2-ID' });
  const accB1 = await createAccount(db, { domainId: domB.id, name: 'Beta District', districtId: 'B1-ID' });
  const orgA1a = await createOrganization(db, { accountId: accA1.id, name: 'A1 School a' });
  const orgA1b = await createOrganization(db, { accountId: accA1.id, name: 'A1 School b' });
  const orgA2 = await createOrganization(db, { accountId: accA2.id, name: 'A2 School' });
  const orgB1 = await createOrganization(db, { accountId: accB1.id, name: 'B1 School' });
  const viewRole = await createCustomRole(db, {
    name: 'Account viewer',
    permissions: ['account-view'],
    accountId: accA1.id,
    domainId: domA.id,
  });
  const inA1 = { domainId: domA.id, accountId: accA1.id };
  const users = {
    super: await createUser(db, { role: 'super-administrator', email: 'super@a.test' }),
    domain: await createUser(db, { role: 'domain-administrator', domainId: domA.id, email: 'domain@a.test' }),
    district: await createUser(db, {
      role: 'administrator',
      ...inA1,
      email: 'district@a.test',
      organizationIds: [orgA1a.id, orgA1b.id],
    }),
    school: await createUser(db, {
      role: 'school-administrator',
      ...inA1,
      email: 'school@a.test',
      organizationIds: [orgA1a.id],
    }),
    teacher: await createUser(db, { role: 'teacher', ...inA1, email: 'teacher@a.test', organizationIds: [orgA1a.id] }),
    custom: await createUser(db, { role: 'custom', roleId: viewRole.id, ...inA1, email: 'custom@a.test' }),
    student: await createUser(db, { role: 'student', ...inA1, email: 'student@a.test', organizationIds: [orgA1a.id] }),
  };
  const tokens = {} as Record<Actor, string>;
  await Promise.all(
    ACTORS.map(async (a) => {
      const path = a === 'student' ? '/student/auth/form' : '/dashboard/auth/form';
      const res = await call(t.app, 'POST', path, { body: { login: users[a].email, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${a} failed: ${res.body}`);
      tokens[a] = res.json<{ data: { token: string } }>().data.token;
    }),
  );
  return {
    db,
    pool: t.db.database.pool,
    domA,
    domB,
    accA1,
    accA2,
    accB1,
    orgA1a,
    orgA1b,
    orgA2,
    orgB1,
    viewRole,
    users,
    tokens,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Calls one route as every actor, in order, and returns the statuses by actor. */
export async function statusesByActor(
  t: TestApp,
  w: World,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string | ((a: Actor) => string),
  body?: unknown,
): Promise<Expect> {
  const out = {} as Expect;
  for (const a of ACTORS) {
    const res = await call(t.app, method, typeof url === 'function' ? url(a) : url, {
      token: w.tokens[a],
      body: typeof body === 'function' ? (body as (x: Actor) => unknown)(a) : body,
    });
    if (res.statusCode >= 500) throw new Error(`${method} ${String(url)} as ${a}: ${res.statusCode} ${res.body}`);
    out[a] = res.statusCode;
  }
  return out;
}

export async function countOf(w: World, table: string, where = 'true'): Promise<number> {
  const res = await w.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`);
  return res.rows[0]!.n;
}
