import { assignmentPhase, classroomName, isEmptyGroup } from '@aula/domain/assignments';
import type { AssignmentSetRow } from './assignment-sets.repo';
import type { AssignmentWithExtras } from './assignments.service';
import type { LabGroupWithMembers } from './lab-groups.repo';
import type { StudentAssignmentRow } from './assignment-lists.repo';
import type { StudentAssignmentStatus } from '@aula/domain/assignments';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const person = (p: { id: number; firstName: string; lastName: string } | null) =>
  p && { id: p.id, first_name: p.firstName, last_name: p.lastName };

/** The Assignment of the staff API (view, lists, create and update answers). */
export function presentAssignment(a: AssignmentWithExtras) {
  return {
    id: a.id,
    name: a.name,
    account_id: a.accountId,
    organization_id: a.organizationId,
    assignment_set_id: a.assignmentSetId,
    assignment_set: a.set,
    start_at: a.startAt.toISOString(),
    due_at: iso(a.dueAt),
    phase: assignmentPhase({ start_at: a.startAt, due_at: a.dueAt }),
    plan_id: a.planId,
    created_by: person(a.creator),
    activities: a.activities.map((x) => ({
      id: x.id,
      title: x.title,
      activity_version_id: x.activityVersionId,
      published_version_id: x.publishedVersionId,
      // a newer version was published after this one was assigned (002 section 5: out-of-sync versions)
      out_of_sync:
        x.activityVersionId !== null && x.publishedVersionId !== null && x.activityVersionId !== x.publishedVersionId,
    })),
    members: a.members.map((m) => ({
      member_type: m.memberType,
      member_id: m.memberId,
      name: m.name,
      students_count: m.studentsCount,
    })),
    // a student has attempted it: it can no longer be edited or deleted
    attempted: a.attempted,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function presentAssignmentSet(s: AssignmentSetRow) {
  return {
    id: s.id,
    name: s.name,
    account_id: s.accountId,
    assignments_count: s.assignmentsCount,
    created_by: person(s.creator),
    created_at: s.createdAt.toISOString(),
  };
}

type TargetStudent = { id: number; first_name: string; last_name: string };

export function presentTargets(t: {
  classes: {
    id: number;
    accountId: number;
    organizationId: number;
    title: string;
    customTitle: string | null;
    periods: string | null;
    students: TargetStudent[];
    assignedActivityIds: number[];
  }[];
  groups: {
    id: number;
    accountId: number;
    organizationId: number | null;
    name: string;
    students: TargetStudent[];
    classIds: number[];
  }[];
}) {
  return {
    classes: t.classes.map((c) => ({
      id: c.id,
      name: classroomName({ title: c.title, custom_title: c.customTitle, periods: c.periods }),
      account_id: c.accountId,
      organization_id: c.organizationId,
      students: c.students,
      student_ids: c.students.map((s) => s.id),
      assigned_activity_ids: c.assignedActivityIds,
    })),
    groups: t.groups.map((g) => {
      const studentIds = g.students.map((s) => s.id);
      return {
        id: g.id,
        name: g.name,
        account_id: g.accountId,
        organization_id: g.organizationId,
        class_ids: g.classIds,
        students: g.students,
        student_ids: studentIds,
        empty: isEmptyGroup({ student_ids: studentIds }),
      };
    }),
  };
}

export function presentLabGroup(g: LabGroupWithMembers) {
  return {
    id: g.id,
    assignment_id: g.assignmentId,
    class_id: g.classId,
    class_name: g.className,
    name: g.name,
    owner_id: g.members.find((m) => m.isOwner)?.id ?? null,
    members: g.members.map((m) => ({ id: m.id, first_name: m.firstName, last_name: m.lastName, is_owner: m.isOwner })),
  };
}

export function presentStudentAssignment(a: StudentAssignmentRow & { status: StudentAssignmentStatus }) {
  return {
    id: a.id,
    name: a.name,
    start_at: a.start_at.toISOString(),
    due_at: iso(a.due_at),
    status: a.status,
    activities: a.activities,
  };
}
