import type { AssignmentPhase, MemberType } from '@aula/domain/assignments';

// The assignments API's answers (apps/api/src/modules/assignments/assignments.present.ts), snake_case as on the wire.

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}

export interface Paged<T> {
  data: T[];
  meta: ListMeta;
}

export interface PersonRef {
  id: number;
  first_name: string;
  last_name: string;
}

export interface AssignmentActivity {
  id: number;
  title: string;
  activity_version_id: number | null;
  published_version_id: number | null;
  out_of_sync: boolean;
}

export interface AssignmentMember {
  member_type: MemberType;
  member_id: number;
  name: string;
  students_count: number;
}

export interface Assignment {
  id: number;
  name: string;
  account_id: number;
  organization_id: number | null;
  assignment_set_id: number | null;
  assignment_set: { id: number; name: string } | null;
  start_at: string;
  due_at: string | null;
  phase: AssignmentPhase;
  plan_id: number | null;
  created_by: PersonRef | null;
  activities: AssignmentActivity[];
  members: AssignmentMember[];
  attempted: boolean;
  created_at: string;
  updated_at: string;
}

export interface AssignmentInput {
  name: string;
  activity_ids: number[];
  members: { member_type: MemberType; member_id: number }[];
  start_at: string;
  due_at: string;
  assignment_set_id?: number | null;
}

export interface TargetClass {
  id: number;
  name: string;
  account_id: number;
  organization_id: number;
  students: PersonRef[];
  student_ids: number[];
  assigned_activity_ids: number[];
}

export interface TargetGroup {
  id: number;
  name: string;
  account_id: number;
  organization_id: number | null;
  class_ids: number[];
  students: PersonRef[];
  student_ids: number[];
  empty: boolean;
}

export interface Targets {
  classes: TargetClass[];
  groups: TargetGroup[];
}

export interface TargetsFilter {
  account_id?: number;
  organization_id?: number;
  class_id?: number;
  group_id?: number;
  student_id?: number;
  teacher_id?: number;
  exclude_assignment_id?: number;
}

export interface AssignmentFilters {
  page: number;
  per_page: number;
  search?: string;
  phase?: AssignmentPhase;
  assignment_set_id?: number;
}

/** The scopes the spec lists assignments under, as path segments. */
export type ListScope = 'accounts' | 'classes' | 'students' | 'groups' | 'teachers' | 'admins' | 'organizations';

export interface AssignmentSet {
  id: number;
  name: string;
  account_id: number;
  assignments_count: number;
  created_by: PersonRef | null;
  created_at: string;
}

export interface AssignmentSetView extends AssignmentSet {
  assignments: Assignment[];
}

export interface LabGroup {
  id: number;
  assignment_id: number;
  class_id: number;
  class_name: string;
  name: string;
  owner_id: number | null;
  members: (PersonRef & { is_owner: boolean })[];
}

export interface LabGroupInput {
  class_id: number;
  name: string;
  student_ids: number[];
  owner_id?: number | null;
}

/** A row of the activity catalogue's published list, as the picker needs it. */
export interface AssignableActivity {
  id: number;
  title: string;
  kind: string;
  archived: boolean;
}
