import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assignments, users } from '../../db/schema';
import { visibleToStudent } from '../assignments/assignment-scope.repo';
import { studentName } from './attempts.repo';

// The students an assignment is for (the teachers' progress and preview), and the lab group a student works in.

export interface AssignedStudent {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
}

/** Live students the assignment is for (the student app's rule), and anyone who has an attempt at it. */
function assignedOrAttempted(assignmentId: number): SQL {
  return and(
    eq(users.role, 'student'),
    isNull(users.deletedAt),
    or(
      visibleToStudent(sql`${users.id}`),
      sql`exists (select 1 from attempts t where t.assignment_id = ${assignmentId} and t.student_id = ${users.id})`,
    ),
  )!;
}

export async function listAssignedStudents(db: DbOrTx, assignmentId: number): Promise<AssignedStudent[]> {
  return db
    .select({ id: users.id, name: studentName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(assignments, eq(assignments.id, assignmentId))
    .where(assignedOrAttempted(assignmentId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export async function findAssignedStudent(
  db: DbOrTx,
  assignmentId: number,
  studentId: number,
): Promise<AssignedStudent | undefined> {
  const [row] = await db
    .select({ id: users.id, name: studentName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(assignments, eq(assignments.id, assignmentId))
    .where(and(eq(users.id, studentId), assignedOrAttempted(assignmentId)))
    .limit(1);
  return row;
}

// ---- the student's lab group (Vernier's group parameters, 000 section 7) ----

export interface StudentLabGroup {
  id: number;
  ownerId: number | null;
  members: number;
  started: number;
}

/**
 * The lab group a student works in for an assignment's activity: one of the assignment's own lab groups, else one of
 * the lab groups of a class the assignment is for (docs/attempts.md). `started` counts the members with an attempt.
 */
export async function findStudentLabGroup(
  db: DbOrTx,
  assignmentId: number,
  activityId: number,
  studentId: number,
): Promise<StudentLabGroup | undefined> {
  const res = await db.execute<{ id: number; owner_id: number | null; members: number; started: number }>(sql`
    select lg.id,
      (select u.user_id from lab_group_users u where u.lab_group_id = lg.id and u.is_owner
        order by u.user_id limit 1) as owner_id,
      (select count(*)::int from lab_group_users u where u.lab_group_id = lg.id) as members,
      (select count(*)::int from lab_group_users u join attempts t on t.student_id = u.user_id
        and t.assignment_id = ${assignmentId} and t.activity_id = ${activityId}
        where u.lab_group_id = lg.id) as started
    from lab_groups lg
    join lab_group_users m on m.lab_group_id = lg.id and m.user_id = ${studentId}
    where lg.assignment_id = ${assignmentId}
      or (lg.assignment_id is null and lg.class_id in (
        select member_id from assignment_members where assignment_id = ${assignmentId} and member_type = 'class'))
    order by (lg.assignment_id is null), lg.id
    limit 1
  `);
  const row = res.rows[0];
  return row && { id: row.id, ownerId: row.owner_id, members: row.members, started: row.started };
}
