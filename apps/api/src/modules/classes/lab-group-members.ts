import type { DbOrTx } from '../../db/client';
import { classMemberIds } from './classes.repo';
import { studentsInOtherLabGroups, type LabGroupSet } from './lab-groups.repo';

// The one member rule for lab groups, a class's standing ones (classes/lab-groups.service.ts) and an assignment's
// (assignments/lab-groups.service.ts): members are live students of the lab group's class, each in at most one lab
// group of the set, and one of them is the owner (labGroupOwner in @aula/domain/classes). Each caller words the
// refusal in its own messages; an assignment's lab groups also narrow `eligible` to the students who see it.

export interface LabGroupMemberCheck {
  /** the students asked for, each once, in the order given */
  students: number[];
  /** asked for but not students of the class (or not eligible) */
  outsiders: number[];
  /** already in another lab group of the set */
  taken: { studentId: number; firstName: string; lastName: string; labGroup: string }[];
}

export async function checkLabGroupMembers(
  db: DbOrTx,
  set: LabGroupSet,
  studentIds: readonly number[],
  options: { exceptLabGroupId?: number; eligible?: (ids: number[]) => Promise<number[]> } = {},
): Promise<LabGroupMemberCheck> {
  const students = [...new Set(studentIds)];
  const ofClass = new Set(await classMemberIds(db, set.classId, 'student'));
  let inClass = students.filter((id) => ofClass.has(id));
  if (options.eligible && inClass.length > 0) {
    const eligible = new Set(await options.eligible(inClass));
    inClass = inClass.filter((id) => eligible.has(id));
  }
  const outsiders = students.filter((id) => !inClass.includes(id));
  const taken = await studentsInOtherLabGroups(db, set, students, options.exceptLabGroupId);
  return { students, outsiders, taken };
}
