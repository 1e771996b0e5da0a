import { canSeeDraftActivities } from '@aula/domain/activities';
import {
  alreadyInClass,
  dueNotBeforeStart,
  studentAssignmentStatus,
  type AssignmentCreateInput,
  type AssignmentListFilter,
  type AssignmentListSubject,
  type AssignmentMemberInput,
  type AssignmentUpdateInput,
  type AssignTargetsFilter,
  type MemberType,
} from '@aula/domain/assignments';
import type { DbOrTx } from '../../db/client';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { findAccountInScope } from '../accounts/accounts.repo';
import { findOrganizationInScope } from '../activities/activities.repo';
import { insertAuditEntry } from '../audit/audit.repo';
import { findUserInScope } from '../users/users.repo';
import type { Reach } from './assignment-scope.repo';
import * as listRepo from './assignment-lists.repo';
import * as targetRepo from './assignment-targets.repo';
import * as repo from './assignments.repo';
import { findAssignmentSet } from './assignment-sets.repo';
import { deleteLabGroupsOf } from './lab-groups.repo';

export type AssignmentWithExtras = repo.AssignmentRow & listRepo.AssignmentExtras;

/** The caller's reach (assignment-scope.repo.ts): their tenant slice, narrowed to their own classes for a teacher. */
export function reachOf(auth: AuthContext): Reach {
  const scope = tenantScopeOf(auth);
  switch (scope.kind) {
    case 'global':
    case 'domain':
      return scope;
    case 'account':
      return { kind: 'account', accountId: scope.accountId };
    case 'organization':
      return auth.user.role === 'teacher'
        ? { kind: 'teacher', accountId: scope.accountId, userId: auth.user.id }
        : { kind: 'organization', accountId: scope.accountId, organizationIds: scope.organizationIds };
  }
}

const ATTEMPTED: MessageRef = { key: 'assignments.attempted' };

async function withExtras(db: DbOrTx, rows: repo.AssignmentRow[]): Promise<AssignmentWithExtras[]> {
  const extras = await listRepo.loadAssignmentExtras(db, rows);
  return rows.map((r) => ({ ...r, ...extras.get(r.id)! }));
}

export async function getAssignment(deps: Deps, auth: AuthContext, id: number): Promise<AssignmentWithExtras> {
  const row = await repo.findAssignment(deps.db, reachOf(auth), id);
  if (!row) throw new NotFoundError();
  const [out] = await withExtras(deps.db, [row]);
  return out!;
}

// ---- what an assignment is made of ----

interface ResolvedMembers {
  list: targetRepo.MemberPlace[];
  accountId: number;
  organizationId: number | null;
}

/** Every member must be a class, group or student the caller reaches (404 otherwise), all of one district. */
async function resolveMembers(
  tx: DbOrTx,
  reach: Reach,
  members: readonly AssignmentMemberInput[],
): Promise<ResolvedMembers> {
  const unique = new Map<string, { memberType: MemberType; memberId: number }>();
  for (const m of members)
    unique.set(`${m.member_type}:${m.member_id}`, { memberType: m.member_type, memberId: m.member_id });
  const wanted = [...unique.values()];
  const pick = (t: MemberType) => wanted.filter((m) => m.memberType === t).map((m) => m.memberId);
  const found = await targetRepo.findMembersInReach(tx, reach, {
    class: pick('class'),
    group: pick('group'),
    student: pick('student'),
  });
  if (found.length !== wanted.length) throw new NotFoundError();
  const accountIds = new Set(found.map((m) => m.accountId));
  if (accountIds.size !== 1) throw ValidationError.field('members', 'assignments.oneDistrict');
  // the assignment's school when all its members are of one (a student of several schools makes it district-wide)
  const orgIds = new Set(found.flatMap((m) => m.organizationIds));
  const ordered = wanted.map((w) => found.find((f) => f.memberType === w.memberType && f.memberId === w.memberId)!);
  return { list: ordered, accountId: [...accountIds][0]!, organizationId: orgIds.size === 1 ? [...orgIds][0]! : null };
}

