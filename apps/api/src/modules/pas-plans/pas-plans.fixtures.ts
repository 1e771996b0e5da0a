import { calendarDateIn } from '@aula/domain/calendar-dates';
import { createProduct } from '../../db/seed/catalogue-factories';
import { createAcademicSession, createClass, createCustomRole, createUser } from '../../db/seed/factories';
import { createActivityWithScreens, publishDraft } from '../../db/seed/screen-factories';
import { buildWorld, PASSWORD } from '../../../test/tenancy-fixtures';
import { call, type TestApp } from '../../../test/test-app';

// The PAS plan tests' world: the tenancy world (test/tenancy-fixtures.ts) plus, in account A1, an academic session,
// a product with published activities, two classes taught by the A1 teacher (with students) and one class of
// another teacher; in account A2 a session, a class and two callers of that other tenant.

async function signIn(t: TestApp, email: string) {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

export async function buildPasWorld(t: TestApp) {
  const w = await buildWorld(t);
  const db = w.db;
  const inA1 = { domainId: w.domA.id, accountId: w.accA1.id };
  const sessionA1 = await createAcademicSession(db, {
    accountId: w.accA1.id,
    startDate: '2025-08-01',
    endDate: '2027-05-31',
  });
  const sessionA2 = await createAcademicSession(db, { accountId: w.accA2.id });
  const product = await createProduct(db, { domainId: w.domA.id, name: 'Science' });
  const activities = [];
  for (let i = 1; i <= 6; i++) {
    const { activity } = await createActivityWithScreens(db, {
      domainId: w.domA.id,
      title: `Activity ${i}`,
      screens: 1,
    });
    await publishDraft(db, activity.id);
    activities.push(activity);
  }
  const draftActivity = (await createActivityWithScreens(db, { domainId: w.domA.id, title: 'Draft', screens: 1 }))
    .activity;
  const otherDomainActivity = (await createActivityWithScreens(db, { domainId: w.domB.id, title: 'B', screens: 1 }))
    .activity;
  await publishDraft(db, otherDomainActivity.id);
  const students = [];
  for (let i = 1; i <= 3; i++)
    students.push(
      await createUser(db, { role: 'student', ...inA1, email: `s${i}@a.test`, organizationIds: [w.orgA1a.id] }),
    );
  const otherTeacherA1 = await createUser(db, {
    role: 'teacher',
    ...inA1,
    email: 'teacher2@a.test',
    organizationIds: [w.orgA1a.id],
  });
  const class1 = await createClass(db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Grade 7 Science',
    periods: '2',
    teacherIds: [w.users.teacher.id],
    studentIds: students.map((s) => s.id),
  });
  const class2 = await createClass(db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Grade 8 Science',
    teacherIds: [w.users.teacher.id],
    studentIds: [students[0]!.id],
  });
  const classOfOther = await createClass(db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Not mine',
    teacherIds: [otherTeacherA1.id],
  });
  const classA2 = await createClass(db, { accountId: w.accA2.id, organizationId: w.orgA2.id, title: 'A2 class' });
  const pasViewer = await createCustomRole(db, {
    name: 'PAS viewer',
    permissions: ['pas-view'],
    accountId: w.accA1.id,
    domainId: w.domA.id,
  });
  await createUser(db, { role: 'custom', roleId: pasViewer.id, ...inA1, email: 'pasview@a.test' });
  await createUser(db, {
    role: 'administrator',
    domainId: w.domA.id,
    accountId: w.accA2.id,
    email: 'district@a2.test',
    organizationIds: [w.orgA2.id],
  });
  await createUser(db, {
    role: 'teacher',
    domainId: w.domA.id,
    accountId: w.accA2.id,
    email: 'teacher@a2.test',
    organizationIds: [w.orgA2.id],
  });
  const tokens = {
    ...w.tokens,
    pasViewer: await signIn(t, 'pasview@a.test'),
    otherTeacherA1: await signIn(t, 'teacher2@a.test'),
    districtA2: await signIn(t, 'district@a2.test'),
    teacherA2: await signIn(t, 'teacher@a2.test'),
  };
  return {
    ...w,
    tokens,
    sessionA1,
    sessionA2,
    product,
    activities,
    draftActivity,
    otherDomainActivity,
    students,
    class1,
    class2,
    classOfOther,
    classA2,
  };
}

export type PasWorld = Awaited<ReturnType<typeof buildPasWorld>>;

export const today = (zone = 'UTC') => calendarDateIn(new Date(), zone);

/** A complete plan body: weekly on Mondays from 2026-01-05, three dated assignments of the first three activities. */
export function planBody(w: PasWorld, over: Record<string, unknown> = {}) {
  const a = w.activities;
  return {
    name: 'Grade 7 weekly',
    product_id: w.product.id,
    academic_session_id: w.sessionA1.id,
    plan_type: 0,
    activities_per_assignment: 1,
    cron_day: 1,
    start_date: '2026-01-05',
    end_date: '2026-05-25',
    assign_time: '00:00',
    time_zone: 'UTC',
    assignments: [
      { date: '2026-01-05', activities: [{ id: a[0]!.id }] },
      { date: '2026-01-12', activities: [{ id: a[1]!.id, is_locked: true }] },
      { date: '2026-01-19', activities: [{ id: a[2]!.id }] },
    ],
    ...over,
  };
}

export async function createPlan(t: TestApp, token: string, body: object) {
  const res = await call(t.app, 'POST', '/dashboard/pas', { token, body });
  if (res.statusCode !== 200) throw new Error(`create plan failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: number; assignments: { id: number; date: string | null }[] } }>().data;
}
