import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  classroomName,
  type AssignmentListFilter,
  type AssignmentListSubject,
  type MemberType,
} from '@aula/domain/assignments';
import type { AttemptStatus } from '@aula/domain/attempts';
import { preparedQuery, type DbOrTx } from '../../db/client';
import {
  activities,
  assignmentActivities,
  assignmentSets,
  assignments,
  attempts,
  classes,
  groups,
  users,
} from '../../db/schema';
import { likePattern, offsetOf, type PageResult } from '../accounts/listing';
import {
  assignmentReachable,
  classReachable,
  groupReachable,
  studentReachable,
  visibleToStudent,
  type Reach,
} from './assignment-scope.repo';
import { idList, type AssignmentRow } from './assignments.repo';

// The lists of assignments: under each subject (the staff lists, with their extras), the student's own, and
// whether the caller reaches a list's subject.

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
// the student's home list (every student calls it as an exam starts), built once per database handle
const studentList = (db: DbOrTx) =>
  preparedQuery(db, 'assignments_list_for_student', (d, name) => {
    const studentId = sql`${sql.placeholder('studentId')}`;
    return d
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
      .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.startAt), asc(assignments.id))
      .prepare(name);
  });

export async function listForStudent(db: DbOrTx, studentId: number): Promise<StudentAssignmentRow[]> {
  return studentList(db).execute({ studentId });
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
