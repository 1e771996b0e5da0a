import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StudentScope } from '@aula/domain/people';
import type { DbOrTx } from '../../db/client';
import {
  activities,
  assignmentActivities,
  assignmentMembers,
  assignments,
  attempts,
  classUsers,
  classes,
  groupUsers,
  groups,
  organizations,
  userOrganizations,
  userSettings,
  users,
} from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { classVisible, liveAccounts, visibleClassIds } from '../classes/class-scope.repo';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type UserRow = typeof users.$inferSelect;

/**
 * Which students a caller reaches (docs/people.md): provider staff all, a domain its accounts', a district (and an
 * account-level custom role) its account's, a school admin the students of their schools (by membership or by a
 * class of the school), a teacher (no organization context) the students of the classes they teach.
 */
export type StudentReach = TenantScope | { kind: 'teacher'; domainId: number; accountId: number; teacherId: number };

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

/** The student is in a live class the teacher teaches (a list filter: students of that teacher). */
const taughtBy = (teacherId: number | SQL) =>
  sql`exists (select 1 from ${classUsers} s join ${classUsers} t on t.class_id = s.class_id join ${classes} c on c.id = s.class_id where s.user_id = ${users.id} and s.user_type = 'student' and t.user_id = ${teacherId} and t.user_type = 'teacher' and c.deleted_at is null)`;

/** A teacher's reach: students of the classes the teacher reaches by the classes module's one class rule. */
const inTeachersClasses = (accountId: number, teacherId: number) =>
  sql`exists (select 1 from ${classUsers} s where s.user_id = ${users.id} and s.user_type = 'student' and s.class_id in ${visibleClassIds({ tenant: { kind: 'account', accountId }, teacherId })})`;

const inOrganizations = (orgIds: readonly number[]) =>
  sql`(exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = any(${ids(orgIds)})) or exists (select 1 from ${classUsers} s join ${classes} c on c.id = s.class_id where s.user_id = ${users.id} and s.user_type = 'student' and c.deleted_at is null and c.organization_id = any(${ids(orgIds)})))`;

/** The one tenant rule for students: live student users the caller reaches. */
export function studentInReach(reach: StudentReach): SQL {
  const base = and(
    eq(users.role, 'student'),
    isNull(users.deletedAt),
    or(isNull(users.accountId), sql`${users.accountId} in ${liveAccounts()}`),
  );
  switch (reach.kind) {
    case 'global':
      return base!;
    case 'domain':
      return and(base, sql`${users.accountId} in ${liveAccounts(reach.domainId)}`)!;
    case 'account':
      return and(base, eq(users.accountId, reach.accountId))!;
    case 'organization':
      return and(base, eq(users.accountId, reach.accountId), inOrganizations(reach.organizationIds))!;
    case 'teacher':
      return and(base, eq(users.accountId, reach.accountId), inTeachersClasses(reach.accountId, reach.teacherId))!;
  }
}

/** A list's scope narrows the reach; ids the caller cannot see simply match nobody they reach. */
function scopeFilter(scope: StudentScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return and(
    scope.account_id !== undefined ? eq(users.accountId, scope.account_id) : undefined,
    scope.organization_id !== undefined ? inOrganizations([scope.organization_id]) : undefined,
    scope.organization_ids !== undefined ? inOrganizations(scope.organization_ids) : undefined,
    scope.class_id !== undefined
      ? sql`exists (select 1 from ${classUsers} s join ${classes} c on c.id = s.class_id where s.user_id = ${users.id} and s.user_type = 'student' and s.class_id = ${scope.class_id} and c.deleted_at is null)`
      : undefined,
    scope.teacher_id !== undefined ? taughtBy(scope.teacher_id) : undefined,
    scope.group_id !== undefined
      ? sql`exists (select 1 from ${groupUsers} gu join ${groups} g on g.id = gu.group_id where gu.user_id = ${users.id} and gu.user_type = 'student' and gu.group_id = ${scope.group_id} and g.deleted_at is null)`
      : undefined,
  );
}

