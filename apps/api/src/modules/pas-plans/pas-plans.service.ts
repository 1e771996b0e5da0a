import { calendarDateIn } from '@aula/domain/calendar-dates';
import {
  assignRefusal,
  DEFAULT_ASSIGN_TIME,
  deleteRefusal,
  editRefusal,
  missingPlanDetails,
  planDatesInOrder,
  publishToggleRefusal,
  type AssignmentSettingsUpdate,
  type ClassPlanListFilter,
  type PlanAssignInput,
  type PlanAvailableFilter,
  type PlanListFilter,
  type PlanRefusal,
  type PlanWriteInput,
  type StudentSettingsUpdate,
} from '@aula/domain/pas-plans';
import { autoAssignmentTitle } from '@aula/domain/plan-generation';
import type { DbOrTx } from '../../db/client';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import * as assignmentRepo from './pas-plan-assignments.repo';
import * as memberRepo from './pas-plan-members.repo';
import * as repo from './pas-plans.repo';
import type * as mrepo from './pas-materialise.repo';
import { MATERIALISE_JOB, materialisePlanAssignment } from './pas-materialise.service';
import type { PlanCaller } from './pas-scope.repo';

// PAS plans (002 sections 4 and 7; decisions in docs/pas-plans.md). A plan belongs to the account of its academic
// session; its state (draft, ready, published) and what each state allows are @aula/domain/pas-plans' rules.

export function planCaller(auth: AuthContext): PlanCaller {
  return { scope: tenantScopeOf(auth), userId: auth.user.id, isTeacher: auth.user.role === 'teacher' };
}

export const REFUSAL_KEYS: Record<PlanRefusal, string> = {
  draft: 'pasPlans.errors.draft',
  notAssigned: 'pasPlans.errors.notAssigned',
  published: 'pasPlans.errors.alreadyPublished',
};

async function readable(db: DbOrTx, auth: AuthContext, id: number, lock = false) {
  const plan = await repo.findPlan(db, planCaller(auth), id, { lock });
  if (!plan) throw new NotFoundError();
  return plan;
}

/** A plan the caller may change; one they may only read is a 403, one they may not see a 404. */
async function writable(db: DbOrTx, auth: AuthContext, id: number) {
  const plan = await readable(db, auth, id, true);
  const mine = await repo.findPlan(db, planCaller(auth), id, { write: true });
  if (!mine) throw new ForbiddenError({ key: 'pasPlans.errors.notYours' });
  return plan;
}

async function audit(
  db: DbOrTx,
  auth: AuthContext,
  ip: string,
  plan: { id: number; account_id: number },
  action: string,
  details?: Record<string, unknown>,
) {
  await insertAuditEntry(db, {
    actorUserId: auth.user.id,
    accountId: plan.account_id,
    action: `pas-plan.${action}`,
    entityType: 'pas-plan',
    entityId: plan.id,
    ip,
    details: details ?? null,
  });
}

// ---- lists and one plan ----

export async function listPlans(deps: Deps, auth: AuthContext, f: PlanListFilter, mine: boolean) {
  return repo.listPlans(deps.db, planCaller(auth), f, mine ? { createdBy: auth.user.id } : {});
}

export async function listClassPlans(deps: Deps, auth: AuthContext, f: ClassPlanListFilter) {
  const caller = planCaller(auth);
  const accountId = await repo.classAccountId(deps.db, f.class_id);
  const reached =
    accountId === null ? [] : await memberRepo.reachableClassIds(deps.db, caller, accountId, [f.class_id]);
  if (reached.length === 0) throw new NotFoundError();
  return repo.listPlans(deps.db, caller, f, { classId: f.class_id });
}

export async function getPlan(deps: Deps, auth: AuthContext, id: number) {
  const plan = await readable(deps.db, auth, id);
  return { plan, ...(await assignmentRepo.planAssignments(deps.db, id)) };
}

// ---- create, update, delete, copy ----

interface CheckedDetails {
  accountId: number;
  values: Omit<repo.PlanValues, 'accountId' | 'createdBy'>;
}

