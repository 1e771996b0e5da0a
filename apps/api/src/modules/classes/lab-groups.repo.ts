import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { labGroupUsers, labGroups, users } from '../../db/schema';

export type LabGroupRow = typeof labGroups.$inferSelect;

export interface LabGroupMember {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  username: string | null;
  is_owner: boolean;
}

export interface LabGroupWithMembers extends LabGroupRow {
  members: LabGroupMember[];
}

// A class's standing lab groups are those without an assignment (an assignment's own lab groups belong to it).
const standing = (classId: number) => and(eq(labGroups.classId, classId), isNull(labGroups.assignmentId));

async function withMembers(db: DbOrTx, rows: LabGroupRow[]): Promise<LabGroupWithMembers[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({
      labGroupId: labGroupUsers.labGroupId,
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      middle_name: users.middleName,
      username: users.username,
      is_owner: labGroupUsers.isOwner,
    })
    .from(labGroupUsers)
    .innerJoin(users, eq(users.id, labGroupUsers.userId))
    .where(
      and(
        inArray(
          labGroupUsers.labGroupId,
          rows.map((r) => r.id),
        ),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({
    ...r,
    members: members.filter((m) => m.labGroupId === r.id).map(({ labGroupId: _g, ...m }) => m),
  }));
}

export async function listLabGroups(db: DbOrTx, classId: number): Promise<LabGroupWithMembers[]> {
  const rows = await db
    .select()
    .from(labGroups)
    .where(standing(classId))
    .orderBy(asc(labGroups.name), asc(labGroups.id));
  return withMembers(db, rows);
}

export async function findLabGroup(db: DbOrTx, classId: number, id: number): Promise<LabGroupWithMembers | undefined> {
  const rows = await db
    .select()
    .from(labGroups)
    .where(and(standing(classId), eq(labGroups.id, id)))
    .limit(1);
  const [found] = await withMembers(db, rows);
  return found;
}

/** Is this name taken by another standing lab group of the class (without case)? */
export async function isLabGroupNameTaken(
  db: DbOrTx,
  classId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: labGroups.id })
    .from(labGroups)
    .where(
      and(
        standing(classId),
        sql`lower(${labGroups.name}) = lower(${name})`,
        exceptId !== undefined ? ne(labGroups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The lab groups a student may be in only one of: a class's standing lab groups, or the lab groups of one assignment
 * (whatever their class).
 */
export interface LabGroupSet {
  classId: number;
  assignmentId: number | null;
}

const inSet = (set: LabGroupSet) =>
  set.assignmentId === null ? standing(set.classId) : eq(labGroups.assignmentId, set.assignmentId);

/** Which of these students already are in another lab group of the set, and in which. */
export async function studentsInOtherLabGroups(
  db: DbOrTx,
  set: LabGroupSet,
  studentIds: readonly number[],
  exceptId?: number,
): Promise<{ studentId: number; firstName: string; lastName: string; labGroup: string }[]> {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: labGroupUsers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      labGroup: labGroups.name,
    })
    .from(labGroupUsers)
    .innerJoin(labGroups, eq(labGroups.id, labGroupUsers.labGroupId))
    .innerJoin(users, eq(users.id, labGroupUsers.userId))
    .where(
      and(
        inSet(set),
        inArray(labGroupUsers.userId, [...studentIds]),
        exceptId !== undefined ? ne(labGroups.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function insertLabGroup(db: DbOrTx, classId: number, name: string): Promise<LabGroupRow> {
  const [row] = await db.insert(labGroups).values({ classId, name }).returning();
  return row!;
}

export async function renameLabGroup(db: DbOrTx, id: number, name: string): Promise<void> {
  await db
    .update(labGroups)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(labGroups.id, id));
}

export async function replaceLabGroupMembers(
  db: DbOrTx,
  labGroupId: number,
  studentIds: readonly number[],
  ownerId: number,
): Promise<void> {
  await db.delete(labGroupUsers).where(eq(labGroupUsers.labGroupId, labGroupId));
  await db
    .insert(labGroupUsers)
    .values(studentIds.map((userId) => ({ labGroupId, userId, isOwner: userId === ownerId })));
}

export async function deleteLabGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(labGroups).where(eq(labGroups.id, id));
}
