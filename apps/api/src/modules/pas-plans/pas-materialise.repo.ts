import { sql } from 'drizzle-orm';
import type { PlanAssignmentSettings } from '@aula/domain/pas-plans';
import type { DbOrTx } from '../../db/client';

// Materialisation: the real, dated assignments a published plan gives its classes. Exactly once per (plan
// assignment, class) is the primary key of pas_materialisations: rows are claimed with INSERT ... ON CONFLICT DO
// NOTHING in the same transaction that writes the assignment, so a second worker racing for the same pair waits for
// the first one's commit, finds the key taken and drops what it wrote.

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

export interface DuePlan {
  id: number;
  account_id: number;
  assign_time: string;
  time_zone: string;
  active_for_students: 0 | 1;
  created_by: number | null;
}

/** Published, live plans (one, or all), for the job. */
export async function publishedPlans(db: DbOrTx, planId?: number): Promise<DuePlan[]> {
  const res = await db.execute<DuePlan & Record<string, unknown>>(sql`
    select p.id, p.account_id, p.assign_time, p.time_zone, p.active_for_students, p.created_by
    from pas_plans p
    where p.is_published = 1 and p.deleted_at is null and p.is_template = 0
      ${planId !== undefined ? sql`and p.id = ${planId}` : sql``}
    order by p.id`);
  return res.rows;
}

export interface DueAssignment {
  id: number;
  title: string;
  date: string;
  settings: PlanAssignmentSettings;
}

/**
 * A plan's dated assignments up to `until` (the plan's today) with at least one activity that some active class
 * has not got yet. The caller checks the time of day.
 */
export async function dueAssignments(
  db: DbOrTx,
  plan: { id: number; time_zone: string },
  until: string,
): Promise<DueAssignment[]> {
  const planId = plan.id;
  const res = await db.execute<DueAssignment & Record<string, unknown>>(sql`
    select pa.id, pa.title, pa.date::text as date, pa.settings
    from pas_plan_assignments pa
    where pa.plan_id = ${planId} and pa.date is not null and pa.date <= ${until}
      and exists (select 1 from pas_plan_assignment_activities x where x.plan_assignment_id = pa.id)
      and exists (
        select 1 from pas_plan_members m join classes c on c.id = m.member_id and c.deleted_at is null
        where m.plan_id = pa.plan_id and m.member_type = 'class' and m.suspended = 0
          and (m.assigned_at at time zone ${plan.time_zone})::date <= pa.date
          and not exists (select 1 from pas_materialisations x where x.plan_assignment_id = pa.id and x.class_id = m.member_id))
    order by pa.date, pa.position`);
  return res.rows;
}

export interface WaitingClass {
  class_id: number;
  organization_id: number;
  assigned_at: Date;
}

/**
 * Assigned, not opted-out, live classes of the plan that have not got this plan assignment yet: those that joined
 * (or came back) on or before its date in the plan's zone, or the one class named.
 */
export async function waitingClasses(
  db: DbOrTx,
  plan: { id: number; time_zone: string },
  pa: { id: number; date: string },
  onlyClassId?: number,
): Promise<WaitingClass[]> {
  const planId = plan.id;
  const planAssignmentId = pa.id;
  const res = await db.execute<WaitingClass & Record<string, unknown>>(sql`
    select c.id as class_id, c.organization_id, m.assigned_at
    from pas_plan_members m join classes c on c.id = m.member_id and c.deleted_at is null
    where m.plan_id = ${planId} and m.member_type = 'class' and m.suspended = 0
      ${
        onlyClassId !== undefined
          ? sql`and c.id = ${onlyClassId}`
          : sql`and (m.assigned_at at time zone ${plan.time_zone})::date <= ${pa.date}::date`
      }
      and not exists (select 1 from pas_materialisations x
        where x.plan_assignment_id = ${planAssignmentId} and x.class_id = c.id)
    order by c.id`);
  return res.rows;
}

export interface MaterialiseBatch {
  plan: DuePlan;
  planAssignment: { id: number; title: string };
  startAt: Date;
  dueAt: Date | null;
  classes: { classId: number; organizationId: number }[];
}

/**
 * Writes one assignment per class of the batch and claims its (plan assignment, class) key; returns the classes
 * this call won. Must run inside a transaction: a lost claim deletes the assignment written for it.
 */
