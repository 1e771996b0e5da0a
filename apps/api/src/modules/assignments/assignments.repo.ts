import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  classroomName,
  type AssignmentListFilter,
  type AssignmentListSubject,
  type MemberType,
} from '@aula/domain/assignments';
import type { AttemptStatus } from '@aula/domain/attempts';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  activities,
  assignmentActivities,
  assignmentMembers,
  assignmentSets,
  assignments,
  attempts,
  classes,
  groups,
  users,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageResult } from '../accounts/listing';
import { activityReadable } from '../activities/activity-scope.repo';
import {
  assignmentReachable,
  classReachable,
  groupReachable,
  studentReachable,
  visibleToStudent,
  type Reach,
} from './assignment-scope.repo';

export type AssignmentRow = typeof assignments.$inferSelect;

const idList = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

// ---- assignments ----

/** An assignment the caller reaches; `lock` holds its row until the transaction ends (edits race attempts). */
export async function findAssignment(
  db: DbOrTx,
  reach: Reach,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<AssignmentRow | undefined> {
  const q = db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, id), assignmentReachable(reach)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** 'Assignment which was attempted by a student can not be edited or deleted.': any attempt row counts. */
export async function hasAttempts(db: DbOrTx, assignmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(attempts)
    .where(eq(attempts.assignmentId, assignmentId))
    .limit(1);
  return !!row;
}

export async function insertAssignment(db: DbOrTx, v: typeof assignments.$inferInsert): Promise<AssignmentRow> {
  const [row] = await db.insert(assignments).values(v).returning();
  return row!;
}

export async function updateAssignment(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<AssignmentRow, 'name' | 'startAt' | 'dueAt' | 'assignmentSetId' | 'organizationId' | 'deletedAt'>>,
): Promise<void> {
  await db
    .update(assignments)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(assignments.id, id));
}

export interface PinnedActivity {
  activityId: number;
  activityVersionId: number | null;
}

/** The assignment's activities in order (the order given), each with its pinned version. */
export async function replaceAssignmentActivities(db: DbOrTx, assignmentId: number, list: readonly PinnedActivity[]) {
  await db.delete(assignmentActivities).where(eq(assignmentActivities.assignmentId, assignmentId));
  if (list.length === 0) return;
  await db.insert(assignmentActivities).values(list.map((a, position) => ({ assignmentId, ...a, position })));
}

export async function pinnedVersions(db: DbOrTx, assignmentId: number): Promise<Map<number, number | null>> {
  const rows = await db
    .select({ activityId: assignmentActivities.activityId, versionId: assignmentActivities.activityVersionId })
    .from(assignmentActivities)
    .where(eq(assignmentActivities.assignmentId, assignmentId));
  return new Map(rows.map((r) => [r.activityId, r.versionId]));
}

export async function replaceAssignmentMembers(
  db: DbOrTx,
  assignmentId: number,
  list: readonly { memberType: MemberType; memberId: number }[],
) {
  await db.delete(assignmentMembers).where(eq(assignmentMembers.assignmentId, assignmentId));
  if (list.length === 0) return;
  await db.insert(assignmentMembers).values(list.map((m) => ({ assignmentId, ...m })));
}

export async function membersOf(db: DbOrTx, assignmentId: number) {
  const rows = await db
    .select({ memberType: assignmentMembers.memberType, memberId: assignmentMembers.memberId })
    .from(assignmentMembers)
    .where(eq(assignmentMembers.assignmentId, assignmentId));
  return rows as { memberType: MemberType; memberId: number }[];
}

export async function activityIdsOf(db: DbOrTx, assignmentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: assignmentActivities.activityId })
    .from(assignmentActivities)
    .where(eq(assignmentActivities.assignmentId, assignmentId))
    .orderBy(asc(assignmentActivities.position));
  return rows.map((r) => r.id);
}

