import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classUsers, classes, labGroups, organizations, users } from '../../db/schema';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';
import { classVisible, studentReachable, teacherReachable, type ClassScope } from './class-scope.repo';

export type ClassRow = typeof classes.$inferSelect;

export interface PersonRef {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
}

export interface ClassListRow extends ClassRow {
  organizationName: string;
  primaryTeacher: PersonRef | null;
  studentsCount: number;
  teachersCount: number;
}

// The primary teacher (001 section 3): the class's teacher marked primary, else its first teacher by name.
const primaryTeacher = sql<PersonRef | null>`(
  select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'middle_name', u.middle_name)
    from class_users cu join users u on u.id = cu.user_id
   where cu.class_id = ${classes.id} and cu.user_type = 'teacher' and u.deleted_at is null
   order by cu.is_primary desc, u.last_name, u.first_name, u.id
   limit 1)`;
const memberCount = (type: 'student' | 'teacher') =>
  sql<number>`(select count(*)::int from class_users cu join users u on u.id = cu.user_id
     where cu.class_id = ${classes.id} and cu.user_type = ${type} and u.deleted_at is null)`;

const listColumns = {
  row: classes,
  organizationName: organizations.name,
  primaryTeacher,
  studentsCount: memberCount('student'),
  teachersCount: memberCount('teacher'),
};

function flatten(r: {
  row: ClassRow;
  organizationName: string;
  primaryTeacher: PersonRef | null;
  studentsCount: number;
  teachersCount: number;
}): ClassListRow {
  return {
    ...r.row,
    organizationName: r.organizationName,
    primaryTeacher: r.primaryTeacher,
    studentsCount: Number(r.studentsCount),
    teachersCount: Number(r.teachersCount),
  };
}

export async function findClass(db: DbOrTx, scope: ClassScope, id: number): Promise<ClassListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(classes)
    .innerJoin(organizations, eq(organizations.id, classes.organizationId))
    .where(and(eq(classes.id, id), classVisible(scope)))
    .limit(1);
  return row && flatten(row);
}

export interface ClassFilters extends PageRequest {
  search?: string | undefined;
  account_id?: number | undefined;
  organization_id?: number | undefined;
  organization_ids?: readonly number[] | undefined;
  teacher_id?: number | undefined;
  student_id?: number | undefined;
  academic_session_id?: number | undefined;
  /** the classes a group is related to (the list under a group) */
  group_id?: number | undefined;
  /** the classes a user belongs to, whatever their role in it ("my list") */
  member_id?: number | undefined;
}

const memberOf = (userId: number, type?: 'student' | 'teacher') =>
  sql`exists (select 1 from class_users m where m.class_id = ${classes.id} and m.user_id = ${userId}${
    type ? sql` and m.user_type = ${type}` : sql``
  })`;