export async function materialiseBatch(
  tx: DbOrTx,
  b: MaterialiseBatch,
): Promise<{ classId: number; assignmentId: number }[]> {
  const n = b.classes.length;
  if (n === 0) return [];
  const seq = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('assignments', 'id'))::int as id from generate_series(1, ${n})`,
  );
  const assignmentIds = seq.rows.map((r) => r.id);
  const classIds = b.classes.map((c) => c.classId);
  await tx.execute(sql`
    insert into assignments (id, account_id, organization_id, name, start_at, due_at, plan_id, plan_assignment_id,
      created_by)
    select a.id, ${b.plan.account_id}, a.org, ${b.planAssignment.title}, ${b.startAt.toISOString()}::timestamptz,
      ${b.dueAt ? b.dueAt.toISOString() : null}::timestamptz, ${b.plan.id}, ${b.planAssignment.id},
      ${b.plan.created_by}
    from unnest(${ids(assignmentIds)}, ${ids(b.classes.map((c) => c.organizationId))}) a(id, org)`);
  const won = await tx.execute<{ class_id: number; assignment_id: number }>(sql`
    insert into pas_materialisations (plan_assignment_id, class_id, assignment_id)
    select ${b.planAssignment.id}, w.cid, w.aid from unnest(${ids(classIds)}, ${ids(assignmentIds)}) w(cid, aid)
    on conflict do nothing
    returning class_id, assignment_id`);
  const winners = won.rows.map((r) => ({ classId: r.class_id, assignmentId: r.assignment_id }));
  const wonIds = new Set(winners.map((w) => w.assignmentId));
  const lost = assignmentIds.filter((id) => !wonIds.has(id));
  if (lost.length > 0) await tx.execute(sql`delete from assignments where id = any(${ids(lost)})`);
  if (winners.length === 0) return [];
  const wa = ids(winners.map((w) => w.assignmentId));
  const wc = ids(winners.map((w) => w.classId));
  // each activity pinned to the version published now
  await tx.execute(sql`
    insert into assignment_activities (assignment_id, activity_id, activity_version_id, position)
    select w.aid, x.activity_id, act.published_version_id, x.position
    from unnest(${wa}) w(aid)
    cross join pas_plan_assignment_activities x
    join activities act on act.id = x.activity_id and act.deleted_at is null
    where x.plan_assignment_id = ${b.planAssignment.id}`);
  // who gets it (docs/pas-plans.md): the whole class when the plan is on for every student and none of the
  // class's students is switched off; otherwise the class's students the settings leave on, one by one
  const planId = b.plan.id;
  let oneByOne: number[] = [];
  if (b.plan.active_for_students === 1) {
    const excluded = await tx.execute<{ class_id: number }>(sql`
      select distinct cu.class_id from pas_student_settings st
      join class_users cu on cu.user_id = st.student_id and cu.user_type = 'student'
      where st.plan_id = ${planId} and st.is_active = 0 and cu.class_id = any(${wc})`);
    oneByOne = excluded.rows.map((r) => r.class_id);
    const whole = new Set(oneByOne);
    const classWide = winners.filter((w) => !whole.has(w.classId));
    if (classWide.length > 0)
      await tx.execute(sql`
        insert into assignment_members (assignment_id, member_type, member_id)
        select w.aid, 'class', w.cid
        from unnest(${ids(classWide.map((w) => w.assignmentId))}, ${ids(classWide.map((w) => w.classId))}) w(aid, cid)`);
    if (oneByOne.length > 0)
      await tx.execute(sql`
        insert into assignment_members (assignment_id, member_type, member_id)
        select w.aid, 'student', cu.user_id from unnest(${wa}, ${wc}) w(aid, cid)
        join class_users cu on cu.class_id = w.cid and cu.user_type = 'student'
        left join pas_student_settings st on st.plan_id = ${planId} and st.student_id = cu.user_id
        where w.cid = any(${ids(oneByOne)}) and coalesce(st.is_active, 1) = 1
        on conflict do nothing`);
  } else {
    // only the students turned on: driven by the plan's settings, not by the classes' rosters
    await tx.execute(sql`
      insert into assignment_members (assignment_id, member_type, member_id)
      select w.aid, 'student', st.student_id from pas_student_settings st
      join class_users cu on cu.user_id = st.student_id and cu.user_type = 'student'
      join unnest(${wa}, ${wc}) w(aid, cid) on w.cid = cu.class_id
      where st.plan_id = ${planId} and st.is_active = 1
      on conflict do nothing`);
  }
  return winners;
}
