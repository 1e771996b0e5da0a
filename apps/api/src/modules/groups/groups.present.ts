import { classroomName } from '@aula/domain/classes';
import { isGroupEmpty } from '@aula/domain/groups';
import type { GroupListRow, GroupMember, RelationClass } from './groups.repo';

/** A group on the wire (001 section 3: id, name, users, relations to classes, learner type), flagged when empty. */
export function presentGroup(g: GroupListRow) {
  return {
    id: g.id,
    name: g.name,
    learner_type: g.learnerType,
    account_id: g.accountId,
    organization_id: g.organizationId,
    organization_name: g.organizationName,
    created_by: g.createdByName,
    students_count: g.studentsCount,
    teachers_count: g.teachersCount,
    is_empty: isGroupEmpty({ students_count: g.studentsCount }),
    classes: g.classes.map((c) => ({ id: c.id, name: classroomName(c) })),
    deleted: g.deletedAt !== null,
    deleted_at: g.deletedAt?.toISOString() ?? null,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

/** One group with its users (students and teachers). */
export function presentGroupDetail(d: { group: GroupListRow; students: GroupMember[]; teachers: GroupMember[] }) {
  return { ...presentGroup(d.group), users: { students: d.students, teachers: d.teachers } };
}

export function presentRelations(r: {
  classes: RelationClass[];
  students: (GroupMember & { class_ids: number[] })[];
  teachers: (GroupMember & { class_ids: number[] })[];
}) {
  return {
    classes: r.classes.map((c) => ({ ...c, name: classroomName(c) })),
    students: r.students,
    teachers: r.teachers,
  };
}
