import { sql, type SQL } from 'drizzle-orm';
import type { PlanAssignmentSettings, PlanListFilter } from '@aula/domain/pas-plans';
import type { RecurrenceCode } from '@aula/domain/plan-generation';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../accounts/listing';
import { classReachable, planReadable, planWritable, sessionReadable, type PlanCaller } from './pas-scope.repo';

// PAS plans: Drizzle queries only (raw SQL where a plan's counts are summed up). Dates leave the database as text
// (YYYY-MM-DD), never as JavaScript dates, so no time zone can move them.

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

export interface PlanRow {
  id: number;
  account_id: number;
  domain_id: number;
  name: string;
  product_id: number | null;
  product_name: string | null;
  academic_session_id: number | null;
  academic_session_title: string | null;
  plan_type: RecurrenceCode;
  activities_per_assignment: number;
  cron_day: number | null;
  assign_time: string;
  time_zone: string;
  start_date: string | null;
  end_date: string | null;
  is_published: 0 | 1;
  is_template: 0 | 1;
  active_for_students: 0 | 1;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  scheduled_assignments: number;
  unassigned_activities: number;
  activities_count: number;
  assigned_classes: number;
  active_classes: number;
  /** in the class list: whether that class is opted out */
  class_suspended?: 0 | 1 | null;
}

const PLAN_COLUMNS = sql`
  p.id, p.account_id, acc.domain_id, p.name, p.product_id, pr.name as product_name, p.academic_session_id,
  s.title as academic_session_title, p.plan_type, p.activities_per_assignment, p.cron_day, p.assign_time, p.time_zone,
  p.start_date::text as start_date, p.end_date::text as end_date, p.is_published, p.is_template,
  p.active_for_students, p.created_by, p.created_at, p.updated_at,
  (select count(*)::int from pas_plan_assignments pa where pa.plan_id = p.id and pa.date is not null
     and exists (select 1 from pas_plan_assignment_activities x where x.plan_assignment_id = pa.id)) as scheduled_assignments,
  (select count(*)::int from pas_plan_assignments pa join pas_plan_assignment_activities x on x.plan_assignment_id = pa.id
     where pa.plan_id = p.id and pa.date is null) as unassigned_activities,
  (select count(*)::int from pas_plan_assignments pa join pas_plan_assignment_activities x on x.plan_assignment_id = pa.id
     where pa.plan_id = p.id) as activities_count,
  (select count(*)::int from pas_plan_members m join classes mc on mc.id = m.member_id and mc.deleted_at is null
     where m.plan_id = p.id and m.member_type = 'class') as assigned_classes,
  (select count(*)::int from pas_plan_members m join classes mc on mc.id = m.member_id and mc.deleted_at is null
     where m.plan_id = p.id and m.member_type = 'class' and m.suspended = 0) as active_classes`;

const PLAN_FROM = sql`
  from pas_plans p
  join accounts acc on acc.id = p.account_id
  left join products pr on pr.id = p.product_id
  left join academic_sessions s on s.id = p.academic_session_id`;

export async function findPlan(
  db: DbOrTx,
  caller: PlanCaller,
  id: number,
  opts: { write?: boolean; lock?: boolean } = {},
): Promise<PlanRow | null> {
  const where = opts.write ? planWritable(caller) : planReadable(caller);
  if (opts.lock) await db.execute(sql`select 1 from pas_plans where id = ${id} for update`);
  const res = await db.execute<PlanRow & Record<string, unknown>>(
    sql`select ${PLAN_COLUMNS} ${PLAN_FROM} where p.id = ${id} and ${where}`,
  );
  return res.rows[0] ?? null;
}

