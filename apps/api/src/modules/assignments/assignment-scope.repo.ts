import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { assignmentSets, assignments, classes, groups, users } from '../../db/schema';
import { accountColumnInScope, classVisible, type ClassReach } from '../classes/class-scope.repo';

// The one translation of a caller's reach into WHERE clauses for assignments and what they are assigned to
// (classes, groups, students) and for assignment sets. A row outside these clauses does not exist for the caller:
// services answer 404, lists leave it out.
//
// Reach, from the caller's tenant slice (lib/auth-context TenantScope) and role:
// - provider staff: every live account; a domain admin: their domain's accounts; a district admin: their account;
// - a school admin (or a custom role without account context): their account, classes and groups of their schools,
//   students of their schools, assignments of their schools or made for those classes, groups or students;
// - a teacher: their account, the classes they teach, the groups they teach, made or that hang off their classes,
//   the students of those, and the assignments made by them or for any of those.

export type Reach =
  | { kind: 'global' }
  | { kind: 'domain'; domainId: number }
  | { kind: 'account'; accountId: number }
  | { kind: 'organization'; accountId: number; organizationIds: number[] }
  | { kind: 'teacher'; accountId: number; userId: number };

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

/** The reach's account slice, by the classes module's rule (a teacher's is their account). */
function accountClause(col: AnyColumn, reach: Reach): SQL {
  return accountColumnInScope(col, reach.kind === 'teacher' ? { kind: 'account', accountId: reach.accountId } : reach);
}

/** The caller's reach as the classes module's one class rule sees it. */
function classScopeOfReach(reach: Reach): ClassReach {
  return reach.kind === 'teacher'
    ? { tenant: { kind: 'account', accountId: reach.accountId }, teacherId: reach.userId }
    : { tenant: reach, teacherId: null };
}

/** Live classes the caller may assign to and list under: the classes module's rule (class-scope.repo.ts). */
export function classReachable(reach: Reach): SQL {
  return classVisible(classScopeOfReach(reach));
}

/** Live groups the caller may assign to and list under. */
export function groupReachable(reach: Reach): SQL {
  const base = and(isNull(groups.deletedAt), accountClause(groups.accountId, reach));
  switch (reach.kind) {
    case 'organization':
      return and(
        base,
        sql`(${groups.organizationId} = any(${ids(reach.organizationIds)}) or exists (select 1 from group_classes gc join classes c on c.id = gc.class_id where gc.group_id = ${groups.id} and c.deleted_at is null and c.organization_id = any(${ids(reach.organizationIds)})))`,
      )!;
    case 'teacher':
      return and(
        base,
        sql`(${groups.createdBy} = ${reach.userId}
          or exists (select 1 from group_users gu where gu.group_id = ${groups.id} and gu.user_id = ${reach.userId} and gu.user_type = 'teacher')
          or exists (select 1 from group_classes gc join class_users cu on cu.class_id = gc.class_id where gc.group_id = ${groups.id} and cu.user_id = ${reach.userId} and cu.user_type = 'teacher'))`,
      )!;
    default:
      return base!;
  }
}

/** Live students the caller may assign to and list under. */
export function studentReachable(reach: Reach): SQL {
  const base = and(eq(users.role, 'student'), isNull(users.deletedAt), accountClause(users.accountId, reach));
  switch (reach.kind) {
    case 'organization':
      return and(
        base,
        sql`exists (select 1 from user_organizations uo where uo.user_id = ${users.id} and uo.organization_id = any(${ids(reach.organizationIds)}))`,
      )!;
    case 'teacher':
      return and(
        base,
        sql`(exists (select 1 from class_users s join class_users t on t.class_id = s.class_id join classes c on c.id = s.class_id
                     where s.user_id = ${users.id} and s.user_type = 'student' and t.user_id = ${reach.userId} and t.user_type = 'teacher' and c.deleted_at is null)
          or exists (select 1 from group_users s join groups g on g.id = s.group_id
                     where s.user_id = ${users.id} and s.user_type = 'student' and g.deleted_at is null and (g.created_by = ${reach.userId}
                       or exists (select 1 from group_users t where t.group_id = g.id and t.user_id = ${reach.userId} and t.user_type = 'teacher')
                       or exists (select 1 from group_classes gc join class_users t on t.class_id = gc.class_id where gc.group_id = g.id and t.user_id = ${reach.userId} and t.user_type = 'teacher'))))`,
      )!;
    default:
      return base!;
  }
}

/** Some member of the assignment is a class, group or student the caller reaches. */
function someMemberReachable(reach: Reach): SQL {
  return sql`exists (select 1 from assignment_members m where m.assignment_id = ${assignments.id} and (
    (m.member_type = 'class' and m.member_id in (select ${classes.id} from ${classes} where ${classReachable(reach)}))
    or (m.member_type = 'group' and m.member_id in (select ${groups.id} from ${groups} where ${groupReachable(reach)}))
    or (m.member_type = 'student' and m.member_id in (select ${users.id} from ${users} where ${studentReachable(reach)}))))`;
}

/** Live assignments the caller may see (and, holding the permission, change). */
export function assignmentReachable(reach: Reach): SQL {
  const base = and(isNull(assignments.deletedAt), accountClause(assignments.accountId, reach));
  switch (reach.kind) {
    case 'organization':
      return and(
        base,
        sql`(${assignments.organizationId} = any(${ids(reach.organizationIds)}) or ${someMemberReachable(reach)})`,
      )!;
    case 'teacher':
      return and(base, sql`(${assignments.createdBy} = ${reach.userId} or ${someMemberReachable(reach)})`)!;
    default:
      return base!;
  }
}

/**
 * Live assignment sets the caller may see: every set of the districts in their slice. A set groups assignments across
 * a district (a unit every teacher adds to); what a caller sees inside it is still only the assignments they reach.
 */
export function assignmentSetReachable(reach: Reach): SQL {
  return and(isNull(assignmentSets.deletedAt), accountClause(assignmentSets.accountId, reach))!;
}

/**
 * The assignments a student sees: live ones named for them, for a live class or group they are a student of. A PAS
 * plan's assignment shows only while the plan is active for the student (every student of its classes when the plan
 * is active for all, else those whose student setting is active).
 */
/** `student`: an id, or a column of an outer query (e.g. sql`u.id`). */
export function visibleToStudent(studentId: number | SQL): SQL {
  return sql`${assignments.deletedAt} is null and exists (select 1 from assignment_members m where m.assignment_id = ${assignments.id} and (
      (m.member_type = 'student' and m.member_id = ${studentId})
      or (m.member_type = 'class' and exists (select 1 from class_users cu join classes c on c.id = cu.class_id
            where cu.class_id = m.member_id and cu.user_id = ${studentId} and cu.user_type = 'student' and c.deleted_at is null))
      or (m.member_type = 'group' and exists (select 1 from group_users gu join groups g on g.id = gu.group_id
            where gu.group_id = m.member_id and gu.user_id = ${studentId} and gu.user_type = 'student' and g.deleted_at is null))))
    and (${assignments.planId} is null or exists (select 1 from pas_plans p where p.id = ${assignments.planId} and (p.active_for_students = 1
      or exists (select 1 from pas_student_settings ps where ps.plan_id = p.id and ps.student_id = ${studentId} and ps.is_active = 1))))`;
}
