import { classFilterOf } from '@aula/domain/classes';
import {
  canDeleteGroup,
  canRestoreGroup,
  type GroupCreateInput,
  type GroupListFilter,
  type GroupRelationsInput,
  type GroupUpdateInput,
} from '@aula/domain/groups';
import type { DbOrTx, Tx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { resolveAccount } from '../accounts/placement';
import { findOrganizationInScope } from '../activities/activities.repo';
import { insertAuditEntry } from '../audit/audit.repo';
import { classScopeOf, type ClassScope } from '../classes/class-scope.repo';
import { reachableUserIds } from '../classes/classes.repo';
import { subjectFilter } from '../classes/classes.service';
import { groupVisible } from './group-scope.repo';
import * as repo from './groups.repo';

// Groups (issue 5 item 2; 001 section 7 "Groups": POST list, my list, create, relations; PUT update and restore; GET
// one; DELETE). A group belongs to one account and, usually, one school; its learners, teachers and classes must be
// ones the caller reaches. Deleting is soft: a deleted group is restored through edit (PUT .../restore) and cannot be
// deleted again.

export type GroupListSubject = 'account' | 'organization' | 'teacher' | 'student' | 'class';

const deleted = (g: { deletedAt: Date | null }) => ({ deleted: g.deletedAt !== null });

async function requireGroup(db: DbOrTx, scope: ClassScope, id: number) {
  const found = await repo.findGroup(db, groupVisible(scope, 'all'), id);
  if (!found) throw new NotFoundError();
  return found;
}

export async function listGroups(
  deps: Deps,
  auth: AuthContext,
  f: GroupListFilter,
  subject?: { kind: GroupListSubject; id: number },
) {
  const scope = classScopeOf(auth);
  const narrow = subject ? await subjectFilter(deps.db, scope, subject.kind, subject.id) : {};
  const { status, class_id, ...rest } = f;
  return repo.listGroups(deps.db, groupVisible(scope, status), {
    ...rest,
    class_id: classFilterOf(class_id),
    ...narrow,
  });
}

/** "My list": the groups the caller created or teaches. */
export async function listMyGroups(deps: Deps, auth: AuthContext, f: GroupListFilter) {
  const { status, class_id, ...rest } = f;
  return repo.listGroups(deps.db, groupVisible(classScopeOf(auth), status), {
    ...rest,
    class_id: classFilterOf(class_id),
    mine: auth.user.id,
  });
}

/** One group with its learners, teachers and classes; deleted groups too (the edit page restores them). */
export async function getGroup(deps: Deps, auth: AuthContext, id: number) {
  const group = await requireGroup(deps.db, classScopeOf(auth), id);
  return { group, ...(await repo.groupMembers(deps.db, id)) };
}

/** What the caller may put in a group: classes, and the students and teachers of the classes asked for (or all). */
export async function listRelations(deps: Deps, auth: AuthContext, input: GroupRelationsInput) {
  const scope = classScopeOf(auth);
  const classes = await repo.relationClasses(deps.db, scope, {
    organizationId: input.organization_id,
    accountId: input.account_id,
  });
  const chosen = input.class_ids
    ? classes.filter((c) => input.class_ids!.includes(c.id)).map((c) => c.id)
    : classes.map((c) => c.id);
  const [students, teachers] = await Promise.all([
    repo.relationMembers(deps.db, chosen, 'student'),
    repo.relationMembers(deps.db, chosen, 'teacher'),
  ]);
  return { classes, students, teachers };
}

/**
 * Ids already in the group stay acceptable (a student who has since left the teacher's class can be kept); every
 * other id must be a student (or teacher) the caller reaches, of the group's account. One 422 names the list.
 */
async function checkPeople(
  tx: Tx,
  scope: ClassScope,
  accountId: number,
  role: 'student' | 'teacher',
  wanted: readonly number[],
  current: readonly number[] = [],
) {
  const added = wanted.filter((id) => !current.includes(id));
  const ok = await reachableUserIds(tx, scope, role, added, accountId);
  if (ok.length !== added.length)
    throw ValidationError.field(
      role === 'student' ? 'student_ids' : 'teacher_ids',
      role === 'student' ? 'errors.groups.learnersUnavailable' : 'errors.groups.teachersUnavailable',
      {},
      true,
    );
}

async function checkClasses(
  tx: Tx,
  scope: ClassScope,
  wanted: readonly number[],
  current: readonly number[] = [],
): Promise<{ id: number; accountId: number; organizationId: number }[]> {
  const added = wanted.filter((id) => !current.includes(id));
  const found = await repo.visibleClasses(tx, scope, added);
  if (found.length !== added.length)
    throw ValidationError.field('class_ids', 'errors.groups.classesUnavailable', {}, true);
  return found;
}

const selectOrganization = () => ValidationError.field('organization_id', 'validation.select', {}, true);

/**
 * Where a new group goes. The account is the caller's own (below domain level) or the one asked for, else that of
 * the classes. The school is the one asked for, else the classes' school when they share one, else the caller's
 * when they have exactly one; school admins and teachers must end up with one of their schools (or name one).
 */
async function placeGroup(
  tx: Tx,
  scope: ClassScope,
  input: GroupCreateInput,
  classes: { accountId: number; organizationId: number }[],
): Promise<{ accountId: number; organizationId: number | null }> {
  const tenant = scope.tenant;
  const below = tenant.kind === 'account' || tenant.kind === 'organization';
  const accountHint = input.account_id ?? (below ? undefined : classes[0]?.accountId);
  const account = await resolveAccount(tx, tenant, accountHint);
  if (classes.some((c) => c.accountId !== account.id))
    throw ValidationError.field('class_ids', 'errors.groups.classesUnavailable', {}, true);

  if (input.organization_id !== undefined && input.organization_id !== null) {
    const org = await findOrganizationInScope(tx, tenant, input.organization_id);
    if (!org || org.accountId !== account.id) throw selectOrganization();
    return { accountId: account.id, organizationId: org.id };
  }
  const mine = tenant.kind === 'organization' ? tenant.organizationIds : null;
  if (input.organization_id === null) {
    // an account-wide group: only for callers above the school level
    if (mine) throw selectOrganization();
    return { accountId: account.id, organizationId: null };
  }
  const classOrgs = [...new Set(classes.map((c) => c.organizationId))];
  if (classOrgs.length === 1 && (!mine || mine.includes(classOrgs[0]!) || scope.teacherId !== null))
    return { accountId: account.id, organizationId: classOrgs[0]! };
  if (mine) {
    if (mine.length === 1) return { accountId: account.id, organizationId: mine[0]! };
    throw selectOrganization();
  }
  return { accountId: account.id, organizationId: null };
}

export async function createGroup(deps: Deps, auth: AuthContext, input: GroupCreateInput, ip: string) {
  const scope = classScopeOf(auth);
  const id = await deps.db.transaction(async (tx) => {
    const classes = await checkClasses(tx, scope, input.class_ids);
    const at = await placeGroup(tx, scope, input, classes);
    await checkPeople(tx, scope, at.accountId, 'student', input.student_ids);
    await checkPeople(tx, scope, at.accountId, 'teacher', input.teacher_ids);
    // a teacher who makes a group teaches it
    const teacherIds =
      scope.teacherId !== null && !input.teacher_ids.includes(scope.teacherId)
        ? [...input.teacher_ids, scope.teacherId]
        : input.teacher_ids;
    const row = await repo.insertGroup(tx, {
      accountId: at.accountId,
      organizationId: at.organizationId,
      name: input.name,
      learnerType: input.learner_type,
      createdBy: auth.user.id,
    });
    await repo.replaceGroupMembers(tx, row.id, 'student', input.student_ids);
    await repo.replaceGroupMembers(tx, row.id, 'teacher', teacherIds);
    await repo.replaceGroupClasses(tx, row.id, input.class_ids);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: at.accountId,
      action: 'group.created',
      entityType: 'group',
      entityId: row.id,
      ip,
      details: {
        name: input.name,
        organization_id: at.organizationId,
        student_ids: input.student_ids,
        teacher_ids: teacherIds,
        class_ids: input.class_ids,
      },
    });
    return row.id;
  });
  return getGroup(deps, auth, id);
}

