import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classroomName } from '@aula/domain/assignments';
import { classes, labGroupUsers, labGroups } from '../../db/schema';
import { visibleToStudent } from './assignment-scope.repo';

export type LabGroupRow = typeof labGroups.$inferSelect;

export interface LabGroupWithMembers extends LabGroupRow {
  className: string;
  members: { id: number; firstName: string; lastName: string; isOwner: boolean }[];
}

/** An assignment's lab groups, by class and name, with their members (owner first). */
export async function listLabGroups(db: DbOrTx, assignmentId: number, id?: number): Promise<LabGroupWithMembers[]> {
  const rows = await db
    .select({
      group: labGroups,
      classTitle: classes.title,
      classCustomTitle: classes.customTitle,
      classPeriods: classes.periods,
    })
    .from(labGroups)
    .innerJoin(classes, eq(classes.id, labGroups.classId))
    .where(and(eq(labGroups.assignmentId, assignmentId), id === undefined ? undefined : eq(labGroups.id, id)))
    .orderBy(asc(labGroups.classId), asc(labGroups.name), asc(labGroups.id));
  if (rows.length === 0) return [];
  const members = await db.execute<{
    lab_group_id: number;
    id: number;
    first_name: string;
    last_name: string;
    is_owner: boolean;
  }>(sql`
    select lu.lab_group_id, u.id, u.first_name, u.last_name, lu.is_owner from lab_group_users lu join users u on u.id = lu.user_id
    where lu.lab_group_id = any(${sql.param(rows.map((r) => r.group.id))}::int[])
    order by lu.is_owner desc, u.last_name, u.first_name, u.id`);
  return rows.map((r) => ({
    ...r.group,
    className: classroomName({ title: r.classTitle, custom_title: r.classCustomTitle, periods: r.classPeriods }),
    members: members.rows
      .filter((m) => m.lab_group_id === r.group.id)
      .map((m) => ({ id: m.id, firstName: m.first_name, lastName: m.last_name, isOwner: m.is_owner })),
  }));
}

export async function findLabGroup(db: DbOrTx, assignmentId: number, id: number): Promise<LabGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(labGroups)
    .where(and(eq(labGroups.id, id), eq(labGroups.assignmentId, assignmentId)))
    .limit(1);
  return row;
}

export async function insertLabGroup(db: DbOrTx, v: { classId: number; assignmentId: number; name: string }) {
  const [row] = await db.insert(labGroups).values(v).returning();
  return row!;
}

export async function labGroupMemberIds(db: DbOrTx, id: number) {
  return db
    .select({ id: labGroupUsers.userId, isOwner: labGroupUsers.isOwner })
    .from(labGroupUsers)
    .where(eq(labGroupUsers.labGroupId, id));
}

export async function deleteLabGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(labGroups).where(eq(labGroups.id, id));
}

export async function deleteLabGroupsOf(db: DbOrTx, assignmentId: number): Promise<void> {
  await db.delete(labGroups).where(eq(labGroups.assignmentId, assignmentId));
}

/** Among `ids`: the students of the class who also see the assignment (the only ones a lab group may hold). */
export async function eligibleStudents(
  db: DbOrTx,
  assignmentId: number,
  classId: number,
  ids: readonly number[],
): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    select u.id from users u join class_users cu on cu.user_id = u.id and cu.class_id = ${classId} and cu.user_type = 'student'
    where u.id = any(${sql.param([...ids])}::int[]) and u.deleted_at is null
      and exists (select 1 from assignments where assignments.id = ${assignmentId} and ${visibleToStudent(sql`u.id`)})`);
  return res.rows.map((r) => r.id);
}

/** Whether any of the class's students sees the assignment (the class is one the assignment reaches). */
export async function classSeesAssignment(db: DbOrTx, assignmentId: number, classId: number): Promise<boolean> {
  const res = await db.execute<{ one: number }>(sql`
    select 1 as one from class_users cu join users u on u.id = cu.user_id and u.deleted_at is null
    where cu.class_id = ${classId} and cu.user_type = 'student'
      and exists (select 1 from assignments where assignments.id = ${assignmentId} and ${visibleToStudent(sql`u.id`)})
    limit 1`);
  return res.rows.length > 0;
}
