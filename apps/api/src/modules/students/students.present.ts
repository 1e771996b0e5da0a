import { fullNameOf, studentActivityStatus } from '@aula/domain/people';
import type { Relations, StudentActivityRow } from './students.repo';
import type { StudentProfile, StudentRow, StudentWithRelations } from './students.service';

function presentRelations(r: Relations) {
  return {
    classes: r.classes.map((c) => ({
      id: c.id,
      title: c.title,
      custom_title: c.customTitle,
      periods: c.periods,
      organization_id: c.organizationId,
    })),
    organizations: r.organizations,
    groups: r.groups,
  };
}

/** A student on the wire; never the password hash. With relations when the list asked withRelations. */
export function presentStudent(s: StudentWithRelations | StudentRow) {
  const base = {
    id: s.id,
    role: s.role,
    account_id: s.accountId,
    first_name: s.firstName,
    middle_name: s.middleName,
    last_name: s.lastName,
    full_name: fullNameOf(s),
    username: s.username,
    email: s.email,
    disabled: s.disabled,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
  const relations = 'relations' in s ? s.relations : undefined;
  return relations ? { ...base, ...presentRelations(relations) } : base;
}

export function presentStudentProfile(p: StudentProfile) {
  return {
    ...presentStudent(p.student),
    ...presentRelations(p.relations),
    settings: p.settings,
    password_changed_at: p.student.passwordChangedAt?.toISOString() ?? null,
  };
}

export function presentStudentActivity(r: StudentActivityRow) {
  return {
    assignment_id: r.assignmentId,
    assignment_name: r.assignmentName,
    start_at: r.startAt.toISOString(),
    due_at: r.dueAt?.toISOString() ?? null,
    activity_id: r.activityId,
    activity_title: r.activityTitle,
    status: studentActivityStatus(r.attemptStatus === null ? null : { status: r.attemptStatus }),
    started_at: r.startedAt?.toISOString() ?? null,
    submitted_at: r.submittedAt?.toISOString() ?? null,
    progress_section: r.progressSection,
  };
}
