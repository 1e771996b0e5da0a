import { sql } from 'drizzle-orm';
import type { PlanAssignmentSettings } from '@aula/domain/pas-plans';
import type { DbOrTx } from '../../db/client';
import { ids } from './pas-plans.repo';

// A PAS plan's assignments (dates as text, YYYY-MM-DD) and their activities.

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