const searchFilter = (search: string | undefined) =>
  search
    ? or(
        ilike(users.firstName, likePattern(search)),
        ilike(users.lastName, likePattern(search)),
        ilike(users.email, likePattern(search)),
        ilike(users.username, likePattern(search)),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${likePattern(search)}`,
      )
    : undefined;

export async function findStudent(db: DbOrTx, reach: StudentReach, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), studentInReach(reach)))
    .limit(1);
  return row;
}

export interface StudentFilters extends PageRequest {
  search?: string | undefined;
  scope?: StudentScope | undefined;
  /** only students of classes this teacher teaches (my list) */
  mineOf?: number | undefined;
}

export async function listStudents(db: DbOrTx, reach: StudentReach, f: StudentFilters): Promise<PageResult<UserRow>> {
  const where = and(
    studentInReach(reach),
    scopeFilter(f.scope),
    f.mineOf !== undefined ? taughtBy(f.mineOf) : undefined,
    searchFilter(f.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- relations: classes, schools and groups of students, as far as the caller reaches ----

export interface ClassRef {
  id: number;
  title: string;
  customTitle: string | null;
  periods: string | null;
  organizationId: number;
}
export interface Relations {
  classes: ClassRef[];
  organizations: { id: number; name: string }[];
  groups: { id: number; name: string }[];
}

/** Classes the caller may see of a student: the classes module's one class rule (class-scope.repo.ts). */
function classesOfReach(reach: StudentReach): SQL {
  return classVisible(
    reach.kind === 'teacher'
      ? { tenant: { kind: 'account', accountId: reach.accountId }, teacherId: reach.teacherId }
      : { tenant: reach, teacherId: null },
  );
}

export async function loadRelations(
  db: DbOrTx,
  reach: StudentReach,
  studentIds: readonly number[],
): Promise<Map<number, Relations>> {
  const out = new Map<number, Relations>();
  for (const id of studentIds) out.set(id, { classes: [], organizations: [], groups: [] });
  if (studentIds.length === 0) return out;
  const list = ids(studentIds);
  const [classRows, orgRows, groupRows] = await Promise.all([
    db
      .select({
        userId: classUsers.userId,
        id: classes.id,
        title: classes.title,
        customTitle: classes.customTitle,
        periods: classes.periods,
        organizationId: classes.organizationId,
      })
      .from(classUsers)
      .innerJoin(classes, eq(classes.id, classUsers.classId))
      .where(and(sql`${classUsers.userId} = any(${list})`, eq(classUsers.userType, 'student'), classesOfReach(reach)))
      .orderBy(asc(classes.title), asc(classes.id)),
    db
      .select({ userId: userOrganizations.userId, id: organizations.id, name: organizations.name })
      .from(userOrganizations)
      .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
      .where(and(sql`${userOrganizations.userId} = any(${list})`, isNull(organizations.deletedAt)))
      .orderBy(asc(organizations.name), asc(organizations.id)),
    db
      .select({ userId: groupUsers.userId, id: groups.id, name: groups.name })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(
        and(sql`${groupUsers.userId} = any(${list})`, eq(groupUsers.userType, 'student'), isNull(groups.deletedAt)),
      )
      .orderBy(asc(groups.name), asc(groups.id)),
  ]);
  for (const { userId, ...c } of classRows) out.get(userId)!.classes.push(c);
  for (const { userId, ...o } of orgRows) out.get(userId)!.organizations.push(o);
  for (const { userId, ...g } of groupRows) out.get(userId)!.groups.push(g);
  return out;
}

// ---- settings ----

export async function loadSettings(db: DbOrTx, userId: number): Promise<Map<string, unknown>> {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return new Map(rows.map((r) => [r.setting, r.value]));
}

export async function setLanguage(db: DbOrTx, userId: number, language: number): Promise<void> {
  await db
    .update(users)
    .set({ language, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// ---- activities assigned to a student ----

export interface StudentActivityFilters extends PageRequest {
  search?: string | undefined;
  class_id?: number | undefined;
  status?: 'not_started' | 'in_progress' | 'submitted' | undefined;
}

export interface StudentActivityRow {
  assignmentId: number;
  assignmentName: string;
  startAt: Date;
  dueAt: Date | null;
  activityId: number;
  activityTitle: string;
  attemptStatus: string | null;
  startedAt: Date | null;
  submittedAt: Date | null;
  progressSection: number | null;
}

/**
 * The activities assigned to a student: through a live class or group they are a student of, or to them by name;
 * with their attempt, if any. With class_id, only what came through that class (or to the student directly).
 */
export async function listStudentActivities(
  db: DbOrTx,
  student: { id: number; accountId: number | null },
  f: StudentActivityFilters,
): Promise<PageResult<StudentActivityRow>> {
  const sid = student.id;
  const viaClass =
    f.class_id !== undefined
      ? sql`(m.member_type = 'class' and m.member_id = ${f.class_id} and exists (select 1 from ${classUsers} cu join ${classes} c on c.id = cu.class_id where cu.class_id = m.member_id and cu.user_id = ${sid} and cu.user_type = 'student' and c.deleted_at is null))`
      : sql`(m.member_type = 'class' and exists (select 1 from ${classUsers} cu join ${classes} c on c.id = cu.class_id where cu.class_id = m.member_id and cu.user_id = ${sid} and cu.user_type = 'student' and c.deleted_at is null))`;
  const viaGroup =
    f.class_id !== undefined
      ? sql`false`
      : sql`(m.member_type = 'group' and exists (select 1 from ${groupUsers} gu join ${groups} g on g.id = gu.group_id where gu.group_id = m.member_id and gu.user_id = ${sid} and gu.user_type = 'student' and g.deleted_at is null))`;
  const status =
    f.status === 'not_started'
      ? isNull(attempts.id)
      : f.status === 'in_progress'
        ? eq(attempts.status, 'in_progress')
        : f.status === 'submitted'
          ? eq(attempts.status, 'submitted')
          : undefined;
  const where = and(
    isNull(assignments.deletedAt),
    student.accountId !== null ? eq(assignments.accountId, student.accountId) : sql`false`,
    sql`exists (select 1 from ${assignmentMembers} m where m.assignment_id = ${assignments.id} and ((m.member_type = 'student' and m.member_id = ${sid}) or ${viaClass} or ${viaGroup}))`,
    f.search
      ? or(ilike(activities.title, likePattern(f.search)), ilike(assignments.name, likePattern(f.search)))
      : undefined,
    status,
  );
  const from = () =>
    db
      .select({
        assignmentId: assignments.id,
        assignmentName: assignments.name,
        startAt: assignments.startAt,
        dueAt: assignments.dueAt,
        activityId: activities.id,
        activityTitle: activities.title,
        attemptStatus: attempts.status,
        startedAt: attempts.startedAt,
        submittedAt: attempts.submittedAt,
        progressSection: attempts.progressSection,
      })
      .from(assignments)
      .innerJoin(assignmentActivities, eq(assignmentActivities.assignmentId, assignments.id))
      .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
      .leftJoin(
        attempts,
        and(
          eq(attempts.assignmentId, assignments.id),
          eq(attempts.activityId, assignmentActivities.activityId),
          eq(attempts.studentId, sid),
        ),
      );
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(sql`${assignments.startAt} desc`, asc(assignments.id), asc(assignmentActivities.position))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db
      .select({ n: count() })
      .from(assignments)
      .innerJoin(assignmentActivities, eq(assignmentActivities.assignmentId, assignments.id))
      .innerJoin(activities, eq(activities.id, assignmentActivities.activityId))
      .leftJoin(
        attempts,
        and(
          eq(attempts.assignmentId, assignments.id),
          eq(attempts.activityId, assignmentActivities.activityId),
          eq(attempts.studentId, sid),
        ),
      )
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
