import { addDays, calendarDateIn, instantAt } from '@aula/domain/calendar-dates';
import type { PlanAssignmentSettings } from '@aula/domain/pas-plans';
import type { Db } from '../../db/client';
import * as repo from './pas-materialise.repo';

// Published plans give real, dated assignments (docs/pas-plans.md "Materialisation"). The `pas-materialise` job runs
// every few minutes (and at once when a plan is published, a class assigned or opted back in); for every plan
// assignment whose date and time have come in the plan's zone it writes, for every assigned class that is not
// opted out and has not got it yet, one row in `assignments` (the plan assignment's title, opening at the plan's
// time on that date) with its activities pinned to their published versions and its members (the class, or the
// students the plan's student settings leave on). A class assigned (or opted back in) on a day gets the dates from
// that day on, never the ones before.

export const MATERIALISE_JOB = 'pas-materialise';
const BATCH = 500;

export interface MaterialiseResult {
  /** assignments written by this call */
  created: number;
}

function dueAt(date: string, settings: PlanAssignmentSettings, plan: repo.DuePlan): Date | null {
  if (settings.due_days === undefined || settings.due_days === null) return null;
  return instantAt(addDays(date, settings.due_days), plan.assign_time, plan.time_zone);
}

/** Gives one plan assignment to its waiting classes (or one class), in batches; returns how many this call wrote. */
export async function materialisePlanAssignment(
  db: Db,
  plan: repo.DuePlan,
  pa: repo.DueAssignment,
  opts: { now: Date; onlyClassId?: number; openNow?: boolean },
): Promise<{ classId: number; assignmentId: number }[]> {
  // a class takes part from the day it was assigned (or opted back in), in the plan's zone
  const eligible = await repo.waitingClasses(db, plan, pa, opts.onlyClassId);
  const scheduled = instantAt(pa.date, plan.assign_time, plan.time_zone);
  const startAt = opts.openNow && opts.now < scheduled ? opts.now : scheduled;
  const won: { classId: number; assignmentId: number }[] = [];
  for (let i = 0; i < eligible.length; i += BATCH) {
    const classes = eligible
      .slice(i, i + BATCH)
      .map((w) => ({ classId: w.class_id, organizationId: w.organization_id }));
    const batch = await db.transaction((tx) =>
      repo.materialiseBatch(tx, {
        plan,
        planAssignment: pa,
        startAt,
        dueAt: dueAt(pa.date, pa.settings, plan),
        classes,
      }),
    );
    won.push(...batch);
  }
  return won;
}

/** The job's work: every due plan assignment of every published plan (or of one plan). */
export async function materialiseDue(
  deps: { db: Db },
  opts: { planId?: number; now?: Date } = {},
): Promise<MaterialiseResult> {
  const now = opts.now ?? new Date();
  let created = 0;
  for (const plan of await repo.publishedPlans(deps.db, opts.planId)) {
    const today = calendarDateIn(now, plan.time_zone);
    for (const pa of await repo.dueAssignments(deps.db, plan, today)) {
      if (instantAt(pa.date, plan.assign_time, plan.time_zone) > now) continue;
      created += (await materialisePlanAssignment(deps.db, plan, pa, { now })).length;
    }
  }
  return { created };
}
