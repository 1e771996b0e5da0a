import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classUsers, classes, groupClasses, groupUsers, groups, organizations, users } from '../../db/schema';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { classVisible, type ClassScope } from '../classes/class-scope.repo';

export type GroupRow = typeof groups.$inferSelect;

export interface GroupClassRef {
  id: number;
  title: string;
  custom_title: string | null;
  periods: string | null;
}

export interface GroupListRow extends GroupRow {
  organizationName: string | null;
  createdByName: { id: number; first_name: string; last_name: string } | null;
  studentsCount: number;
  teachersCount: number;
  classes: GroupClassRef[];
}

const memberCount = (type: 'student' | 'teacher') =>
  sql<number>`(select count(*)::int from group_users gu join users u on u.id = gu.user_id
     where gu.group_id = ${groups.id} and gu.user_type = ${type} and u.deleted_at is null)`;

// a group's classes: the live ones, by display name
const classRefs = sql<GroupClassRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'title', c.title, 'custom_title', c.custom_title, 'periods', c.periods)
                  order by coalesce(nullif(trim(c.custom_title), ''), c.title), c.id)
    from group_classes gc join classes c on c.id = gc.class_id
   where gc.group_id = ${groups.id} and c.deleted_at is null), '[]'::json)`;

const creator = sql<GroupListRow['createdByName']>`(
  select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)
    from users u where u.id = ${groups.createdBy})`;

const columns = {
  row: groups,
  organizationName: organizations.name,
  createdByName: creator,
  studentsCount: memberCount('student'),
  teachersCount: memberCount('teacher'),
  classes: classRefs,
};

type Selected = {
  row: GroupRow;
  organizationName: string | null;
  createdByName: GroupListRow['createdByName'];
  studentsCount: number;
  teachersCount: number;
  classes: GroupClassRef[];
};

const flatten = (r: Selected): GroupListRow => ({
  ...r.row,
  organizationName: r.organizationName,
  createdByName: r.createdByName,
  studentsCount: Number(r.studentsCount),
  teachersCount: Number(r.teachersCount),
  classes: r.classes,
});

/** One group the `visible` clause (groupVisible) lets through. */
export async function findGroup(db: DbOrTx, visible: SQL, id: number): Promise<GroupListRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(groups)
    .leftJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(and(eq(groups.id, id), visible))
    .limit(1);
  return row && flatten(row);
}

export interface GroupFilters extends PageRequest {
  search?: string | undefined;
  class_id?: number | undefined;
  teacher_id?: number | undefined;
  student_id?: number | undefined;
  organization_id?: number | undefined;
  organization_ids?: readonly number[] | undefined;
  account_id?: number | undefined;
  empty?: boolean | undefined;
  /** groups this user created or teaches ("my list") */
  mine?: number | undefined;
}

const hasMember = (userId: number, type: 'student' | 'teacher') =>
  sql`exists (select 1 from group_users m where m.group_id = ${groups.id} and m.user_id = ${userId} and m.user_type = ${type})`;

export async function listGroups(db: DbOrTx, visible: SQL, f: GroupFilters): Promise<PageResult<GroupListRow>> {
  const where = and(
    visible,
    f.search ? ilike(groups.name, likePattern(f.search)) : undefined,
    f.class_id !== undefined
      ? sql`exists (select 1 from group_classes gc where gc.group_id = ${groups.id} and gc.class_id = ${f.class_id})`
      : undefined,
    f.teacher_id !== undefined
      ? sql`(${groups.createdBy} = ${f.teacher_id} or ${hasMember(f.teacher_id, 'teacher')})`
      : undefined,
    f.student_id !== undefined ? hasMember(f.student_id, 'student') : undefined,
    f.mine !== undefined ? sql`(${groups.createdBy} = ${f.mine} or ${hasMember(f.mine, 'teacher')})` : undefined,
    f.organization_id !== undefined ? eq(groups.organizationId, f.organization_id) : undefined,
    f.organization_ids !== undefined
      ? sql`${groups.organizationId} = any(${sql.param([...f.organization_ids])}::int[])`
      : undefined,
    f.account_id !== undefined ? eq(groups.accountId, f.account_id) : undefined,
    f.empty === undefined
      ? undefined
      : f.empty
        ? sql`${memberCount('student')} = 0`
        : sql`${memberCount('student')} > 0`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(groups)
      .leftJoin(organizations, eq(organizations.id, groups.organizationId))
      .where(where)
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export interface GroupMember {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  username: string | null;
  email: string | null;
}

const memberColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  middle_name: users.middleName,
  username: users.username,
  email: users.email,
};

/** The live students and teachers of a group. */
export async function groupMembers(
  db: DbOrTx,
  groupId: number,
): Promise<{ students: GroupMember[]; teachers: GroupMember[] }> {
  const rows = await db
    .select({ ...memberColumns, type: groupUsers.userType })
    .from(groupUsers)
    .innerJoin(users, eq(users.id, groupUsers.userId))
    .where(and(eq(groupUsers.groupId, groupId), sql`${users.deletedAt} is null`))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const pick = (t: string) => rows.filter((r) => r.type === t).map(({ type: _t, ...m }) => m);
  return { students: pick('student'), teachers: pick('teacher') };
}

/** The member ids of one kind a group has now (deleted users included: they stay until removed). */
export async function groupMemberIds(db: DbOrTx, groupId: number, type: 'student' | 'teacher'): Promise<number[]> {
  const rows = await db
    .select({ id: groupUsers.userId })
    .from(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userType, type)));
  return rows.map((r) => r.id);
}

export async function groupClassIds(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: groupClasses.classId })
    .from(groupClasses)
    .where(eq(groupClasses.groupId, groupId));
  return rows.map((r) => r.id);
}

/** The caller's visible classes among these ids, with where they belong. */
export async function visibleClasses(
  db: DbOrTx,
  scope: ClassScope,
  ids: readonly number[],
): Promise<{ id: number; accountId: number; organizationId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: classes.id, accountId: classes.accountId, organizationId: classes.organizationId })
    .from(classes)
    .where(and(classVisible(scope), inArray(classes.id, [...ids])));
}

export async function insertGroup(
  db: DbOrTx,
  v: { accountId: number; organizationId: number | null; name: string; learnerType: string; createdBy: number },
): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(v).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<GroupRow, 'name' | 'learnerType' | 'deletedAt'>>,
): Promise<void> {
  await db
    .update(groups)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(groups.id, id));
}

export async function setDeleted(db: DbOrTx, id: number, deleted: boolean): Promise<void> {
  await db
    .update(groups)
    .set({ deletedAt: deleted ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(groups.id, id));
}

export async function replaceGroupMembers(
  db: DbOrTx,
  groupId: number,
  type: 'student' | 'teacher',
  userIds: readonly number[],
): Promise<void> {
  await db.delete(groupUsers).where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userType, type)));
  if (userIds.length > 0)
    await db
      .insert(groupUsers)
      .values(userIds.map((userId) => ({ groupId, userId, userType: type })))
      // a user is one kind of member: a later kind replaces an earlier one
      .onConflictDoUpdate({ target: [groupUsers.groupId, groupUsers.userId], set: { userType: type } });
}

export async function replaceGroupClasses(db: DbOrTx, groupId: number, classIds: readonly number[]): Promise<void> {
  await db.delete(groupClasses).where(eq(groupClasses.groupId, groupId));
  if (classIds.length > 0) await db.insert(groupClasses).values(classIds.map((classId) => ({ groupId, classId })));
}

// ---- relations: what the caller may put in a group ----

export interface RelationClass {
  id: number;
  title: string;
  custom_title: string | null;
  periods: string | null;
  organization_id: number;
  account_id: number;
}

export const RELATION_CLASSES_MAX = 500;
export const RELATION_MEMBERS_MAX = 2000;

export async function relationClasses(
  db: DbOrTx,
  scope: ClassScope,
  f: { ids?: readonly number[] | undefined; organizationId?: number | undefined; accountId?: number | undefined },
): Promise<RelationClass[]> {
  return db
    .select({
      id: classes.id,
      title: classes.title,
      custom_title: classes.customTitle,
      periods: classes.periods,
      organization_id: classes.organizationId,
      account_id: classes.accountId,
    })
    .from(classes)
    .where(
      and(
        classVisible(scope),
        f.ids ? inArray(classes.id, f.ids.length ? [...f.ids] : [0]) : undefined,
        f.organizationId !== undefined ? eq(classes.organizationId, f.organizationId) : undefined,
        f.accountId !== undefined ? eq(classes.accountId, f.accountId) : undefined,
      ),
    )
    .orderBy(sql`coalesce(nullif(trim(${classes.customTitle}), ''), ${classes.title})`, asc(classes.id))
    .limit(RELATION_CLASSES_MAX);
}

/** The live students or teachers of these classes, each with the ids of their classes among them. */
export async function relationMembers(
  db: DbOrTx,
  classIds: readonly number[],
  type: 'student' | 'teacher',
): Promise<(GroupMember & { class_ids: number[] })[]> {
  if (classIds.length === 0) return [];
  return db
    .select({
      ...memberColumns,
      class_ids: sql<number[]>`array_agg(${classUsers.classId} order by ${classUsers.classId})`,
    })
    .from(classUsers)
    .innerJoin(users, eq(users.id, classUsers.userId))
    .where(
      and(inArray(classUsers.classId, [...classIds]), eq(classUsers.userType, type), sql`${users.deletedAt} is null`),
    )
    .groupBy(users.id)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(RELATION_MEMBERS_MAX);
}
