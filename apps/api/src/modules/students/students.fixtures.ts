// The students, classes and group the student API tests use, on top of the tenancy world.
import { createClass, createUser } from '../../db/seed/factories';
import { type World } from '../../../test/tenancy-fixtures';

export type StudentFixtures = Awaited<ReturnType<typeof buildStudentFixtures>>;

export async function buildStudentFixtures(w: World) {
  const inA1 = { domainId: w.domA.id, accountId: w.accA1.id };
  // the world's student (A1a) is in the teacher's class; Noah is in school A1a but in no class of the teacher;
  // Olga is in school A1b; Ben is another district's (B1), Ada another account's of the same domain (A2)
  const noah = await createUser(w.db, {
    role: 'student',
    ...inA1,
    firstName: 'Noah',
    lastName: 'Smith',
    organizationIds: [w.orgA1a.id],
  });
  const olga = await createUser(w.db, {
    role: 'student',
    ...inA1,
    firstName: 'Olga',
    lastName: 'Kowalenko',
    organizationIds: [w.orgA1b.id],
  });
  const ben = await createUser(w.db, {
    role: 'student',
    domainId: w.domB.id,
    accountId: w.accB1.id,
    firstName: 'Ben',
    lastName: 'Other',
    organizationIds: [w.orgB1.id],
  });
  const ada = await createUser(w.db, {
    role: 'student',
    domainId: w.domA.id,
    accountId: w.accA2.id,
    firstName: 'Ada',
    lastName: 'Alpine',
    organizationIds: [w.orgA2.id],
  });
  const otherTeacher = await createUser(w.db, {
    role: 'teacher',
    ...inA1,
    firstName: 'Tom',
    lastName: 'Other',
    organizationIds: [w.orgA1a.id],
  });
  const teacherB = await createUser(w.db, {
    role: 'teacher',
    domainId: w.domB.id,
    accountId: w.accB1.id,
    organizationIds: [w.orgB1.id],
  });
  const science = await createClass(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Grade 7 Science',
    periods: '2',
    teacherIds: [w.users.teacher.id],
    studentIds: [w.users.student.id],
  });
  const art = await createClass(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    title: 'Art',
    teacherIds: [otherTeacher.id],
    studentIds: [w.users.student.id, noah.id],
  });
  const classB = await createClass(w.db, {
    accountId: w.accB1.id,
    organizationId: w.orgB1.id,
    teacherIds: [teacherB.id],
    studentIds: [ben.id],
  });
  const {
    rows: [group],
  } = await w.pool.query<{ id: number }>(
    `insert into groups (account_id, organization_id, name) values ($1, $2, 'Lab team') returning id`,
    [w.accA1.id, w.orgA1a.id],
  );
  await w.pool.query(`insert into group_users values ($1, $2, 'student')`, [group!.id, w.users.student.id]);
  return { noah, olga, ben, ada, otherTeacher, teacherB, science, art, classB, group: group! };
}
