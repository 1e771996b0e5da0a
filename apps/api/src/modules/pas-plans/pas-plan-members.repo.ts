import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../accounts/listing';
import { classReachable, type PlanCaller } from './pas-scope.repo';
import { ids } from './pas-plans.repo';

// A PAS plan's classes (members, suspended or not), the classes and courses it may take, its students' settings,
// a copy of a plan, and the class overview.

// ---- members ----

export interface MemberRow {
  member_id: number;
  title: string;
  custom_title: string | null;
  periods: string | null;
  organization_id: number;
  suspended: 0 | 1;
  assigned_at: Date;
  reachable: boolean;
}

export async function listMembers(db: DbOrTx, caller: PlanCaller, planId: number) {
  const res = await db.execute<MemberRow & Record<string, unknown>>(sql`
    select m.member_id, c.title, c.custom_title, c.periods, c.organization_id, m.suspended, m.assigned_at,
      (${classReachable(caller)}) as reachable
    from pas_plan_members m join classes c on c.id = m.member_id
    where m.plan_id = ${planId} and m.member_type = 'class' and c.deleted_at is null
    order by coalesce(c.custom_title, c.title), c.id`);
  return res.rows;
}

/** The classes among `classIds` that the caller reaches and that belong to the account. */
export async function reachableClassIds(db: DbOrTx, caller: PlanCaller, accountId: number, classIds: number[]) {
  const res = await db.execute<{ id: number }>(sql`
    select c.id from classes c where c.id = any(${ids(classIds)}) and c.account_id = ${accountId}
      and ${classReachable(caller)}`);
  return res.rows.map((r) => r.id);
}

/** The caller's classes of a course of the account. */
export async function courseClassIds(db: DbOrTx, caller: PlanCaller, accountId: number, courseId: number) {
  const course = await db.execute(
    sql`select 1 from courses where id = ${courseId} and account_id = ${accountId} and deleted_at is null`,
  );
  if (course.rows.length === 0) return null;
  const res = await db.execute<{ id: number }>(sql`
    select c.id from classes c where c.course_id = ${courseId} and c.account_id = ${accountId}
      and ${classReachable(caller)} order by c.id`);
  return res.rows.map((r) => r.id);
}

export async function insertClassMembers(db: DbOrTx, planId: number, classIds: number[]) {
  if (classIds.length === 0) return;
  await db.execute(sql`
    insert into pas_plan_members (plan_id, member_type, member_id)
    select ${planId}, 'class', unnest(${ids(classIds)}) on conflict do nothing`);
}

export async function deleteClassMember(db: DbOrTx, planId: number, classId: number): Promise<boolean> {
  const res = await db.execute(sql`delete from pas_plan_members
    where plan_id = ${planId} and member_type = 'class' and member_id = ${classId} returning member_id`);
  return res.rows.length > 0;
}

export async function findClassMember(db: DbOrTx, planId: number, classId: number) {
  const res = await db.execute<{ suspended: 0 | 1; assigned_at: Date }>(sql`
    select suspended, assigned_at from pas_plan_members
    where plan_id = ${planId} and member_type = 'class' and member_id = ${classId}`);
  return res.rows[0] ?? null;
}

/**
 * Opts a class out (suspended) or back in. Back in, the class takes part from that day on: assigned_at moves to
 * now, so the dates it missed while out are not given late.
 */
export async function setSuspended(db: DbOrTx, planId: number, classId: number, suspended: 0 | 1) {
  await db.execute(sql`update pas_plan_members set suspended = ${suspended},
      assigned_at = case when ${suspended} = 0 then now() else assigned_at end
    where plan_id = ${planId} and member_type = 'class' and member_id = ${classId}`);
}

export async function copyPlan(
  db: DbOrTx,
  fromId: number,
  v: { name: string; isTemplate: 0 | 1; createdBy: number },
): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    insert into pas_plans (account_id, name, product_id, academic_session_id, plan_type, activities_per_assignment,
      cron_day, assign_time, time_zone, start_date, end_date, is_template, active_for_students, created_by)
    select account_id, ${v.name}, product_id, academic_session_id, plan_type, activities_per_assignment, cron_day,
      assign_time, time_zone, start_date, end_date, ${v.isTemplate}, active_for_students, ${v.createdBy}
    from pas_plans where id = ${fromId}
    returning id`);
  const id = res.rows[0]!.id;
  const pairs = await db.execute<{ old_id: number; new_id: number }>(sql`
    with src as (select * from pas_plan_assignments where plan_id = ${fromId}),
    ins as (
      insert into pas_plan_assignments (plan_id, position, title, date, original_date, original_date_name, settings)
      select ${id}, position, title, date, original_date, original_date_name, settings from src order by id
      returning id, position, title, date
    )
    select s.id as old_id, i.id as new_id from src s join ins i
      on i.position = s.position and i.title = s.title and i.date is not distinct from s.date`);
  if (pairs.rows.length > 0)
    await db.execute(sql`
      insert into pas_plan_assignment_activities (plan_assignment_id, activity_id, is_locked, position)
      select m.new_id, x.activity_id, x.is_locked, x.position
      from unnest(${ids(pairs.rows.map((p) => p.old_id))}, ${ids(pairs.rows.map((p) => p.new_id))}) m(old_id, new_id)
      join pas_plan_assignment_activities x on x.plan_assignment_id = m.old_id`);
  await db.execute(sql`
    insert into pas_student_settings (plan_id, student_id, is_active)
    select ${id}, student_id, is_active from pas_student_settings where plan_id = ${fromId}`);
  return id;
}

// ---- available classes and courses ----

export async function availableClasses(
  db: DbOrTx,
  caller: PlanCaller,
  plan: { id: number; account_id: number; academic_session_id: number | null },
  f: { page: number; per_page: number; search?: string },
) {
  const conds = [classReachable(caller), sql`c.account_id = ${plan.account_id}`];
  // a class of another academic session is not offered; a class without one is
  if (plan.academic_session_id !== null)
    conds.push(sql`(c.academic_session_id is null or c.academic_session_id = ${plan.academic_session_id})`);
  if (f.search)
    conds.push(sql`(c.title ilike ${likePattern(f.search)} or c.custom_title ilike ${likePattern(f.search)})`);
  const where = sql.join(conds, sql` and `);
  const [rows, total] = await Promise.all([
    db.execute<{
      id: number;
      title: string;
      custom_title: string | null;
      periods: string | null;
      organization_id: number;
      organization_name: string;
      course_id: number | null;
      students: number;
      is_assigned: boolean;
    }>(sql`
      select c.id, c.title, c.custom_title, c.periods, c.organization_id, o.name as organization_name, c.course_id,
        (select count(*)::int from class_users cu where cu.class_id = c.id and cu.user_type = 'student') as students,
        exists (select 1 from pas_plan_members m where m.plan_id = ${plan.id} and m.member_type = 'class'
          and m.member_id = c.id) as is_assigned
      from classes c join organizations o on o.id = c.organization_id
      where ${where} order by coalesce(c.custom_title, c.title), c.id
      limit ${f.per_page} offset ${(f.page - 1) * f.per_page}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from classes c where ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