/** 'Please enter all the details': every missing detail named, nothing written. */
async function checkDetails(db: DbOrTx, auth: AuthContext, input: PlanWriteInput): Promise<CheckedDetails> {
  const missing = missingPlanDetails(input);
  if (missing.length > 0) {
    const fields: Record<string, MessageRef[]> = {};
    for (const f of missing) fields[f] = [{ key: `pasPlans.errors.missing.${f}` }];
    throw new ValidationError(fields, { key: 'pasPlans.errors.enterAllDetails' });
  }
  if (!planDatesInOrder(input)) throw ValidationError.field('end_date', 'pasPlans.errors.endBeforeStart');
  const session = await repo.findSession(db, planCaller(auth), input.academic_session_id!);
  // another tenant's session or product does not exist for the caller
  if (!session) throw new NotFoundError();
  if (!(await repo.productInDomain(db, session.domain_id, input.product_id!))) throw new NotFoundError();
  return {
    accountId: session.account_id,
    values: {
      name: input.name!.trim(),
      productId: input.product_id!,
      academicSessionId: session.id,
      planType: input.plan_type!,
      activitiesPerAssignment: input.activities_per_assignment!,
      cronDay: input.cron_day!,
      assignTime: input.assign_time ?? DEFAULT_ASSIGN_TIME,
      timeZone: input.time_zone ?? 'UTC',
      startDate: input.start_date!,
      endDate: input.end_date ?? null,
    },
  };
}

/** The schedule as sent: one assignment at most without a date, no date twice, no activity twice, usable ones only. */
async function checkAssignments(
  db: DbOrTx,
  account: { id: number; domainId: number },
  planId: number | null,
  list: NonNullable<PlanWriteInput['assignments']>,
): Promise<assignmentRepo.AssignmentWrite[]> {
  const problems: MessageRef[] = [];
  const dates = new Set<string>();
  let undated = 0;
  const activityIds: number[] = [];
  const seen = new Set<number>();
  for (const a of list) {
    if (a.date === null) undated += 1;
    else if (dates.has(a.date)) problems.push({ key: 'pasPlans.errors.dateTwice', params: { date: a.date } });
    else dates.add(a.date);
    for (const x of a.activities) {
      if (seen.has(x.id)) problems.push({ key: 'pasPlans.errors.activityTwice', params: { id: x.id } });
      seen.add(x.id);
      activityIds.push(x.id);
    }
  }
  if (undated > 1) problems.push({ key: 'pasPlans.errors.oneUndated' });
  const usable = new Set(await repo.usableActivities(db, account.domainId, account.id, [...seen]));
  for (const id of seen)
    if (!usable.has(id)) problems.push({ key: 'pasPlans.errors.activityUnavailable', params: { id } });
  if (problems.length > 0) throw new ValidationError({ assignments: problems });

  const known = new Set(planId === null ? [] : await assignmentRepo.existingAssignmentIds(db, planId));
  if (planId !== null) {
    // what classes already got stays as it was given
    for (const g of await assignmentRepo.givenAssignments(db, planId)) {
      const kept = list.find((a) => a.id === g.id);
      if (!kept || kept.date !== g.date)
        throw new ConflictError({
          key: 'pasPlans.errors.givenAssignment',
          params: { title: g.title, date: g.date ?? '' },
        });
    }
  }
  return list.map((a, i) => ({
    ...(a.id !== undefined && known.has(a.id) ? { id: a.id } : {}),
    position: i + 1,
    title: a.title ?? autoAssignmentTitle(i + 1),
    date: a.date,
    originalDate: a.date === null ? null : (a.original_date ?? null),
    originalDateName: a.date === null ? null : (a.original_date_name ?? null),
    settings: a.settings ?? {},
    activities: a.activities.map((x) => ({ id: x.id, isLocked: a.date !== null && !!x.is_locked })),
  }));
}

export async function createPlan(deps: Deps, auth: AuthContext, input: PlanWriteInput, ip: string) {
  return deps.db.transaction(async (tx) => {
    const d = await checkDetails(tx, auth, input);
    const list = input.assignments
      ? await checkAssignments(
          tx,
          { id: d.accountId, domainId: await repo.accountDomainId(tx, d.accountId) },
          null,
          input.assignments,
        )
      : [];
    const id = await repo.insertPlan(tx, { ...d.values, accountId: d.accountId, createdBy: auth.user.id });
    await assignmentRepo.replaceAssignments(tx, id, list);
    const plan = (await repo.findPlan(tx, planCaller(auth), id))!;
    await audit(tx, auth, ip, plan, 'created', { name: plan.name });
    return { plan, ...(await assignmentRepo.planAssignments(tx, id)) };
  });
}

