import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { classroomName, type MemberType } from '@aula/domain/assignments';
import type { DbOrTx } from '../../db/client';
import { accounts, activities, classes, groups, users } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { activityReadable } from '../activities/activity-scope.repo';
import { classReachable, groupReachable, studentReachable, type Reach } from './assignment-scope.repo';
import { idList } from './assignments.repo';

// What an assignment may be made of (members, activities and their places, checked by the service), and the
// assign-to picker's targets.

// ---- what an assignment may be made of ----

export interface MemberPlace {
  memberType: MemberType;
  memberId: number;
  accountId: number;
  /** the class's or group's school; a student's schools */
  organizationIds: number[];
  name: string;
}

/** The classes, groups and students among `ids` that the caller reaches (others are left out). */
export async function findMembersInReach(
  db: DbOrTx,
  reach: Reach,
  ids: { class: number[]; group: number[]; student: number[] },
): Promise<MemberPlace[]> {
  const [cls, grp, stu] = await Promise.all([
    ids.class.length
      ? db
          .select({
            id: classes.id,
            accountId: classes.accountId,
            organizationId: classes.organizationId,
            title: classes.title,
            customTitle: classes.customTitle,
            periods: classes.periods,
          })
          .from(classes)
          .where(and(inArray(classes.id, ids.class), classReachable(reach)))
      : [],
    ids.group.length
      ? db
          .select({
            id: groups.id,
            accountId: groups.accountId,
            organizationId: groups.organizationId,
            name: groups.name,
          })
          .from(groups)
          .where(and(inArray(groups.id, ids.group), groupReachable(reach)))
      : [],
    ids.student.length
      ? db
          .select({
            id: users.id,
            accountId: users.accountId,
            firstName: users.firstName,
            lastName: users.lastName,
            organizationIds: sql<
              number[]
            >`coalesce((select array_agg(uo.organization_id) from user_organizations uo where uo.user_id = "users"."id"), '{}')`,
          })
          .from(users)
          .where(and(inArray(users.id, ids.student), studentReachable(reach)))
      : [],
  ]);
  return [
    ...cls.map((c) => ({
      memberType: 'class' as const,
      memberId: c.id,
      accountId: c.accountId,
      organizationIds: [c.organizationId],
      name: classroomName({ title: c.title, custom_title: c.customTitle, periods: c.periods }),
    })),
    ...grp.map((g) => ({
      memberType: 'group' as const,
      memberId: g.id,
      accountId: g.accountId,
      organizationIds: g.organizationId === null ? [] : [g.organizationId],
      name: g.name,
    })),
    ...stu.map((s) => ({
      memberType: 'student' as const,
      memberId: s.id,
      accountId: s.accountId!,
      organizationIds: s.organizationIds,
      name: `${s.firstName} ${s.lastName}`,
    })),
  ];
}

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export interface AssignableActivity {
  id: number;
  title: string;
  status: string;
  publishedVersionId: number | null;
  archived: boolean;
}

/** Activities among `ids` that both the caller and the assignment's account may read (drafts included). */
export async function findActivitiesFor(
  db: DbOrTx,
  caller: TenantScope,
  account: TenantScope,
  ids: readonly number[],
): Promise<AssignableActivity[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: activities.id,
      title: activities.title,
      status: activities.status,
      publishedVersionId: activities.publishedVersionId,
      archivedAt: activities.archivedAt,
    })
    .from(activities)
    .where(and(inArray(activities.id, [...ids]), activityReadable(caller), activityReadable(account)));
  return rows.map((r) => ({ ...r, archived: r.archivedAt !== null }));
}

/** Holds the classes' rows until the transaction ends, so assignments to the same class are checked one at a time. */
export async function lockClasses(db: DbOrTx, classIds: readonly number[]): Promise<void> {
  await db.execute(sql`select 1 from classes where id = any(${idList(classIds)}) order by id for update`);
}

/** Per class: its live students and the activities other live assignments already give it. */
export async function classTargets(
  db: DbOrTx,
  classIds: readonly number[],
  excludeAssignmentId?: number,
): Promise<{ id: number; student_ids: number[]; assigned_activity_ids: number[] }[]> {
  if (classIds.length === 0) return [];
  const res = await db.execute<{ id: number; student_ids: number[]; assigned_activity_ids: number[] }>(sql`
    select c.id,
      coalesce((select array_agg(cu.user_id order by cu.user_id) from class_users cu join users u on u.id = cu.user_id
        where cu.class_id = c.id and cu.user_type = 'student' and u.deleted_at is null), '{}') as student_ids,
      coalesce((select array_agg(distinct aa.activity_id) from assignment_members m
        join assignments a on a.id = m.assignment_id and a.deleted_at is null
        join assignment_activities aa on aa.assignment_id = a.id
        where m.member_type = 'class' and m.member_id = c.id and a.id <> ${excludeAssignmentId ?? 0}), '{}') as assigned_activity_ids
    from classes c where c.id = any(${idList(classIds)})`);
  return res.rows;
}

