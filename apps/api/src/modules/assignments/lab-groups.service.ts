import type { LabGroupCreateInput, LabGroupUpdateInput } from '@aula/domain/assignments';
import { labGroupOwner } from '@aula/domain/classes';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError, type MessageRef } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { checkLabGroupMembers } from '../classes/lab-group-members';
// one writer of lab group names and members, whichever kind the lab group is
import * as labGroupStore from '../classes/lab-groups.repo';
import type { Reach } from './assignment-scope.repo';
import { classInReach } from './assignment-lists.repo';
import { studentNames } from './assignment-targets.repo';
import { findAssignment } from './assignments.repo';
import { reachOf } from './assignments.service';
import * as repo from './lab-groups.repo';

// Lab groups under an assignment: small teams of one class's students for lab work. They organise who works
// together; they do not change what was assigned, so an attempted assignment's lab groups can still change.

async function assignmentOf(db: DbOrTx, reach: Reach, id: number) {
  const row = await findAssignment(db, reach, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listLabGroups(deps: Deps, auth: AuthContext, assignmentId: number) {
  await assignmentOf(deps.db, reachOf(auth), assignmentId);
  return repo.listLabGroups(deps.db, assignmentId);
}

/**
 * The classes module's lab-group member rule (classes/lab-group-members.ts): students of the lab group's class, here
 * only those who see the assignment, each in no other lab group of the assignment.
 */
async function checkMembers(
  tx: DbOrTx,
  assignmentId: number,
  classId: number,
  studentIds: readonly number[],
  exceptLabGroupId?: number,
): Promise<number[]> {
  const { students, outsiders, taken } = await checkLabGroupMembers(tx, { classId, assignmentId }, studentIds, {
    ...(exceptLabGroupId !== undefined ? { exceptLabGroupId } : {}),
    eligible: (ids) => repo.eligibleStudents(tx, assignmentId, classId, ids),
  });
  const takenIds = taken.map((t) => t.studentId);
  const names = await studentNames(tx, [...outsiders, ...takenIds]);
  const errors: MessageRef[] = [
    ...outsiders.map((id) => ({
      key: 'assignments.labGroupStudentNotInClass',
      params: { student: names.get(id) ?? String(id) },
    })),
    ...takenIds.map((id) => ({
      key: 'assignments.labGroupStudentTaken',
      params: { student: names.get(id) ?? String(id) },
    })),
  ];
  if (errors.length > 0) throw new ValidationError({ student_ids: errors });
  return students;
}

export async function createLabGroup(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  input: LabGroupCreateInput,
  ip: string,
) {
  const reach = reachOf(auth);
  const id = await deps.db.transaction(async (tx) => {
    const assignment = await assignmentOf(tx, reach, assignmentId);
    if (!(await classInReach(tx, reach, input.class_id))) throw new NotFoundError();
    if (!(await repo.classSeesAssignment(tx, assignmentId, input.class_id)))
      throw ValidationError.field('class_id', 'assignments.classNotAssigned');
    const students = await checkMembers(tx, assignmentId, input.class_id, input.student_ids);
    const group = await repo.insertLabGroup(tx, { classId: input.class_id, assignmentId, name: input.name });
    await labGroupStore.replaceLabGroupMembers(
      tx,
      group.id,
      students,
      labGroupOwner({ ...input, student_ids: students }),
    );
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: assignment.accountId,
      action: 'lab-group.created',
      entityType: 'lab-group',
      entityId: group.id,
      ip,
      details: { assignment_id: assignmentId, class_id: input.class_id, student_ids: students },
    });
    return group.id;
  });
  return (await repo.listLabGroups(deps.db, assignmentId, id))[0]!;
}

export async function updateLabGroup(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  id: number,
  input: LabGroupUpdateInput,
  ip: string,
) {
  const reach = reachOf(auth);
  await deps.db.transaction(async (tx) => {
    const assignment = await assignmentOf(tx, reach, assignmentId);
    const group = await repo.findLabGroup(tx, assignmentId, id);
    if (!group) throw new NotFoundError();
    if (input.name !== undefined) await labGroupStore.renameLabGroup(tx, id, input.name);
    if (input.student_ids !== undefined || input.owner_id !== undefined) {
      const current = await repo.labGroupMemberIds(tx, id);
      const students =
        input.student_ids === undefined
          ? current.map((m) => m.id)
          : await checkMembers(tx, assignmentId, group.classId, input.student_ids, id);
      if (input.owner_id !== undefined && input.owner_id !== null && !students.includes(input.owner_id))
        throw ValidationError.field('owner_id', 'assignments.ownerNotMember');
      const owner = labGroupOwner(
        { student_ids: students, owner_id: input.owner_id },
        current.find((m) => m.isOwner)?.id,
      );
      await labGroupStore.replaceLabGroupMembers(tx, id, students, owner);
    }
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: assignment.accountId,
      action: 'lab-group.updated',
      entityType: 'lab-group',
      entityId: id,
      ip,
      details: { assignment_id: assignmentId, changes: Object.keys(input) },
    });
  });
  return (await repo.listLabGroups(deps.db, assignmentId, id))[0]!;
}

export async function deleteLabGroup(deps: Deps, auth: AuthContext, assignmentId: number, id: number, ip: string) {
  const reach = reachOf(auth);
  await deps.db.transaction(async (tx) => {
    const assignment = await assignmentOf(tx, reach, assignmentId);
    if (!(await repo.findLabGroup(tx, assignmentId, id))) throw new NotFoundError();
    await repo.deleteLabGroup(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: assignment.accountId,
      action: 'lab-group.deleted',
      entityType: 'lab-group',
      entityId: id,
      ip,
      details: { assignment_id: assignmentId },
    });
  });
}