export async function updatePlan(deps: Deps, auth: AuthContext, id: number, input: PlanWriteInput, ip: string) {
  return deps.db.transaction(async (tx) => {
    const before = await writable(tx, auth, id);
    const refusal = editRefusal(before);
    if (refusal) throw new ConflictError({ key: REFUSAL_KEYS[refusal] });
    const d = await checkDetails(tx, auth, input);
    // a plan stays in its account: its session may change only to another session of that account
    if (d.accountId !== before.account_id)
      throw ValidationError.field('academic_session_id', 'pasPlans.errors.sessionOtherAccount');
    await repo.updatePlanDetails(tx, id, d.values);
    if (input.assignments) {
      const list = await checkAssignments(
        tx,
        { id: before.account_id, domainId: before.domain_id },
        id,
        input.assignments,
      );
      await assignmentRepo.replaceAssignments(tx, id, list);
    }
    const plan = (await repo.findPlan(tx, planCaller(auth), id))!;
    await audit(tx, auth, ip, plan, 'updated', { name: plan.name });
    return { plan, ...(await assignmentRepo.planAssignments(tx, id)) };
  });
}

export async function deletePlan(deps: Deps, auth: AuthContext, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const plan = await writable(tx, auth, id);
    if (deleteRefusal(plan)) throw new ConflictError({ key: 'pasPlans.errors.cannotDeletePublished' });
    await repo.softDeletePlan(tx, id);
    await audit(tx, auth, ip, plan, 'deleted', { name: plan.name });
  });
}

/** Copy (an unpublished plan of the caller, no classes) or save as template (the same, marked a template). */
export async function copyPlan(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { name?: string | undefined },
  template: boolean,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const source = await readable(tx, auth, id);
    const name = input.name ?? source.name;
    const copyId = await memberRepo.copyPlan(tx, id, { name, isTemplate: template ? 1 : 0, createdBy: auth.user.id });
    const plan = (await repo.findPlan(tx, planCaller(auth), copyId))!;
    await audit(tx, auth, ip, plan, template ? 'saved-as-template' : 'copied', { from: id });
    return { plan, ...(await assignmentRepo.planAssignments(tx, copyId)) };
  });
}

// ---- publishing ----

export interface ToggleResult {
  is_success: boolean;
  is_published: 0 | 1;
  refusal: PlanRefusal | null;
}

/**
 * GET publish toggle: published plans unpublish; ready, assigned plans publish (and give what is already due at
 * once). A refusal is not an error: is_success false with the reason, and the plan stays as it was.
 */
export async function togglePublish(deps: Deps, auth: AuthContext, id: number, ip: string): Promise<ToggleResult> {
  const result = await deps.db.transaction(async (tx) => {
    const plan = await writable(tx, auth, id);
    if (plan.is_template) return { is_success: false, is_published: plan.is_published, refusal: 'draft' as const };
    const refusal = publishToggleRefusal(plan);
    if (refusal) return { is_success: false, is_published: plan.is_published, refusal };
    const next: 0 | 1 = plan.is_published ? 0 : 1;
    await repo.setPublished(tx, id, next);
    await audit(tx, auth, ip, plan, next ? 'published' : 'unpublished');
    return { is_success: true, is_published: next, refusal: null };
  });
  if (result.is_success && result.is_published) await deps.jobs.send(MATERIALISE_JOB, { plan_id: id });
  return result;
}

// ---- members ----

export async function assignedItems(deps: Deps, auth: AuthContext, id: number) {
  await readable(deps.db, auth, id);
  return memberRepo.listMembers(deps.db, planCaller(auth), id);
}

