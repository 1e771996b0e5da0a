import { classroomName } from '@aula/domain/classes';
import type { ClassListRow, ClassMemberRow } from './classes.repo';
import type { LabGroupWithMembers } from './lab-groups.repo';

/** A classroom on the wire (001 section 3: id, title, custom_title, periods, primary_teacher, students). */
export function presentClass(c: ClassListRow) {
  return {
    id: c.id,
    name: classroomName({ title: c.title, custom_title: c.customTitle, periods: c.periods }),
    title: c.title,
    custom_title: c.customTitle,
    periods: c.periods,
    grades: c.grades,
    subject: c.subject,
    account_id: c.accountId,
    organization_id: c.organizationId,
    organization_name: c.organizationName,
    course_id: c.courseId,
    academic_session_id: c.academicSessionId,
    rostered: c.sourcedId !== null,
    primary_teacher: c.primaryTeacher,
    students_count: c.studentsCount,
    teachers_count: c.teachersCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentClassUser(u: ClassMemberRow) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    middle_name: u.middleName,
    email: u.email,
    username: u.username,
    user_type: u.userType,
    is_primary: u.isPrimary,
  };
}

export function presentLabGroup(g: LabGroupWithMembers) {
  return {
    id: g.id,
    class_id: g.classId,
    name: g.name,
    owner_id: g.members.find((m) => m.is_owner)?.id ?? null,
    students: g.members,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}