/** The clause of a scoped list (001 section 2: assignments under an account, class, student, ...). */
export function subjectClause(subject: AssignmentListSubject, id: number): SQL {
  const memberIs = (type: MemberType, extra: SQL) =>
    sql`exists (select 1 from assignment_members m where m.assignment_id = ${assignments.id} and m.member_type = ${type} and ${extra})`;
  switch (subject) {
    case 'account':
      return eq(assignments.accountId, id);
    case 'organization':
      return sql`(${assignments.organizationId} = ${id}
        or ${memberIs('class', sql`m.member_id in (select c.id from classes c where c.organization_id = ${id})`)}
        or ${memberIs('group', sql`m.member_id in (select g.id from groups g where g.organization_id = ${id})`)})`;
    case 'class':
      // the whole class, or a group of it
      return sql`(${memberIs('class', sql`m.member_id = ${id}`)}
        or ${memberIs('group', sql`m.member_id in (select gc.group_id from group_classes gc where gc.class_id = ${id})`)})`;
    case 'group':
      return memberIs('group', sql`m.member_id = ${id}`);
    case 'student':
      return visibleToStudent(id);
    case 'teacher':
      // made by the teacher, or for a class or group they teach
      return sql`(${assignments.createdBy} = ${id}
        or ${memberIs('class', sql`m.member_id in (select cu.class_id from class_users cu where cu.user_id = ${id} and cu.user_type = 'teacher')`)}
        or ${memberIs('group', sql`m.member_id in (select gu.group_id from group_users gu where gu.user_id = ${id} and gu.user_type = 'teacher')`)})`;
    case 'admin':
      return eq(assignments.createdBy, id);
  }
}

const SORTS: Record<AssignmentListFilter['sort'], SQL[]> = {
  name: [asc(assignments.name)],
  '-name': [desc(assignments.name)],
  start_at: [asc(assignments.startAt)],
  '-start_at': [desc(assignments.startAt)],
  due_at: [sql`${assignments.dueAt} asc nulls last`],
  '-due_at': [sql`${assignments.dueAt} desc nulls last`],
  '-created_at': [desc(assignments.createdAt)],
};