/** Assigns a class, or every class of a course the caller reaches; a draft cannot be assigned. */
export async function assign(deps: Deps, auth: AuthContext, id: number, input: PlanAssignInput, ip: string) {
  const caller = planCaller(auth);
  const plan = await deps.db.transaction(async (tx) => {
    const p = await readable(tx, auth, id, true);
    const refusal = assignRefusal(p);
    if (refusal) throw new ConflictError({ key: REFUSAL_KEYS[refusal] });
    let classIds: number[];
    if (input.member_type === 'class') {
      classIds = await memberRepo.reachableClassIds(tx, caller, p.account_id, [input.member_id]);
      if (classIds.length === 0) throw new NotFoundError();
    } else {
      const inCourse = await memberRepo.courseClassIds(tx, caller, p.account_id, input.member_id);
      if (inCourse === null) throw new NotFoundError();
      if (inCourse.length === 0) throw ValidationError.field('member_id', 'pasPlans.errors.noClassesInCourse');
      classIds = inCourse;
    }
    await memberRepo.insertClassMembers(tx, id, classIds);
    await repo.touchPlan(tx, id);
    await audit(tx, auth, ip, p, 'assigned', { member_type: input.member_type, member_id: input.member_id });
    return p;
  });
  if (plan.is_published) await deps.jobs.send(MATERIALISE_JOB, { plan_id: id });
  return memberRepo.listMembers(deps.db, caller, id);
}

async function assignedClass(tx: DbOrTx, auth: AuthContext, planId: number, accountId: number, classId: number) {
  const [reached] = await memberRepo.reachableClassIds(tx, planCaller(auth), accountId, [classId]);
  const member = reached === undefined ? null : await memberRepo.findClassMember(tx, planId, classId);
  if (!member) throw new NotFoundError();
  return member;
}

export async function unassign(deps: Deps, auth: AuthContext, id: number, classId: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const plan = await readable(tx, auth, id, true);
    await assignedClass(tx, auth, id, plan.account_id, classId);
    await memberRepo.deleteClassMember(tx, id, classId);
    await repo.touchPlan(tx, id);
    await audit(tx, auth, ip, plan, 'unassigned', { class_id: classId });
  });
  return memberRepo.listMembers(deps.db, planCaller(auth), id);
}

/** Opts a class out of the plan, or back in (from today on). */
export async function toggleSuspend(deps: Deps, auth: AuthContext, id: number, classId: number, ip: string) {
  const out = await deps.db.transaction(async (tx) => {
    const plan = await readable(tx, auth, id, true);
    const member = await assignedClass(tx, auth, id, plan.account_id, classId);
    const suspended = member.suspended ? 0 : 1;
    await memberRepo.setSuspended(tx, id, classId, suspended);
    await audit(tx, auth, ip, plan, suspended ? 'class-opted-out' : 'class-opted-in', { class_id: classId });
    return { plan, suspended: suspended };
  });
  if (!out.suspended && out.plan.is_published) await deps.jobs.send(MATERIALISE_JOB, { plan_id: id });
  return { class_id: classId, suspended: out.suspended };
}

export async function available(deps: Deps, auth: AuthContext, id: number, f: PlanAvailableFilter) {
  const plan = await readable(deps.db, auth, id);
  const caller = planCaller(auth);
  if (f.type === 'course')
    return { type: 'course' as const, ...(await memberRepo.availableCourses(deps.db, caller, plan, f)) };
  return { type: 'class' as const, ...(await memberRepo.availableClasses(deps.db, caller, plan, f)) };
}

export async function availableSessions(deps: Deps, auth: AuthContext, accountId?: number) {
  return repo.listSessions(deps.db, planCaller(auth), accountId);
}

// ---- student settings ----

export async function studentSettings(deps: Deps, auth: AuthContext, id: number, classId: number) {
  const plan = await readable(deps.db, auth, id);
  await assignedClass(deps.db, auth, id, plan.account_id, classId);
  const students = await memberRepo.classStudents(deps.db, id, classId);
  return {
    plan_id: id,
    class_id: classId,
    active_for_students: plan.active_for_students,
    students: students.map((s) => ({
      ...s,
      is_active: (plan.active_for_students ? s.setting !== 0 : s.setting === 1) ? 1 : 0,
    })),
  };
}

/**
 * Either the plan-wide switch (active for all students, or only for the students turned on; switching clears the
 * per-student choices) or one student's membership, which means "left out" while the plan is active for all and
 * "taken in" otherwise.
 */
