import { labGroupOwner, type LabGroupInput } from '@aula/domain/classes';
import type { Tx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { classScopeOf } from './class-scope.repo';
import * as classes from './classes.repo';
import { classSettingEnabled } from './classes.service';
import { checkLabGroupMembers } from './lab-group-members';
import * as repo from './lab-groups.repo';

// A class's standing lab groups (lab_groups without an assignment): small teams of the class's students for lab
// work, one of them the owner (the sensor holder). Changing them needs lab groups on for the class (class settings);
// each student is in at most one of the class's lab groups, and names are unique in the class.

async function requireClass(tx: Tx | Deps['db'], auth: AuthContext, classId: number) {
  const c = await classes.findClass(tx, classScopeOf(auth), classId);
  if (!c) throw new NotFoundError();
  return c;
}

export async function listLabGroups(deps: Deps, auth: AuthContext, classId: number) {
  const c = await requireClass(deps.db, auth, classId);
  return repo.listLabGroups(deps.db, c.id);
}

async function checkInput(tx: Tx, c: classes.ClassRow, input: LabGroupInput, exceptId?: number) {
  if (!(await classSettingEnabled(tx, c, 'lab_groups'))) throw new ConflictError({ key: 'errors.labGroups.off' });
  const members = await checkLabGroupMembers(tx, { classId: c.id, assignmentId: null }, input.student_ids, {
    ...(exceptId !== undefined ? { exceptLabGroupId: exceptId } : {}),
  });
  if (members.outsiders.length > 0) throw ValidationError.field('student_ids', 'errors.labGroups.notInClass', {}, true);
  if (await repo.isLabGroupNameTaken(tx, c.id, input.name, exceptId))
    throw ValidationError.field('name', 'errors.labGroups.nameTaken', {}, true);
  const [taken] = members.taken;
  if (taken)
    throw ValidationError.field(
      'student_ids',
      'errors.labGroups.alreadyInLabGroup',
      { name: `${taken.firstName} ${taken.lastName}`, group: taken.labGroup },
      true,
    );
}

export async function createLabGroup(deps: Deps, auth: AuthContext, classId: number, input: LabGroupInput, ip: string) {
  return deps.db.transaction(async (tx) => {
    const c = await requireClass(tx, auth, classId);
    await checkInput(tx, c, input);
    const row = await repo.insertLabGroup(tx, c.id, input.name);
    await repo.replaceLabGroupMembers(tx, row.id, input.student_ids, labGroupOwner(input));
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: c.accountId,
      action: 'lab_group.created',
      entityType: 'lab_group',
      entityId: row.id,
      ip,
      details: { class_id: c.id, name: input.name, student_ids: input.student_ids },
    });
    return (await repo.findLabGroup(tx, c.id, row.id))!;
  });
}

export async function updateLabGroup(
  deps: Deps,
  auth: AuthContext,
  classId: number,
  id: number,
  input: LabGroupInput,
  ip: string,
) {
  return deps.db.transaction(async (tx) => {
    const c = await requireClass(tx, auth, classId);
    const before = await repo.findLabGroup(tx, c.id, id);
    if (!before) throw new NotFoundError();
    await checkInput(tx, c, input, id);
    await repo.renameLabGroup(tx, id, input.name);
    await repo.replaceLabGroupMembers(tx, id, input.student_ids, labGroupOwner(input));
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: c.accountId,
      action: 'lab_group.updated',
      entityType: 'lab_group',
      entityId: id,
      ip,
      details: {
        class_id: c.id,
        before: { name: before.name, student_ids: before.members.map((m) => m.id) },
        after: { name: input.name, student_ids: input.student_ids },
      },
    });
    return (await repo.findLabGroup(tx, c.id, id))!;
  });
}

/** Deleting a lab group is always allowed (even with lab groups switched off), so a class can be tidied up. */
export async function deleteLabGroup(deps: Deps, auth: AuthContext, classId: number, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const c = await requireClass(tx, auth, classId);
    const before = await repo.findLabGroup(tx, c.id, id);
    if (!before) throw new NotFoundError();
    await repo.deleteLabGroup(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: c.accountId,
      action: 'lab_group.deleted',
      entityType: 'lab_group',
      entityId: id,
      ip,
      details: { class_id: c.id, name: before.name, student_ids: before.members.map((m) => m.id) },
    });
  });
}
