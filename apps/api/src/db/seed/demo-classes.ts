import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { accountSettings, classUsers, classes, users } from '../schema';
import { createGroup, createLabGroup } from './factories';

/**
 * The demo district's groups and lab groups (issue 5, classes and groups), on the classes demo.ts made: lab groups
 * switched on for the district, two lab groups in Grade 7 Science, a group of two students and an empty group (shown
 * flagged) made by the demo teacher.
 */
export async function seedDemoClasses(tx: Tx, accountId: number): Promise<void> {
  await tx
    .update(accountSettings)
    .set({ value: { enabled: true } })
    .where(and(eq(accountSettings.accountId, accountId), eq(accountSettings.setting, 'lab_groups')));
  const rows = await tx
    .select({ id: classes.id, title: classes.title, organizationId: classes.organizationId })
    .from(classes)
    .where(eq(classes.accountId, accountId))
    .orderBy(asc(classes.id));
  const grade7 = rows.find((c) => c.title === 'Grade 7 Science');
  const grade8 = rows.find((c) => c.title === 'Grade 8 Science');
  if (!grade7 || !grade8) return;
  const members = async (classId: number, type: 'student' | 'teacher') =>
    (
      await tx
        .select({ id: users.id, firstName: users.firstName })
        .from(classUsers)
        .innerJoin(users, eq(users.id, classUsers.userId))
        .where(and(eq(classUsers.classId, classId), eq(classUsers.userType, type)))
        .orderBy(asc(users.id))
    ).map((u) => u.id);
  const [teacher] = await members(grade7.id, 'teacher');
  const students = await members(grade7.id, 'student');
  if (teacher === undefined || students.length < 5) return;
  // students: the demo student first, then Ava, Liam, Mia and Noah
  const [student1, ava, liam, mia] = students as [number, number, number, number];
  await createLabGroup(tx, { classId: grade7.id, name: 'Lab group 1', studentIds: [student1, ava] });
  await createLabGroup(tx, { classId: grade7.id, name: 'Lab group 2', studentIds: [liam, mia] });
  await createGroup(tx, {
    accountId,
    organizationId: grade7.organizationId,
    name: 'Science Fair Team',
    createdBy: teacher,
    teacherIds: [teacher],
    studentIds: [ava, liam],
    classIds: [grade7.id],
  });
  await createGroup(tx, {
    accountId,
    organizationId: grade8.organizationId,
    name: 'Peer Tutors',
    createdBy: teacher,
    teacherIds: [teacher],
    classIds: [grade8.id],
  });
}