export async function listPlans(
  db: DbOrTx,
  caller: PlanCaller,
  f: PlanListFilter,
  opts: { createdBy?: number; classId?: number } = {},
): Promise<{ rows: PlanRow[]; total: number }> {
  const conds: SQL[] = [planReadable(caller)];
  if (f.search) conds.push(sql`p.name ilike ${likePattern(f.search)}`);
  if (f.is_published !== undefined) conds.push(sql`p.is_published = ${f.is_published}`);
  if (f.is_template !== undefined) conds.push(sql`p.is_template = ${f.is_template}`);
  if (f.product_id !== undefined) conds.push(sql`p.product_id = ${f.product_id}`);
  if (f.academic_session_id !== undefined) conds.push(sql`p.academic_session_id = ${f.academic_session_id}`);
  if (opts.createdBy !== undefined) conds.push(sql`p.created_by = ${opts.createdBy}`);
  let extra = sql`, null::smallint as class_suspended`;
  if (opts.classId !== undefined) {
    conds.push(
      sql`exists (select 1 from pas_plan_members m where m.plan_id = p.id and m.member_type = 'class' and m.member_id = ${opts.classId})`,
    );
    extra = sql`, (select m.suspended from pas_plan_members m where m.plan_id = p.id and m.member_type = 'class'
      and m.member_id = ${opts.classId}) as class_suspended`;
  }
  const where = sql.join(conds, sql` and `);
  const offset = (f.page - 1) * f.per_page;
  const [rows, total] = await Promise.all([
    db.execute<PlanRow & Record<string, unknown>>(
      sql`select ${PLAN_COLUMNS} ${extra} ${PLAN_FROM} where ${where}
          order by p.updated_at desc, p.id desc limit ${f.per_page} offset ${offset}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from pas_plans p where ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

export interface PlanValues {
  accountId: number;
  name: string;
  productId: number;
  academicSessionId: number;
  planType: RecurrenceCode;
  activitiesPerAssignment: number;
  cronDay: number;
  assignTime: string;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  isTemplate?: 0 | 1;
  activeForStudents?: 0 | 1;
  createdBy?: number | null;
}

export async function insertPlan(db: DbOrTx, v: PlanValues): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    insert into pas_plans (account_id, name, product_id, academic_session_id, plan_type, activities_per_assignment,
      cron_day, assign_time, time_zone, start_date, end_date, is_template, active_for_students, created_by)
    values (${v.accountId}, ${v.name}, ${v.productId}, ${v.academicSessionId}, ${v.planType},
      ${v.activitiesPerAssignment}, ${v.cronDay}, ${v.assignTime}, ${v.timeZone}, ${v.startDate}, ${v.endDate},
      ${v.isTemplate ?? 0}, ${v.activeForStudents ?? 1}, ${v.createdBy ?? null})
    returning id`);
  return res.rows[0]!.id;
}

export async function updatePlanDetails(db: DbOrTx, id: number, v: Omit<PlanValues, 'accountId' | 'createdBy'>) {
  await db.execute(sql`
    update pas_plans set name = ${v.name}, product_id = ${v.productId}, academic_session_id = ${v.academicSessionId},
      plan_type = ${v.planType}, activities_per_assignment = ${v.activitiesPerAssignment}, cron_day = ${v.cronDay},
      assign_time = ${v.assignTime}, time_zone = ${v.timeZone}, start_date = ${v.startDate}, end_date = ${v.endDate},
      updated_at = now()
    where id = ${id}`);
}

export async function setPublished(db: DbOrTx, id: number, published: 0 | 1) {
  await db.execute(sql`update pas_plans set is_published = ${published}, updated_at = now() where id = ${id}`);
}

export async function setActiveForStudents(db: DbOrTx, id: number, value: 0 | 1) {
  await db.execute(sql`update pas_plans set active_for_students = ${value}, updated_at = now() where id = ${id}`);
}

export async function touchPlan(db: DbOrTx, id: number) {
  await db.execute(sql`update pas_plans set updated_at = now() where id = ${id}`);
}

export async function softDeletePlan(db: DbOrTx, id: number) {
  await db.execute(sql`update pas_plans set deleted_at = now(), updated_at = now() where id = ${id}`);
}

// ---- plan assignments ----

export interface PlanAssignmentRow {
  id: number;
  position: number;
  title: string;
  date: string | null;
  original_date: string | null;
  original_date_name: string | null;
  settings: PlanAssignmentSettings;
  given_classes: number;
}

export interface PlanAssignmentActivityRow {
  plan_assignment_id: number;
  activity_id: number;
  title: string;
  is_locked: 0 | 1;
  position: number;
}

export async function planAssignments(db: DbOrTx, planId: number, range: { from?: string; to?: string } = {}) {
  const conds = [sql`pa.plan_id = ${planId}`];
  if (range.from) conds.push(sql`pa.date >= ${range.from}`);
  if (range.to) conds.push(sql`pa.date <= ${range.to}`);
  if (range.from || range.to) conds.push(sql`pa.date is not null`);
  const rows = await db.execute<PlanAssignmentRow & Record<string, unknown>>(sql`
    select pa.id, pa.position, pa.title, pa.date::text as date, pa.original_date::text as original_date,
      pa.original_date_name, pa.settings,
      (select count(*)::int from pas_materialisations x where x.plan_assignment_id = pa.id) as given_classes
    from pas_plan_assignments pa where ${sql.join(conds, sql` and `)}
    order by pa.date asc nulls last, pa.position asc, pa.id asc`);
  const activities = await db.execute<PlanAssignmentActivityRow & Record<string, unknown>>(sql`
    select x.plan_assignment_id, x.activity_id, a.title, x.is_locked, x.position
    from pas_plan_assignment_activities x
    join pas_plan_assignments pa on pa.id = x.plan_assignment_id
    join activities a on a.id = x.activity_id
    where pa.plan_id = ${planId}
    order by x.position asc`);
  return { assignments: rows.rows, activities: activities.rows };
}

export interface AssignmentWrite {
  id?: number;
  position: number;
  title: string;
  date: string | null;
  originalDate: string | null;
  originalDateName: string | null;
  settings: PlanAssignmentSettings;
  activities: { id: number; isLocked: boolean }[];
}

/** Plan assignments that some class already got (they keep their id and date). */
export async function givenAssignments(db: DbOrTx, planId: number) {
  const res = await db.execute<{ id: number; date: string | null; title: string }>(sql`
    select pa.id, pa.date::text as date, pa.title from pas_plan_assignments pa
    where pa.plan_id = ${planId} and exists (select 1 from pas_materialisations x where x.plan_assignment_id = pa.id)`);
  return res.rows;
}

export async function existingAssignmentIds(db: DbOrTx, planId: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`select id from pas_plan_assignments where plan_id = ${planId}`);
  return res.rows.map((r) => r.id);
}

/** Replaces a plan's assignments: rows with a known id are updated, the rest inserted, those left out deleted. */
export async function replaceAssignments(db: DbOrTx, planId: number, list: readonly AssignmentWrite[]) {
  const keep = list.filter((a) => a.id !== undefined).map((a) => a.id!);
  await db.execute(sql`delete from pas_plan_assignments where plan_id = ${planId} and not (id = any(${ids(keep)}))`);
  const assignmentIds: number[] = [];
  for (const a of list) {
    if (a.id !== undefined) {
      await db.execute(sql`
        update pas_plan_assignments set position = ${a.position}, title = ${a.title}, date = ${a.date},
          original_date = ${a.originalDate}, original_date_name = ${a.originalDateName},
          settings = ${JSON.stringify(a.settings)}::jsonb, updated_at = now()
        where id = ${a.id} and plan_id = ${planId}`);
      assignmentIds.push(a.id);
    } else {
      const res = await db.execute<{ id: number }>(sql`
        insert into pas_plan_assignments (plan_id, position, title, date, original_date, original_date_name, settings)
        values (${planId}, ${a.position}, ${a.title}, ${a.date}, ${a.originalDate}, ${a.originalDateName},
          ${JSON.stringify(a.settings)}::jsonb)
        returning id`);
      assignmentIds.push(res.rows[0]!.id);
    }
  }
  if (assignmentIds.length > 0)
    await db.execute(
      sql`delete from pas_plan_assignment_activities where plan_assignment_id = any(${ids(assignmentIds)})`,
    );
  const links: { pa: number; activity: number; locked: number; position: number }[] = [];
  list.forEach((a, i) =>
    a.activities.forEach((x, j) =>
      links.push({ pa: assignmentIds[i]!, activity: x.id, locked: x.isLocked ? 1 : 0, position: j + 1 }),
    ),
  );
  if (links.length > 0)
    await db.execute(sql`
      insert into pas_plan_assignment_activities (plan_assignment_id, activity_id, is_locked, position)
      select * from unnest(${ids(links.map((l) => l.pa))}, ${ids(links.map((l) => l.activity))},
        ${sql.param(links.map((l) => l.locked))}::smallint[], ${ids(links.map((l) => l.position))})`);
}

export async function findPlanAssignment(db: DbOrTx, planId: number, id: number) {
  const res = await db.execute<{ id: number; date: string | null; title: string; settings: PlanAssignmentSettings }>(
    sql`select id, date::text as date, title, settings from pas_plan_assignments where id = ${id} and plan_id = ${planId}`,
  );
  return res.rows[0] ?? null;
}

export async function updatePlanAssignmentSettings(
  db: DbOrTx,
  id: number,
  v: { title: string; settings: PlanAssignmentSettings },
) {
  await db.execute(sql`update pas_plan_assignments set title = ${v.title},
    settings = ${JSON.stringify(v.settings)}::jsonb, updated_at = now() where id = ${id}`);
}

// ---- what a plan refers to ----

/** Activities a plan of this account may give: live, published, of the account's domain (shared or its own). */
export async function usableActivities(db: DbOrTx, domainId: number, accountId: number, activityIds: number[]) {
  if (activityIds.length === 0) return [];
  const res = await db.execute<{ id: number }>(sql`
    select a.id from activities a
    where a.id = any(${ids(activityIds)}) and a.deleted_at is null and a.status = 'published'
      and a.published_version_id is not null and a.domain_id = ${domainId}
      and (a.account_id is null or a.account_id = ${accountId})`);
  return res.rows.map((r) => r.id);
}

export async function findSession(db: DbOrTx, caller: PlanCaller, id: number) {
  const res = await db.execute<{ id: number; account_id: number; domain_id: number }>(sql`
    select s.id, s.account_id, acc.domain_id from academic_sessions s join accounts acc on acc.id = s.account_id
    where s.id = ${id} and ${sessionReadable(caller)}`);
  return res.rows[0] ?? null;
}

export async function classAccountId(db: DbOrTx, classId: number): Promise<number | null> {
  const res = await db.execute<{ account_id: number }>(sql`select account_id from classes where id = ${classId}`);
  return res.rows[0]?.account_id ?? null;
}

export async function accountDomainId(db: DbOrTx, accountId: number): Promise<number> {
  const res = await db.execute<{ domain_id: number }>(sql`select domain_id from accounts where id = ${accountId}`);
  return res.rows[0]!.domain_id;
}

/** A live product of the domain (a soft-deleted product cannot be given to a plan). */
export async function productInDomain(db: DbOrTx, domainId: number, id: number): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from products where id = ${id} and domain_id = ${domainId} and deleted_at is null`,
  );
  return res.rows.length > 0;
}

export async function listSessions(db: DbOrTx, caller: PlanCaller, accountId?: number) {
  const res = await db.execute<{
    id: number;
    account_id: number;
    title: string;
    type: string;
    school_year: number;
    start_date: string;
    end_date: string;
  }>(sql`
    select s.id, s.account_id, s.title, s.type, s.school_year, s.start_date::text as start_date,
      s.end_date::text as end_date
    from academic_sessions s
    where ${sessionReadable(caller)} ${accountId !== undefined ? sql`and s.account_id = ${accountId}` : sql``}
    order by s.start_date desc, s.id`);
  return res.rows;
}

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