/**
 * The activities, in the order given, each pinned to its published version (an activity the assignment already
 * holds keeps its pin). Only published, not archived activities that the caller and the district may use can be
 * assigned; drafts do not exist for callers who cannot see them.
 */
async function resolveActivities(
  tx: DbOrTx,
  auth: AuthContext,
  accountId: number,
  ids: readonly number[],
  keep: Map<number, number | null> = new Map(),
): Promise<repo.PinnedActivity[]> {
  const unique = [...new Set(ids)];
  const account = await targetRepo.findAccount(tx, accountId);
  if (!account) throw new NotFoundError();
  const rows = await targetRepo.findActivitiesFor(
    tx,
    tenantScopeOf(auth),
    { kind: 'account', domainId: account.domainId, accountId },
    unique,
  );
  const drafts = canSeeDraftActivities(auth.policy);
  const visible = rows.filter((r) => drafts || r.status === 'published');
  if (visible.length !== unique.length) throw new NotFoundError();
  const unusable = visible.filter((r) => r.status !== 'published' || r.publishedVersionId === null || r.archived);
  if (unusable.length > 0)
    throw new ValidationError({
      activity_ids: unusable.map((a) => ({ key: 'assignments.notPublished', params: { title: a.title } })),
    });
  return unique.map((id) => ({
    activityId: id,
    activityVersionId: keep.get(id) ?? visible.find((r) => r.id === id)!.publishedVersionId,
  }));
}

/**
 * 002 section 5, 'items already in a class': an activity another live assignment already gives one of the classes,
 * or a student who is in one of the classes, is refused (the picker disables the same items, through the same rule).
 */
async function checkAlreadyInClass(
  tx: DbOrTx,
  members: readonly targetRepo.MemberPlace[],
  activityIds: readonly number[],
  excludeAssignmentId?: number,
): Promise<void> {
  const classIds = members.filter((m) => m.memberType === 'class').map((m) => m.memberId);
  if (classIds.length === 0) return;
  // concurrent assignments to the same class wait here, so two of them cannot both pass the check
  await targetRepo.lockClasses(tx, classIds);
  const targets = await targetRepo.classTargets(tx, classIds, excludeAssignmentId);
  const studentIds = members.filter((m) => m.memberType === 'student').map((m) => m.memberId);
  const conflicts = alreadyInClass(targets, classIds, { activity_ids: activityIds, student_ids: studentIds });
  if (conflicts.length === 0) return;
  const classNameOf = (id: number) => members.find((m) => m.memberType === 'class' && m.memberId === id)!.name;
  const titles = await targetRepo.activityTitles(
    tx,
    conflicts.filter((c) => c.member_type === 'activity').map((c) => c.id),
  );
  const errors: Record<string, MessageRef[]> = {};
  for (const c of conflicts) {
    if (c.member_type === 'activity')
      (errors.activity_ids ??= []).push({
        key: 'assignments.activityInClass',
        params: { title: titles.get(c.id) ?? String(c.id), class: classNameOf(c.class_id) },
      });
    else
      (errors.members ??= []).push({
        key: 'assignments.studentInClass',
        params: {
          student: members.find((m) => m.memberType === 'student' && m.memberId === c.id)!.name,
          class: classNameOf(c.class_id),
        },
      });
  }
  throw new ValidationError(errors);
}

async function checkSet(tx: DbOrTx, reach: Reach, setId: number | null | undefined, accountId: number) {
  if (setId === undefined || setId === null) return;
  const set = await findAssignmentSet(tx, reach, setId);
  if (!set) throw new NotFoundError();
  if (set.accountId !== accountId) throw ValidationError.field('assignment_set_id', 'assignments.setOtherDistrict');
}

// ---- create, update, delete ----