export async function updateStudentSettings(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: StudentSettingsUpdate,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    if ('active_for_students' in input) {
      const plan = await writable(tx, auth, id);
      await repo.setActiveForStudents(tx, id, input.active_for_students);
      await memberRepo.clearStudentSettings(tx, id);
      await audit(tx, auth, ip, plan, 'student-settings', { active_for_students: input.active_for_students });
      return { plan_id: id, active_for_students: input.active_for_students };
    }
    const plan = await readable(tx, auth, id, true);
    const classes = await memberRepo.studentInPlanClasses(tx, planCaller(auth), id, input.student_id);
    if (classes.length === 0) throw new NotFoundError();
    await memberRepo.setStudentSetting(tx, id, input.student_id, input.is_active);
    await audit(tx, auth, ip, plan, 'student-settings', { student_id: input.student_id, is_active: input.is_active });
    return { plan_id: id, student_id: input.student_id, is_active: input.is_active };
  });
}

// ---- plan assignments ----

export async function updateAssignmentSettings(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: AssignmentSettingsUpdate,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const plan = await writable(tx, auth, id);
    const pa = await assignmentRepo.findPlanAssignment(tx, id, input.plan_assignment_id);
    if (!pa) throw new NotFoundError();
    const settings = { ...pa.settings, ...(input.settings ?? {}) };
    await assignmentRepo.updatePlanAssignmentSettings(tx, pa.id, { title: input.title ?? pa.title, settings });
    await audit(tx, auth, ip, plan, 'assignment-settings', { plan_assignment_id: pa.id });
    return { plan_assignment_id: pa.id, title: input.title ?? pa.title, settings };
  });
}

/**
 * Create assignment from plan: gives one plan assignment to one assigned class now (opening now when its date is
 * still ahead). The job will not give it again.
 */
export async function createAssignmentFromPlan(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { plan_assignment_id: number; class_id: number },
  ip: string,
) {
  const plan = await readable(deps.db, auth, id);
  const refusal = assignRefusal(plan);
  if (refusal) throw new ConflictError({ key: REFUSAL_KEYS[refusal] });
  const member = await assignedClass(deps.db, auth, id, plan.account_id, input.class_id);
  if (member.suspended) throw new ConflictError({ key: 'pasPlans.errors.classOptedOut' });
  const pa = await assignmentRepo.findPlanAssignment(deps.db, id, input.plan_assignment_id);
  if (!pa) throw new NotFoundError();
  if (pa.date === null) throw ValidationError.field('plan_assignment_id', 'pasPlans.errors.undatedNotGiven');
  const due: mrepo.DuePlan = {
    id: plan.id,
    account_id: plan.account_id,
    assign_time: plan.assign_time,
    time_zone: plan.time_zone,
    active_for_students: plan.active_for_students,
    created_by: plan.created_by,
  };
  const [won] = await materialisePlanAssignment(
    deps.db,
    due,
    { id: pa.id, title: pa.title, date: pa.date, settings: pa.settings },
    { now: new Date(), onlyClassId: input.class_id, openNow: true },
  );
  if (!won) throw new ConflictError({ key: 'pasPlans.errors.alreadyGiven' });
  await insertAuditEntry(deps.db, {
    actorUserId: auth.user.id,
    accountId: plan.account_id,
    action: 'pas-plan.assignment-created',
    entityType: 'assignment',
    entityId: won.assignmentId,
    ip,
    details: { plan_id: id, plan_assignment_id: pa.id, class_id: input.class_id },
  });
  return { assignment_id: won.assignmentId, class_id: won.classId, plan_assignment_id: pa.id };
}

// ---- overviews and calendar ----

/** The plan's overview: each dated assignment with how many of the active classes got it, and the classes. */
export async function overview(deps: Deps, auth: AuthContext, id: number) {
  const plan = await readable(deps.db, auth, id);
  const { assignments } = await assignmentRepo.planAssignments(deps.db, id);
  const members = await memberRepo.listMembers(deps.db, planCaller(auth), id);
  return {
    plan,
    today: calendarDateIn(new Date(), plan.time_zone),
    assignments: assignments.filter((a) => a.date !== null),
    members,
  };
}

export async function classOverview(deps: Deps, auth: AuthContext, id: number, classId: number) {
  const plan = await readable(deps.db, auth, id);
  const member = await assignedClass(deps.db, auth, id, plan.account_id, classId);
  return { plan, member, assignments: await memberRepo.classOverview(deps.db, id, classId) };
}

export async function calendar(deps: Deps, auth: AuthContext, id: number, range: { from?: string; to?: string }) {
  await readable(deps.db, auth, id);
  return assignmentRepo.planAssignments(deps.db, id, range);
}
