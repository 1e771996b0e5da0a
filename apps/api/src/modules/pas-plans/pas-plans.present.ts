import {
  planState,
  type PlanActivityDto,
  type PlanAssignmentDto,
  type PlanDetailDto,
  type PlanDto,
  type PlanMemberDto,
} from '@aula/domain/pas-plans';
import type { PlanAssignmentActivityRow, PlanAssignmentRow } from './pas-plan-assignments.repo';
import type { MemberRow } from './pas-plan-members.repo';
import type { PlanRow } from './pas-plans.repo';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentPlan(p: PlanRow): PlanDto & { class_suspended?: 0 | 1 } {
  return {
    id: p.id,
    name: p.name,
    account_id: p.account_id,
    product_id: p.product_id,
    product_name: p.product_name,
    academic_session_id: p.academic_session_id,
    academic_session_title: p.academic_session_title,
    plan_type: p.plan_type,
    activities_per_assignment: p.activities_per_assignment,
    cron_day: p.cron_day,
    assign_time: p.assign_time,
    time_zone: p.time_zone,
    start_date: p.start_date,
    end_date: p.end_date,
    is_published: p.is_published,
    is_template: p.is_template,
    active_for_students: p.active_for_students,
    state: planState(p),
    scheduled_assignments: p.scheduled_assignments,
    unassigned_activities: p.unassigned_activities,
    activities_count: p.activities_count,
    assigned_classes: p.assigned_classes,
    active_classes: p.active_classes,
    created_by: p.created_by,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    ...(p.class_suspended !== null && p.class_suspended !== undefined ? { class_suspended: p.class_suspended } : {}),
  };
}

function presentActivity(a: PlanAssignmentActivityRow): PlanActivityDto {
  return { id: a.activity_id, title: a.title, is_locked: a.is_locked === 1, position: a.position };
}

export function presentAssignments(
  assignments: PlanAssignmentRow[],
  activities: PlanAssignmentActivityRow[],
): PlanAssignmentDto[] {
  const byAssignment = new Map<number, PlanActivityDto[]>();
  for (const a of activities) {
    const list = byAssignment.get(a.plan_assignment_id) ?? [];
    list.push(presentActivity(a));
    byAssignment.set(a.plan_assignment_id, list);
  }
  return assignments.map((a) => ({
    id: a.id,
    plan_assignment_id: a.id,
    position: a.position,
    title: a.title,
    date: a.date,
    original_date: a.original_date,
    original_date_name: a.original_date_name,
    settings: a.settings,
    activities: byAssignment.get(a.id) ?? [],
    given_classes: a.given_classes,
  }));
}

export function presentPlanDetail(r: {
  plan: PlanRow;
  assignments: PlanAssignmentRow[];
  activities: PlanAssignmentActivityRow[];
}): PlanDetailDto {
  const assignments = presentAssignments(r.assignments, r.activities);
  return {
    ...presentPlan(r.plan),
    assignments,
    extra_activities: assignments.find((a) => a.date === null)?.activities ?? [],
  };
}

export function presentMember(m: MemberRow): PlanMemberDto & { periods: string | null; can_manage: boolean } {
  return {
    member_type: 'class',
    member_id: m.member_id,
    title: classDisplayName(m),
    organization_id: m.organization_id,
    suspended: m.suspended,
    assigned_at: iso(m.assigned_at),
    periods: m.periods,
    can_manage: m.reachable,
  };
}

/** 000 section 3: a classroom shows its custom title, else its title followed by ' - ' and the periods. */
export function classDisplayName(c: { title: string; custom_title: string | null; periods: string | null }): string {
  return c.custom_title ?? (c.periods ? `${c.title} - ${c.periods}` : c.title);
}