export async function availableCourses(
  db: DbOrTx,
  caller: PlanCaller,
  plan: { id: number; account_id: number },
  f: { page: number; per_page: number; search?: string },
) {
  const conds = [sql`co.account_id = ${plan.account_id}`, sql`co.deleted_at is null`];
  if (f.search) conds.push(sql`co.title ilike ${likePattern(f.search)}`);
  // a course is offered when the caller reaches at least one of its classes
  conds.push(sql`exists (select 1 from classes c where c.course_id = co.id and ${classReachable(caller)})`);
  const where = sql.join(conds, sql` and `);
  const [rows, total] = await Promise.all([
    db.execute<{ id: number; title: string; course_code: string | null; classes: number; assigned: number }>(sql`
      select co.id, co.title, co.course_code,
        (select count(*)::int from classes c where c.course_id = co.id and ${classReachable(caller)}) as classes,
        (select count(*)::int from classes c join pas_plan_members m on m.member_id = c.id and m.member_type = 'class'
          and m.plan_id = ${plan.id} where c.course_id = co.id and ${classReachable(caller)}) as assigned
      from courses co where ${where} order by co.title, co.id
      limit ${f.per_page} offset ${(f.page - 1) * f.per_page}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from courses co where ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

// ---- student settings ----

export async function classStudents(db: DbOrTx, planId: number, classId: number) {
  const res = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    username: string | null;
    setting: 0 | 1 | null;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.username, st.is_active as setting
    from class_users cu join users u on u.id = cu.user_id and u.deleted_at is null
    left join pas_student_settings st on st.plan_id = ${planId} and st.student_id = u.id
    where cu.class_id = ${classId} and cu.user_type = 'student'
    order by u.last_name, u.first_name, u.id`);
  return res.rows;
}

/** The plan's assigned classes (reachable by the caller) that this student is in. */
export async function studentInPlanClasses(db: DbOrTx, caller: PlanCaller, planId: number, studentId: number) {
  const res = await db.execute<{ id: number }>(sql`
    select c.id from classes c
    join pas_plan_members m on m.plan_id = ${planId} and m.member_type = 'class' and m.member_id = c.id
    join class_users cu on cu.class_id = c.id and cu.user_id = ${studentId} and cu.user_type = 'student'
    where ${classReachable(caller)}`);
  return res.rows.map((r) => r.id);
}

export async function setStudentSetting(db: DbOrTx, planId: number, studentId: number, isActive: 0 | 1) {
  await db.execute(sql`
    insert into pas_student_settings (plan_id, student_id, is_active) values (${planId}, ${studentId}, ${isActive})
    on conflict (plan_id, student_id) do update set is_active = excluded.is_active`);
}

export async function clearStudentSettings(db: DbOrTx, planId: number) {
  await db.execute(sql`delete from pas_student_settings where plan_id = ${planId}`);
}

// ---- overviews ----

/** Per dated assignment: how many classes got it, for the plan's overview. */
export async function classOverview(db: DbOrTx, planId: number, classId: number) {
  const res = await db.execute<{
    plan_assignment_id: number;
    title: string;
    date: string | null;
    original_date: string | null;
    original_date_name: string | null;
    activities: number;
    assignment_id: number | null;
    start_at: Date | null;
    due_at: Date | null;
    members: number | null;
    class_wide: boolean | null;
  }>(sql`
    select pa.id as plan_assignment_id, pa.title, pa.date::text as date, pa.original_date::text as original_date,
      pa.original_date_name,
      (select count(*)::int from pas_plan_assignment_activities x where x.plan_assignment_id = pa.id) as activities,
      a.id as assignment_id, a.start_at, a.due_at,
      (select count(*)::int from assignment_members am where am.assignment_id = a.id) as members,
      exists (select 1 from assignment_members am where am.assignment_id = a.id and am.member_type = 'class')
        as class_wide
    from pas_plan_assignments pa
    left join pas_materialisations x on x.plan_assignment_id = pa.id and x.class_id = ${classId}
    left join assignments a on a.id = x.assignment_id and a.deleted_at is null
    where pa.plan_id = ${planId} and pa.date is not null
    order by pa.date, pa.position`);
  return res.rows;
}
