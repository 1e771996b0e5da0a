import type { DbOrTx } from '../src/db/client';
import { createActivity } from '../src/db/seed/catalogue-factories';
import { createClass, createUser } from '../src/db/seed/factories';
import { publishDraft } from '../src/db/seed/screen-factories';
import { call, type TestApp } from './test-app';
import { PASSWORD, type World } from './tenancy-fixtures';

// Classes, groups, students and activities around tenancy-fixtures' world, for the assignments tests:
//   A1a: class cA (teacher; students student, s2), group gA (teacher; s2), group gEmpty (teacher; nobody)
//   A1b: class cA1b (teacher2; s3)
//   A2:  class cA2 (sA2)        B1: class cB (sB), group gB (sB)
// Activities of domain A: p1..p5 published, a draft, an archived one, A2's own published one; domain B: pB.

/** A published activity (version 1 published, as the builder's publish does). */
export async function publishedActivity(
  db: DbOrTx,
  v: { domainId: number; accountId?: number | null; title: string; archived?: boolean },
) {
  const a = await createActivity(db, {
    domainId: v.domainId,
    accountId: v.accountId ?? null,
    title: v.title,
    archived: v.archived ?? false,
  });
  const version = await publishDraft(db, a.id);
  return { ...a, publishedVersionId: version.id };
}

/** A group of students and teachers (the groups module's own factory is another issue's). */
export async function insertGroup(
  pool: World['pool'],
  v: {
    accountId: number;
    organizationId: number | null;
    name: string;
    studentIds?: number[];
    teacherIds?: number[];
    classIds?: number[];
  },
) {
  const res = await pool.query<{ id: number }>(
    'insert into groups (account_id, organization_id, name) values ($1, $2, $3) returning id',
    [v.accountId, v.organizationId, v.name],
  );
  const id = res.rows[0]!.id;
  const member = 'insert into group_users (group_id, user_id, user_type) values ($1, $2, $3)';
  for (const s of v.studentIds ?? []) await pool.query(member, [id, s, 'student']);
  for (const t of v.teacherIds ?? []) await pool.query(member, [id, t, 'teacher']);
  for (const c of v.classIds ?? [])
    await pool.query('insert into group_classes (group_id, class_id) values ($1, $2)', [id, c]);
  return { id, name: v.name };
}

export async function buildAssignmentWorld(t: TestApp, w: World) {
  const db = w.db;
  const a1 = { domainId: w.domA.id, accountId: w.accA1.id };
  const teacher2 = await createUser(db, {
    role: 'teacher',
    ...a1,
    email: 'teacher2@a.test',
    organizationIds: [w.orgA1b.id],
  });
  const student = w.users.student;
  const s2 = await createUser(db, {
    role: 'student',
    ...a1,
    email: null,
    username: 's2',
    firstName: 'Sam',
    lastName: 'Second',
    organizationIds: [w.orgA1a.id],
  });
  const s3 = await createUser(db, {
    role: 'student',
    ...a1,
    email: null,
    username: 's3',
    firstName: 'Tia',
    lastName: 'Third',
    organizationIds: [w.orgA1b.id],
  });
  const sA2 = await createUser(db, {
    role: 'student',
    domainId: w.domA.id,
    accountId: w.accA2.id,
    email: null,
    username: 'sa2',
    organizationIds: [w.orgA2.id],
  });
  const sB = await createUser(db, {
    role: 'student',
    domainId: w.domB.id,
    accountId: w.accB1.id,
    email: null,
    username: 'sb',
    password: PASSWORD,
    organizationIds: [w.orgB1.id],
  });
  const cA = await createClass(db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Biology',
    periods: '3',
    teacherIds: [w.users.teacher.id],
    studentIds: [student.id, s2.id],
  });
  const cA1b = await createClass(db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1b.id,
    title: 'Chemistry',
    teacherIds: [teacher2.id],
    studentIds: [s3.id],
  });
  const cA2 = await createClass(db, {
    accountId: w.accA2.id,
    organizationId: w.orgA2.id,
    title: 'Alpine Physics',
    studentIds: [sA2.id],
  });
  const cB = await createClass(db, {
    accountId: w.accB1.id,
    organizationId: w.orgB1.id,
    title: 'Beta Biology',
    studentIds: [sB.id],
  });
  const gA = await insertGroup(w.pool, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    name: 'Lab stars',
    studentIds: [s2.id],
    teacherIds: [w.users.teacher.id],
    classIds: [cA.id],
  });
  const gEmpty = await insertGroup(w.pool, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    name: 'Nobody yet',
    teacherIds: [w.users.teacher.id],
  });
  const gB = await insertGroup(w.pool, {
    accountId: w.accB1.id,
    organizationId: w.orgB1.id,
    name: 'Beta group',
    studentIds: [sB.id],
  });
  const d = w.domA.id;
  const [p1, p2, p3, p4, p5] = [
    await publishedActivity(db, { domainId: d, title: 'Atoms' }),
    await publishedActivity(db, { domainId: d, title: 'Energy' }),
    await publishedActivity(db, { domainId: d, title: 'Rocks' }),
    await publishedActivity(db, { domainId: d, title: 'Waves' }),
    await publishedActivity(db, { domainId: d, title: 'Cells' }),
  ];
  const draft = await createActivity(db, { domainId: d, title: 'Draft unit' });
  const archived = await publishedActivity(db, { domainId: d, title: 'Retired unit', archived: true });
  const ownA2 = await publishedActivity(db, { domainId: d, accountId: w.accA2.id, title: 'Alpine own' });
  const pB = await publishedActivity(db, { domainId: w.domB.id, title: 'Beta unit' });
  const studentToken = async (login: string) => {
    const res = await call(t.app, 'POST', '/student/auth/form', { body: { login, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`student sign-in failed: ${res.body}`);
    return res.json<{ data: { token: string } }>().data.token;
  };
  const teacher2Token = await (async () => {
    const res = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'teacher2@a.test', password: PASSWORD },
    });
    return res.json<{ data: { token: string } }>().data.token;
  })();
  return {
    teacher2,
    teacher2Token,
    student,
    s2,
    s3,
    sA2,
    sB,
    cA,
    cA1b,
    cA2,
    cB,
    gA,
    gEmpty,
    gB,
    p1,
    p2,
    p3,
    p4,
    p5,
    draft,
    archived,
    ownA2,
    pB,
    studentToken,
  };
}

export type AssignmentWorld = Awaited<ReturnType<typeof buildAssignmentWorld>>;

const DAY = 86_400_000;
/** An ISO instant `days` from now. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