export async function updateGroup(deps: Deps, auth: AuthContext, id: number, input: GroupUpdateInput, ip: string) {
  const scope = classScopeOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await requireGroup(tx, scope, id);
    if (before.deletedAt !== null) throw new ConflictError({ key: 'errors.groups.restoreFirst' });
    const [students, teachers, classIds] = await Promise.all([
      repo.groupMemberIds(tx, id, 'student'),
      repo.groupMemberIds(tx, id, 'teacher'),
      repo.groupClassIds(tx, id),
    ]);
    if (input.class_ids) {
      const added = await checkClasses(tx, scope, input.class_ids, classIds);
      if (added.some((c) => c.accountId !== before.accountId))
        throw ValidationError.field('class_ids', 'errors.groups.classesUnavailable', {}, true);
      await repo.replaceGroupClasses(tx, id, input.class_ids);
    }
    if (input.student_ids) {
      await checkPeople(tx, scope, before.accountId, 'student', input.student_ids, students);
      await repo.replaceGroupMembers(tx, id, 'student', input.student_ids);
    }
    if (input.teacher_ids) {
      await checkPeople(tx, scope, before.accountId, 'teacher', input.teacher_ids, teachers);
      await repo.replaceGroupMembers(tx, id, 'teacher', input.teacher_ids);
    }
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.learner_type !== undefined ? { learnerType: input.learner_type } : {}),
    };
    await repo.updateGroup(tx, id, fields);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'group.updated',
      entityType: 'group',
      entityId: id,
      ip,
      details: {
        before: { name: before.name, student_ids: students, teacher_ids: teachers, class_ids: classIds },
        input,
      },
    });
  });
  return getGroup(deps, auth, id);
}

/** Soft delete; 'a deleted group cannot be deleted again' (001 section 4). */
export async function deleteGroup(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const scope = classScopeOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await requireGroup(tx, scope, id);
    if (!canDeleteGroup(deleted(before))) throw new ConflictError({ key: 'errors.groups.alreadyDeleted' });
    await repo.setDeleted(tx, id, true);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'group.deleted',
      entityType: 'group',
      entityId: id,
      ip,
      details: { name: before.name },
    });
  });
}

/** Reactivates a deleted group (the edit page's Restore). */
export async function restoreGroup(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const scope = classScopeOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await requireGroup(tx, scope, id);
    if (!canRestoreGroup(deleted(before))) throw new ConflictError({ key: 'errors.groups.notDeleted' });
    await repo.setDeleted(tx, id, false);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'group.restored',
      entityType: 'group',
      entityId: id,
      ip,
      details: { name: before.name },
    });
  });
  return getGroup(deps, auth, id);
}