export async function listAssignments(
  db: DbOrTx,
  reach: Reach,
  f: AssignmentListFilter,
  subject?: SQL,
): Promise<PageResult<AssignmentRow>> {
  const now = sql`now()`;
  const where = and(
    assignmentReachable(reach),
    subject,
    f.search ? ilike(assignments.name, likePattern(f.search)) : undefined,
    f.assignment_set_id ? eq(assignments.assignmentSetId, f.assignment_set_id) : undefined,
    f.phase === 'upcoming' ? sql`${assignments.startAt} > ${now}` : undefined,
    f.phase === 'current'
      ? sql`${assignments.startAt} <= ${now} and (${assignments.dueAt} is null or ${assignments.dueAt} >= ${now})`
      : undefined,
    f.phase === 'past_due' ? sql`${assignments.dueAt} < ${now}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assignments)
      .where(where)
      .orderBy(...SORTS[f.sort], desc(assignments.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(assignments).where(where),
  ]);
  return { rows, total: total!.n };
}

export interface AssignmentExtras {
  activities: { id: number; title: string; activityVersionId: number | null; publishedVersionId: number | null }[];
  members: { memberType: MemberType; memberId: number; name: string; studentsCount: number }[];
  attempted: boolean;
  creator: { id: number; firstName: string; lastName: string } | null;
  set: { id: number; name: string } | null;
}

/** What every presented assignment carries, for a page of them in four queries. */
export async function loadAssignmentExtras(
  db: DbOrTx,
  rows: readonly AssignmentRow[],
): Promise<Map<number, AssignmentExtras>> {
  const out = new Map<number, AssignmentExtras>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const [acts, members, attempted, creators, sets] = await Promise.all([
    db
      .select({
        assignmentId: assignmentActivities.assignmentId,
        id: activities.id,
        title: activities.title,
        activityVersionId: assignmentActivities.activityVersionId,
        publishedVersionId: activities.publishedVersionId,
      })
      .from(assignmentActivities)
      .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
      .where(inArray(assignmentActivities.assignmentId, ids))
      .orderBy(asc(assignmentActivities.position)),
    db.execute<{
      assignment_id: number;
      member_type: MemberType;
      member_id: number;
      title: string | null;
      custom_title: string | null;
      periods: string | null;
      group_name: string | null;
      first_name: string | null;
      last_name: string | null;
      n: number;
    }>(sql`
      select m.assignment_id, m.member_type, m.member_id, c.title, c.custom_title, c.periods, g.name as group_name,
        u.first_name, u.last_name,
        case m.member_type
          when 'class' then (select count(*)::int from class_users cu join users s on s.id = cu.user_id where cu.class_id = m.member_id and cu.user_type = 'student' and s.deleted_at is null)
          when 'group' then (select count(*)::int from group_users gu join users s on s.id = gu.user_id where gu.group_id = m.member_id and gu.user_type = 'student' and s.deleted_at is null)
          else 1
        end as n
      from assignment_members m
      left join classes c on m.member_type = 'class' and c.id = m.member_id
      left join groups g on m.member_type = 'group' and g.id = m.member_id
      left join users u on m.member_type = 'student' and u.id = m.member_id
      where m.assignment_id = any(${idList(ids)})
      order by case m.member_type when 'class' then 0 when 'group' then 1 else 2 end, coalesce(c.custom_title, c.title, g.name, u.last_name), m.member_id`),
    db.selectDistinct({ id: attempts.assignmentId }).from(attempts).where(inArray(attempts.assignmentId, ids)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.createdBy).filter((x): x is number => x !== null))])),
    db
      .select({ id: assignmentSets.id, name: assignmentSets.name })
      .from(assignmentSets)
      .where(
        inArray(assignmentSets.id, [
          ...new Set(rows.map((r) => r.assignmentSetId).filter((x): x is number => x !== null)),
        ]),
      ),
  ]);
  const attemptedIds = new Set(attempted.map((a) => a.id));
  for (const r of rows) {
    const creator = r.createdBy === null ? undefined : creators.find((u) => u.id === r.createdBy);
    const set = r.assignmentSetId === null ? undefined : sets.find((s) => s.id === r.assignmentSetId);
    out.set(r.id, {
      activities: acts
        .filter((a) => a.assignmentId === r.id)
        .map((a) => ({
          id: a.id,
          title: a.title,
          activityVersionId: a.activityVersionId,
          publishedVersionId: a.publishedVersionId,
        })),
      members: members.rows
        .filter((m) => m.assignment_id === r.id)
        .map((m) => ({
          memberType: m.member_type,
          memberId: m.member_id,
          name:
            m.member_type === 'class'
              ? classroomName({ title: m.title ?? '', custom_title: m.custom_title, periods: m.periods })
              : m.member_type === 'group'
                ? (m.group_name ?? '')
                : `${m.first_name ?? ''} ${m.last_name ?? ''}`.trim(),
          studentsCount: m.n,
        })),
      attempted: attemptedIds.has(r.id),
      creator: creator ?? null,
      set: set ?? null,
    });
  }
  return out;
}

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

// ---- the student's own list ----

export interface StudentAssignmentRow {
  id: number;
  name: string;
  start_at: Date;
  due_at: Date | null;
  activities: { id: number; title: string; attempt: { id: number; status: AttemptStatus } | null }[];
  submitted_count: number;
}

// A single-table select names its columns without the table, which a subquery would read as its own column.
const OUTER_ID = sql.raw('"assignments"."id"');

/** Every assignment the student sees, with its activities and how many of them the student has submitted. */
export async function listForStudent(db: DbOrTx, studentId: number): Promise<StudentAssignmentRow[]> {
  const rows = await db
    .select({
      id: assignments.id,
      name: assignments.name,
      start_at: assignments.startAt,
      due_at: assignments.dueAt,
      // each activity with the student's attempt at it (issue 6: the home's Open, Continue or Review)
      activities: sql<StudentAssignmentRow['activities']>`coalesce((select json_agg(json_build_object('id', ac.id,
          'title', ac.title, 'attempt', (select json_build_object('id', t.id, 'status', t.status) from attempts t
            where t.assignment_id = aa.assignment_id and t.activity_id = aa.activity_id and t.student_id = ${studentId}))
          order by aa.position)
        from assignment_activities aa join activities ac on ac.id = aa.activity_id where aa.assignment_id = ${OUTER_ID}), '[]')`,
      submitted_count: sql<number>`(select count(distinct t.activity_id)::int from attempts t
        join assignment_activities aa on aa.assignment_id = t.assignment_id and aa.activity_id = t.activity_id
        where t.assignment_id = ${OUTER_ID} and t.student_id = ${studentId} and t.status = 'submitted')`,
    })
    .from(assignments)
    .where(
      and(
        visibleToStudent(studentId),
        sql`${assignments.accountId} = (select u.account_id from users u where u.id = ${studentId})`,
      ),
    )
    .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.startAt), asc(assignments.id));
  return rows;
}

// ---- subjects of the scoped lists ----

export async function classInReach(db: DbOrTx, reach: Reach, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, id), classReachable(reach)))
    .limit(1);
  return !!row;
}

export async function groupInReach(db: DbOrTx, reach: Reach, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, id), groupReachable(reach)))
    .limit(1);
  return !!row;
}

export async function studentInReach(db: DbOrTx, reach: Reach, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), studentReachable(reach)))
    .limit(1);
  return !!row;
}
