import { sql, type SQL } from 'drizzle-orm';
import type { PlanListFilter } from '@aula/domain/pas-plans';
import type { RecurrenceCode } from '@aula/domain/plan-generation';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../accounts/listing';
import { planReadable, planWritable, sessionReadable, type PlanCaller } from './pas-scope.repo';

// PAS plans: Drizzle queries only (raw SQL where a plan's counts are summed up). Dates leave the database as text
// (YYYY-MM-DD), never as JavaScript dates, so no time zone can move them. A plan's assignments are
// pas-plan-assignments.repo.ts; its classes, students and overviews pas-plan-members.repo.ts.

/** A bound int[] parameter (one parameter however many ids). */
export const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

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