export async function createAssignment(deps: Deps, auth: AuthContext, input: AssignmentCreateInput, ip: string) {
  const reach = reachOf(auth);
  const id = await deps.db.transaction(async (tx) => {
    const members = await resolveMembers(tx, reach, input.members);
    const pinned = await resolveActivities(tx, auth, members.accountId, input.activity_ids);
    await checkSet(tx, reach, input.assignment_set_id, members.accountId);
    await checkAlreadyInClass(
      tx,
      members.list,
      pinned.map((p) => p.activityId),
    );
    const row = await repo.insertAssignment(tx, {
      accountId: members.accountId,
      organizationId: members.organizationId,
      assignmentSetId: input.assignment_set_id ?? null,
      name: input.name,
      startAt: new Date(input.start_at),
      dueAt: new Date(input.due_at),
      createdBy: auth.user.id,
    });
    await repo.replaceAssignmentActivities(tx, row.id, pinned);
    await repo.replaceAssignmentMembers(tx, row.id, members.list);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: members.accountId,
      action: 'assignment.created',
      entityType: 'assignment',
      entityId: row.id,
      ip,
      details: {
        name: row.name,
        activity_ids: pinned.map((p) => p.activityId),
        members: members.list.map((m) => ({ member_type: m.memberType, member_id: m.memberId })),
      },
    });
    return row.id;
  });
  return getAssignment(deps, auth, id);
}

/** The assignment, locked, unless a student has attempted it (409 with the spec's message). */
async function getChangeable(tx: DbOrTx, reach: Reach, id: number): Promise<repo.AssignmentRow> {
  const row = await repo.findAssignment(tx, reach, id, { lock: true });
  if (!row) throw new NotFoundError();
  if (await repo.hasAttempts(tx, id)) throw new ConflictError(ATTEMPTED);
  return row;
}

export async function updateAssignment(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: AssignmentUpdateInput,
  ip: string,
) {
  const reach = reachOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await getChangeable(tx, reach, id);
    const startAt = input.start_at === undefined ? before.startAt : new Date(input.start_at);
    const dueAt = input.due_at === undefined ? before.dueAt : new Date(input.due_at);
    if (!dueNotBeforeStart(startAt, dueAt)) throw ValidationError.field('due_at', 'assignments.dueBeforeStart');

    let organizationId = before.organizationId;
    let members: targetRepo.MemberPlace[] | undefined;
    if (input.members !== undefined) {
      const resolved = await resolveMembers(tx, reach, input.members);
      if (resolved.accountId !== before.accountId) throw ValidationError.field('members', 'assignments.oneDistrict');
      members = resolved.list;
      organizationId = resolved.organizationId;
    }
    let pinned: repo.PinnedActivity[] | undefined;
    if (input.activity_ids !== undefined)
      pinned = await resolveActivities(
        tx,
        auth,
        before.accountId,
        input.activity_ids,
        await repo.pinnedVersions(tx, id),
      );
    await checkSet(tx, reach, input.assignment_set_id, before.accountId);
    if (members || pinned) {
      const finalMembers =
        members ?? (await targetRepo.findMembersInReach(tx, { kind: 'global' }, await memberIdsOf(tx, id)));
      await checkAlreadyInClass(
        tx,
        finalMembers,
        pinned?.map((p) => p.activityId) ?? (await repo.activityIdsOf(tx, id)),
        id,
      );
    }
    await repo.updateAssignment(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.assignment_set_id !== undefined ? { assignmentSetId: input.assignment_set_id } : {}),
      startAt,
      dueAt,
      organizationId,
    });
    if (pinned) await repo.replaceAssignmentActivities(tx, id, pinned);
    if (members) await repo.replaceAssignmentMembers(tx, id, members);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'assignment.updated',
      entityType: 'assignment',
      entityId: id,
      ip,
      details: { before: { name: before.name }, changes: Object.keys(input) },
    });
  });
  return getAssignment(deps, auth, id);
}