export async function listClasses(db: DbOrTx, scope: ClassScope, f: ClassFilters): Promise<PageResult<ClassListRow>> {
  const where = and(
    classVisible(scope),
    f.search
      ? or(
          ilike(classes.title, likePattern(f.search)),
          ilike(classes.customTitle, likePattern(f.search)),
          sql`(${classes.title} || ' - ' || coalesce(${classes.periods}, '')) ilike ${likePattern(f.search)}`,
        )
      : undefined,
    f.account_id !== undefined ? eq(classes.accountId, f.account_id) : undefined,
    f.organization_id !== undefined ? eq(classes.organizationId, f.organization_id) : undefined,
    f.organization_ids !== undefined
      ? sql`${classes.organizationId} = any(${sql.param([...f.organization_ids])}::int[])`
      : undefined,
    f.academic_session_id !== undefined ? eq(classes.academicSessionId, f.academic_session_id) : undefined,
    f.teacher_id !== undefined ? memberOf(f.teacher_id, 'teacher') : undefined,
    f.student_id !== undefined ? memberOf(f.student_id, 'student') : undefined,
    f.member_id !== undefined ? memberOf(f.member_id) : undefined,
    f.group_id !== undefined
      ? sql`exists (select 1 from group_classes gc where gc.class_id = ${classes.id} and gc.group_id = ${f.group_id})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(classes)
      .innerJoin(organizations, eq(organizations.id, classes.organizationId))
      .where(where)
      .orderBy(
        sql`coalesce(nullif(trim(${classes.customTitle}), ''), ${classes.title})`,
        asc(classes.periods),
        asc(classes.id),
      )
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(classes).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export interface ClassMemberRow {
  id: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
  email: string | null;
  username: string | null;
  userType: string;
  isPrimary: boolean;
}

export async function listClassUsers(
  db: DbOrTx,
  classId: number,
  f: PageRequest & { user_type: 'student' | 'teacher'; search?: string | undefined },
): Promise<PageResult<ClassMemberRow>> {
  const where = and(
    eq(classUsers.classId, classId),
    eq(classUsers.userType, f.user_type),
    isNull(users.deletedAt),
    f.search
      ? or(
          ilike(users.firstName, likePattern(f.search)),
          ilike(users.lastName, likePattern(f.search)),
          ilike(users.username, likePattern(f.search)),
          ilike(users.email, likePattern(f.search)),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(f.search)}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        middleName: users.middleName,
        email: users.email,
        username: users.username,
        userType: classUsers.userType,
        isPrimary: classUsers.isPrimary,
      })
      .from(classUsers)
      .innerJoin(users, eq(users.id, classUsers.userId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(classUsers).innerJoin(users, eq(users.id, classUsers.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The live members of one kind of a class (ids only). */
export async function classMemberIds(db: DbOrTx, classId: number, type: 'student' | 'teacher'): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(classUsers)
    .innerJoin(users, eq(users.id, classUsers.userId))
    .where(and(eq(classUsers.classId, classId), eq(classUsers.userType, type), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

export async function updateClass(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<ClassRow, 'customTitle' | 'title' | 'periods' | 'grades' | 'subject' | 'settings'>>,
): Promise<void> {
  await db
    .update(classes)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(classes.id, id));
}

/** Makes one teacher of the class its primary teacher (and no other). */
export async function setPrimaryTeacher(db: DbOrTx, classId: number, teacherId: number): Promise<void> {
  await db
    .update(classUsers)
    .set({ isPrimary: sql`${classUsers.userId} = ${teacherId}` })
    .where(and(eq(classUsers.classId, classId), eq(classUsers.userType, 'teacher')));
}

export type StudentStatsRow = {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  username: string | null;
  email: string | null;
  assignments: number;
  attempts_started: number;
  attempts_submitted: number;
  last_activity_at: string | null;
};

// The assignments that reach a class's students through the class (002 section 3, class summary): those made for
// the class itself, for a live group related to the class (to the group's students), or for a student of the class
// directly. Counted from the assignments tables, whoever fills them.
const classAssignments = (classId: number, accountId: number) => sql`
  class_assignments as (
    select a.id, a.start_at, am.member_type, am.member_id
      from assignments a join assignment_members am on am.assignment_id = a.id
     where a.deleted_at is null and a.account_id = ${accountId}
       and ((am.member_type = 'class' and am.member_id = ${classId})
         or (am.member_type = 'group' and am.member_id in (
               select gc.group_id from group_classes gc join groups g on g.id = gc.group_id
                where gc.class_id = ${classId} and g.deleted_at is null))
         or (am.member_type = 'student' and am.member_id in (
               select cu.user_id from class_users cu where cu.class_id = ${classId} and cu.user_type = 'student')))
  ),
  class_students as (
    select u.id, u.first_name, u.last_name, u.middle_name, u.username, u.email
      from class_users cu join users u on u.id = cu.user_id
     where cu.class_id = ${classId} and cu.user_type = 'student' and u.deleted_at is null
  ),
  student_assignments as (
    select distinct s.id as student_id, ca.id as assignment_id, ca.start_at
      from class_students s join class_assignments ca
        on ca.member_type = 'class'
        or (ca.member_type = 'student' and ca.member_id = s.id)
        or (ca.member_type = 'group' and exists (
              select 1 from group_users gu where gu.group_id = ca.member_id and gu.user_id = s.id))
  )`;

/**
 * Each student of the class with their stats for a date range: assignments of the class opening in the range,
 * attempts at the class's assignments started and submitted in the range, and the last activity at any time.
 */
export async function classStudentStats(
  db: DbOrTx,
  c: { id: number; accountId: number },
  range: { from: string; to: string },
): Promise<StudentStatsRow[]> {
  // the range is of whole UTC days: [from 00:00, to + 1 day 00:00)
  const from = sql`${range.from}::date`;
  const to = sql`(${range.to}::date + 1)`;
  const res = await db.execute<StudentStatsRow>(sql`
    with ${classAssignments(c.id, c.accountId)}
    select s.id, s.first_name, s.last_name, s.middle_name, s.username, s.email,
      (select count(*)::int from student_assignments sa
        where sa.student_id = s.id and sa.start_at >= ${from} and sa.start_at < ${to}) as assignments,
      (select count(*)::int from attempts t join student_assignments sa
          on sa.assignment_id = t.assignment_id and sa.student_id = t.student_id
        where t.student_id = s.id and t.started_at >= ${from} and t.started_at < ${to}) as attempts_started,
      (select count(*)::int from attempts t join student_assignments sa
          on sa.assignment_id = t.assignment_id and sa.student_id = t.student_id
        where t.student_id = s.id and t.status = 'submitted'
          and t.submitted_at >= ${from} and t.submitted_at < ${to}) as attempts_submitted,
      (select to_char(max(t.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from attempts t
         join student_assignments sa on sa.assignment_id = t.assignment_id and sa.student_id = t.student_id
        where t.student_id = s.id) as last_activity_at
    from class_students s
    order by s.last_name, s.first_name, s.id`);
  return res.rows.map((r) => ({
    ...r,
    assignments: Number(r.assignments),
    attempts_started: Number(r.attempts_started),
    attempts_submitted: Number(r.attempts_submitted),
  }));
}

/** How many students of the class have at least one live assignment reaching them through the class. */
export async function countStudentsAssigned(db: DbOrTx, c: { id: number; accountId: number }): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    with ${classAssignments(c.id, c.accountId)}
    select count(distinct student_id)::int as n from student_assignments`);
  return Number(res.rows[0]?.n ?? 0);
}

export async function countLabGroups(db: DbOrTx, classId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(labGroups)
    .where(and(eq(labGroups.classId, classId), isNull(labGroups.assignmentId)));
  return row?.n ?? 0;
}

/** Which of these ids are students (or teachers) the caller reaches, of one account when given. */
export async function reachableUserIds(
  db: DbOrTx,
  scope: ClassScope,
  role: 'student' | 'teacher',
  ids: readonly number[],
  accountId?: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        role === 'student' ? studentReachable(scope) : teacherReachable(scope),
        inArray(users.id, [...ids]),
        accountId !== undefined ? eq(users.accountId, accountId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** One student or teacher the caller reaches (the subject of a list under /students/:id or /teachers/:id). */
export async function findReachableUser(
  db: DbOrTx,
  scope: ClassScope,
  role: 'student' | 'teacher',
  id: number,
): Promise<{ id: number; accountId: number | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(and(eq(users.id, id), role === 'student' ? studentReachable(scope) : teacherReachable(scope)))
    .limit(1);
  return row;
}