export async function activityTitles(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(inArray(activities.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function studentNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

// ---- the assign-to picker ----

// a type, not an interface: db.execute needs rows that are records
export type TargetStudent = { id: number; first_name: string; last_name: string };

export interface TargetFilter {
  accountId?: number | undefined;
  organizationId?: number | undefined;
  classId?: number | undefined;
  groupId?: number | undefined;
  studentId?: number | undefined;
  teacherId?: number | undefined;
  excludeAssignmentId?: number | undefined;
}

const TARGETS_MAX = 500;

/** Classes and groups the caller may assign to, with their students; classes with what is already assigned to them. */
export async function listTargets(db: DbOrTx, reach: Reach, f: TargetFilter) {
  const classWhere = and(
    classReachable(reach),
    f.accountId ? eq(classes.accountId, f.accountId) : undefined,
    f.organizationId ? eq(classes.organizationId, f.organizationId) : undefined,
    f.classId ? eq(classes.id, f.classId) : undefined,
    f.groupId
      ? sql`${classes.id} in (select gc.class_id from group_classes gc where gc.group_id = ${f.groupId})`
      : undefined,
    f.studentId
      ? sql`exists (select 1 from class_users cu where cu.class_id = ${classes.id} and cu.user_id = ${f.studentId} and cu.user_type = 'student')`
      : undefined,
    f.teacherId
      ? sql`exists (select 1 from class_users cu where cu.class_id = ${classes.id} and cu.user_id = ${f.teacherId} and cu.user_type = 'teacher')`
      : undefined,
  );
  const groupWhere = and(
    groupReachable(reach),
    f.accountId ? eq(groups.accountId, f.accountId) : undefined,
    f.organizationId ? eq(groups.organizationId, f.organizationId) : undefined,
    f.classId
      ? sql`${groups.id} in (select gc.group_id from group_classes gc where gc.class_id = ${f.classId})`
      : undefined,
    f.groupId ? eq(groups.id, f.groupId) : undefined,
    f.studentId
      ? sql`exists (select 1 from group_users gu where gu.group_id = ${groups.id} and gu.user_id = ${f.studentId} and gu.user_type = 'student')`
      : undefined,
    f.teacherId
      ? sql`exists (select 1 from group_users gu where gu.group_id = ${groups.id} and gu.user_id = ${f.teacherId} and gu.user_type = 'teacher')`
      : undefined,
  );
  const [classRows, groupRows] = await Promise.all([
    db
      .select({
        id: classes.id,
        accountId: classes.accountId,
        organizationId: classes.organizationId,
        title: classes.title,
        customTitle: classes.customTitle,
        periods: classes.periods,
      })
      .from(classes)
      .where(classWhere)
      .orderBy(asc(sql`coalesce(nullif(${classes.customTitle}, ''), ${classes.title})`), asc(classes.id))
      .limit(TARGETS_MAX),
    db
      .select({ id: groups.id, accountId: groups.accountId, organizationId: groups.organizationId, name: groups.name })
      .from(groups)
      .where(groupWhere)
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(TARGETS_MAX),
  ]);
  const classIds = classRows.map((c) => c.id);
  const groupIds = groupRows.map((g) => g.id);
  const [targets, classStudents, groupStudents, groupClasses] = await Promise.all([
    classTargets(db, classIds, f.excludeAssignmentId),
    classIds.length
      ? db.execute<TargetStudent & { class_id: number }>(sql`
          select cu.class_id, u.id, u.first_name, u.last_name from class_users cu join users u on u.id = cu.user_id
          where cu.class_id = any(${idList(classIds)}) and cu.user_type = 'student' and u.deleted_at is null
          order by u.last_name, u.first_name, u.id`)
      : { rows: [] },
    groupIds.length
      ? db.execute<TargetStudent & { group_id: number }>(sql`
          select gu.group_id, u.id, u.first_name, u.last_name from group_users gu join users u on u.id = gu.user_id
          where gu.group_id = any(${idList(groupIds)}) and gu.user_type = 'student' and u.deleted_at is null
          order by u.last_name, u.first_name, u.id`)
      : { rows: [] },
    groupIds.length
      ? db.execute<{ group_id: number; class_id: number }>(
          sql`select gc.group_id, gc.class_id from group_classes gc where gc.group_id = any(${idList(groupIds)})`,
        )
      : { rows: [] },
  ]);
  const strip = ({ id, first_name, last_name }: TargetStudent): TargetStudent => ({ id, first_name, last_name });
  return {
    classes: classRows.map((c) => ({
      ...c,
      students: classStudents.rows.filter((s) => s.class_id === c.id).map(strip),
      assignedActivityIds: targets.find((x) => x.id === c.id)?.assigned_activity_ids ?? [],
    })),
    groups: groupRows.map((g) => ({
      ...g,
      students: groupStudents.rows.filter((s) => s.group_id === g.id).map(strip),
      classIds: groupClasses.rows.filter((x) => x.group_id === g.id).map((x) => x.class_id),
    })),
  };
}
