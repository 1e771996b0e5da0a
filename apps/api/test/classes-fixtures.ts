import { createClass, createUser } from '../src/db/seed/factories';
import { buildWorld } from './tenancy-fixtures';
import type { TestApp } from './test-app';

// The tenancy world (tenancy-fixtures.ts) with classes, for the classes and groups tests:
//   A1 school a: Biology - 3 (taught by the signed-in teacher; students Ava, Ben, Cara),
//                Chemistry - 1 (taught by a colleague; student Ava)
//   A1 school b: Physics (taught by the colleague; student Dan)
//   B1 school:   Beta Biology (taught by a teacher of B1; student Eve)

export async function buildClassWorld(t: TestApp) {
  const w = await buildWorld(t);
  const db = w.db;
  const inA1 = { domainId: w.domA.id, accountId: w.accA1.id };
  const inB1 = { domainId: w.domB.id, accountId: w.accB1.id };
  const student = (first: string, last: string, org: number, at = inA1) =>
    createUser(db, { role: 'student', ...at, firstName: first, lastName: last, email: null, organizationIds: [org] });
  const colleague = await createUser(db, {
    role: 'teacher',
    ...inA1,
    firstName: 'Tess',
    lastName: 'Colleague',
    organizationIds: [w.orgA1a.id, w.orgA1b.id],
  });
  const teacherB = await createUser(db, { role: 'teacher', ...inB1, organizationIds: [w.orgB1.id] });
  const ava = await student('Ava', 'Adams', w.orgA1a.id);
  const ben = await student('Ben', 'Brown', w.orgA1a.id);
  const cara = await student('Cara', 'Cole', w.orgA1a.id);
  const dan = await student('Dan', 'Dale', w.orgA1b.id);
  const eve = await student('Eve', 'Evans', w.orgB1.id, inB1);
  const biology = await createClass(db, {
    ...inA1,
    organizationId: w.orgA1a.id,
    title: 'Biology',
    periods: '3',
    teacherIds: [w.users.teacher.id],
    studentIds: [ava.id, ben.id, cara.id],
  });
  const chemistry = await createClass(db, {
    ...inA1,
    organizationId: w.orgA1a.id,
    title: 'Chemistry',
    periods: '1',
    teacherIds: [colleague.id],
    studentIds: [ava.id],
  });
  const physics = await createClass(db, {
    ...inA1,
    organizationId: w.orgA1b.id,
    title: 'Physics',
    teacherIds: [colleague.id],
    studentIds: [dan.id],
  });
  const betaBiology = await createClass(db, {
    ...inB1,
    organizationId: w.orgB1.id,
    title: 'Beta Biology',
    teacherIds: [teacherB.id],
    studentIds: [eve.id],
  });
  return {
    ...w,
    colleague,
    teacherB,
    students: { ava, ben, cara, dan, eve },
    classes: { biology, chemistry, physics, betaBiology },
  };
}

export type ClassWorld = Awaited<ReturnType<typeof buildClassWorld>>;
