import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import {
  createAccount,
  createClass,
  createCourse,
  createGroup,
  createOrganization,
  createUser,
} from '../../db/seed/factories';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;
let emptyAccount: { id: number; name: string };

// Beyond the shared tenant tree: classes, courses, groups, teachers and students in A1, rows that must not count
// (soft-deleted ones, a deleted school's class), a demo account with a school and people, and an empty account.
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const db = w.db;
  const a1 = { domainId: w.domA.id, accountId: w.accA1.id };
  const s1 = await createUser(db, { role: 'student', ...a1, organizationIds: [w.orgA1a.id] });
  const s2 = await createUser(db, { role: 'student', ...a1, organizationIds: [w.orgA1b.id] });
  await createUser(db, { role: 'teacher', ...a1, organizationIds: [w.orgA1b.id] });
  const gone = await createUser(db, { role: 'student', ...a1 });
  await w.pool.query('update users set deleted_at = now() where id = $1', [gone.id]);
  await createClass(db, { accountId: w.accA1.id, organizationId: w.orgA1a.id, studentIds: [s1.id] });
  await createClass(db, { accountId: w.accA1.id, organizationId: w.orgA1b.id, studentIds: [s2.id] });
  const deletedClass = await createClass(db, { accountId: w.accA1.id, organizationId: w.orgA1b.id });
  await w.pool.query('update classes set deleted_at = now() where id = $1', [deletedClass.id]);
  const closed = await createOrganization(db, { accountId: w.accA1.id, name: 'Closed school' });
  await createClass(db, { accountId: w.accA1.id, organizationId: closed.id });
  await w.pool.query('update organizations set deleted_at = now() where id = $1', [closed.id]);
  await createCourse(db, { accountId: w.accA1.id, organizationId: w.orgA1a.id });
  await createCourse(db, { accountId: w.accA1.id });
  await createGroup(db, { accountId: w.accA1.id, organizationId: w.orgA1a.id });
  // another district's rows never count for A1
  await createClass(db, { accountId: w.accB1.id, organizationId: w.orgB1.id });
  await createUser(db, { role: 'student', domainId: w.domB.id, accountId: w.accB1.id });

  const demo = await createAccount(db, { domainId: w.domA.id, name: 'Demo District', isDemo: true });
  const demoSchool = await createOrganization(db, { accountId: demo.id });
  const inDemo = { domainId: w.domA.id, accountId: demo.id, organizationIds: [demoSchool.id] };
  await createUser(db, { role: 'teacher', ...inDemo });
  await createUser(db, { role: 'student', ...inDemo });
  await createUser(db, { role: 'student', ...inDemo });
  emptyAccount = await createAccount(db, { domainId: w.domA.id, name: 'Empty District' });
});
afterAll(() => t.close());

const accountSummary = (token: string, accountId: number) =>
  call(t.app, 'POST', '/dashboard/summaries/account', { token, body: { account_id: accountId } });