async function memberIdsOf(tx: DbOrTx, id: number) {
  const list = await repo.membersOf(tx, id);
  const pick = (t: MemberType) => list.filter((m) => m.memberType === t).map((m) => m.memberId);
  return { class: pick('class'), group: pick('group'), student: pick('student') };
}

export async function deleteAssignment(deps: Deps, auth: AuthContext, id: number, ip: string): Promise<void> {
  const reach = reachOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await getChangeable(tx, reach, id);
    await repo.updateAssignment(tx, id, { deletedAt: new Date() });
    await deleteLabGroupsOf(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'assignment.deleted',
      entityType: 'assignment',
      entityId: id,
      ip,
      details: { name: before.name },
    });
  });
}

// ---- lists ----

export async function listAssignments(deps: Deps, auth: AuthContext, f: AssignmentListFilter) {
  const page = await listRepo.listAssignments(deps.db, reachOf(auth), f);
  return { rows: await withExtras(deps.db, page.rows), total: page.total };
}

const ADMIN_ROLES = new Set(['super-administrator', 'domain-administrator', 'administrator', 'school-administrator']);

/** Whether the subject of a scoped list exists for the caller (else 404, as for any row of another tenant). */
async function subjectInReach(deps: Deps, auth: AuthContext, subject: AssignmentListSubject, id: number) {
  const reach = reachOf(auth);
  const scope = tenantScopeOf(auth);
  switch (subject) {
    case 'account':
      return !!(await findAccountInScope(deps.db, scope, id));
    case 'organization':
      return !!(await findOrganizationInScope(deps.db, scope, id));
    case 'class':
      return listRepo.classInReach(deps.db, reach, id);
    case 'group':
      return listRepo.groupInReach(deps.db, reach, id);
    case 'student':
      return listRepo.studentInReach(deps.db, reach, id);
    case 'teacher':
    case 'admin': {
      const user = await findUserInScope(deps.db, scope, id);
      return !!user && (subject === 'teacher' ? user.role === 'teacher' : ADMIN_ROLES.has(user.role));
    }
  }
}

/** The lists under an account, school, class, student, group, teacher or admin, within the caller's reach. */
export async function listAssignmentsOf(
  deps: Deps,
  auth: AuthContext,
  subject: AssignmentListSubject,
  id: number,
  f: AssignmentListFilter,
) {
  if (!(await subjectInReach(deps, auth, subject, id))) throw new NotFoundError();
  const page = await listRepo.listAssignments(deps.db, reachOf(auth), f, listRepo.subjectClause(subject, id));
  return { rows: await withExtras(deps.db, page.rows), total: page.total };
}

/** The assign-to picker in one call: classes with students and what they already have, groups with students. */
export async function listTargets(deps: Deps, auth: AuthContext, f: AssignTargetsFilter) {
  const reach = reachOf(auth);
  if (f.exclude_assignment_id !== undefined && !(await repo.findAssignment(deps.db, reach, f.exclude_assignment_id)))
    throw new NotFoundError();
  return targetRepo.listTargets(deps.db, reach, {
    accountId: f.account_id,
    organizationId: f.organization_id,
    classId: f.class_id,
    groupId: f.group_id,
    studentId: f.student_id,
    teacherId: f.teacher_id,
    excludeAssignmentId: f.exclude_assignment_id,
  });
}

// ---- the student's side ----

/** GET /student/assignments: the signed-in student's assignments with their status. */
export async function listStudentAssignments(deps: Deps, auth: AuthContext, now: Date = new Date()) {
  const rows = await listRepo.listForStudent(deps.db, auth.user.id);
  return rows.map((r) => ({
    ...r,
    status: studentAssignmentStatus(
      {
        start_at: r.start_at,
        due_at: r.due_at,
        activities_count: r.activities.length,
        submitted_count: r.submitted_count,
      },
      now,
    ),
  }));
}