describe('POST /dashboard/summaries/account', () => {
  it("gives the district admin their account's live rows, counted", async () => {
    const res = await accountSummary(w.tokens.district, w.accA1.id);
    expect(res.statusCode).toBe(200);
    const a = `account_id = ${w.accA1.id}`;
    const liveOrg = `organization_id in (select id from organizations where ${a} and deleted_at is null)`;
    const expected = {
      schools: await countOf(w, 'organizations', `${a} and deleted_at is null`),
      classes: await countOf(w, 'classes', `${a} and deleted_at is null and ${liveOrg}`),
      courses: await countOf(w, 'courses', `${a} and deleted_at is null`),
      students: await countOf(w, 'users', `${a} and deleted_at is null and role = 'student'`),
    };
    // the fixture's figures, so the counting above is itself checked: 2 live schools, 3 live classes of live schools
    expect(expected).toEqual({ schools: 2, classes: 2, courses: 2, students: 3 });
    const data = res.json().data;
    expect(data).toEqual({
      account: { id: w.accA1.id, name: 'Alpha District', type: 2, district_id: 'A1-ID', is_demo: false },
      licenses: null,
      stats: {
        teachers: await countOf(w, 'users', `${a} and deleted_at is null and role = 'teacher'`),
        administrators: await countOf(
          w,
          'users',
          `${a} and deleted_at is null and role in ('administrator', 'school-administrator')`,
        ),
        groups: await countOf(w, 'groups', `${a} and deleted_at is null`),
        assignments: await countOf(w, 'assignments', `${a} and deleted_at is null`),
      },
      setup: { import_processed: false, import_staged: false, license_assigned: null, license_created: null },
      totals: { ...expected, rostering: 0 },
    });
    expect(data.stats).toEqual({ teachers: 2, administrators: 2, groups: 1, assignments: 0 });
  });

  it('counts a new school, class and student as soon as they exist', async () => {
    const before = (await accountSummary(w.tokens.district, w.accA2.id)).statusCode;
    expect(before).toBe(404);
    const first = (await accountSummary(w.tokens.domain, w.accA2.id)).json().data.totals;
    const school = await createOrganization(w.db, { accountId: w.accA2.id });
    await createClass(w.db, { accountId: w.accA2.id, organizationId: school.id });
    await createUser(w.db, { role: 'student', domainId: w.domA.id, accountId: w.accA2.id });
    const after = (await accountSummary(w.tokens.domain, w.accA2.id)).json().data.totals;
    expect(after).toEqual({
      ...first,
      schools: first.schools + 1,
      classes: first.classes + 1,
      students: first.students + 1,
    });
  });

  it('refuses the wrong roles and hides other districts', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/summaries/account', { account_id: w.accA1.id })).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 200,
      student: 401,
    });
    // another district of the same domain, and one of another domain
    expect(await statusesByActor(t, w, 'POST', '/dashboard/summaries/account', { account_id: w.accB1.id })).toEqual({
      super: 200,
      domain: 404,
      district: 404,
      school: 403,
      teacher: 403,
      custom: 404,
      student: 401,
    });
    expect((await accountSummary(w.tokens.district, emptyAccount.id)).statusCode).toBe(404);
    expect((await accountSummary(w.tokens.district, 999_999)).statusCode).toBe(404);
  });

  it('answers a missing or bad account_id with 422', async () => {
    for (const body of [{}, { account_id: 'x' }, { account_id: 0 }, { account_id: 1.5 }]) {
      const res = await call(t.app, 'POST', '/dashboard/summaries/account', { token: w.tokens.district, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual({ account_id: ['Please enter a valid account'] });
    }
  });
});

describe('POST /dashboard/summaries/staff', () => {
  const staff = (token: string) => call(t.app, 'POST', '/dashboard/summaries/staff', { token, body: {} });

  async function expectedFor(accountsWhere: string) {
    const acc = `select id from accounts where deleted_at is null and ${accountsWhere}`;
    const demoAcc = `${acc} and is_demo`;
    const people = (role: string, accounts: string) =>
      countOf(w, 'users', `deleted_at is null and role = '${role}' and account_id in (${accounts})`);
    return {
      accounts: {
        total: await countOf(w, 'accounts', `deleted_at is null and ${accountsWhere}`),
        demo: await countOf(w, 'accounts', `deleted_at is null and is_demo and ${accountsWhere}`),
      },
      organizations: {
        total: await countOf(w, 'organizations', `deleted_at is null and account_id in (${acc})`),
        demo: await countOf(w, 'organizations', `deleted_at is null and account_id in (${demoAcc})`),
      },
      teachers: { total: await people('teacher', acc), demo: await people('teacher', demoAcc) },
      students: { total: await people('student', acc), demo: await people('student', demoAcc) },
    };
  }

  it('gives the super admin every live account, school, teacher and student, with the demo ones', async () => {
    const res = await staff(w.tokens.super);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.totals).toEqual(await expectedFor('true'));
    expect(data.totals.accounts.demo).toBe(1);
    expect(data.totals.students.demo).toBe(2);
    expect(data.totals.teachers.demo).toBe(1);
    expect(data.empty_accounts).toEqual({ total: 1, accounts: [{ id: emptyAccount.id, name: 'Empty District' }] });
    expect(data.licenses).toEqual({ expired: null, expire_soon: null });
  });

  it("limits a domain admin's figures to their domain", async () => {
    const res = await staff(w.tokens.domain);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.totals).toEqual(await expectedFor(`domain_id = ${w.domA.id}`));
    const all = (await staff(w.tokens.super)).json().data.totals;
    expect(data.totals.accounts.total).toBe(all.accounts.total - 1);
    expect(data.empty_accounts.total).toBe(1);
  });

  it('refuses everyone below the provider staff', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/summaries/staff', {})).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});
