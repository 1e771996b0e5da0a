import type { GroupStatusFilter, LearnerType } from '@aula/domain/groups';
import type { ListOf, Paged, PersonRef } from '../classes/classes.types';

// The group calls' payloads as the dashboard reads them (snake_case, as on the wire).

export type { ListOf, Paged };

export interface GroupRow {
  id: number;
  name: string;
  learner_type: LearnerType;
  account_id: number;
  organization_id: number | null;
  organization_name: string | null;
  created_by: { id: number; first_name: string; last_name: string } | null;
  students_count: number;
  teachers_count: number;
  is_empty: boolean;
  classes: { id: number; name: string }[];
  deleted: boolean;
  deleted_at: string | null;
  updated_at: string;
}

export interface GroupMember extends PersonRef {
  username: string | null;
  email: string | null;
}

export interface GroupDetail extends GroupRow {
  users: { students: GroupMember[]; teachers: GroupMember[] };
}

export interface GroupFilters {
  page: number;
  per_page: number;
  search?: string;
  class_id?: number;
  status?: GroupStatusFilter;
  empty?: boolean;
  /** any of these schools (the groups under an admin: the admin's schools) */
  organization_ids?: number[];
}

export interface GroupInput {
  name: string;
  learner_type: LearnerType;
  student_ids: number[];
  teacher_ids: number[];
  class_ids: number[];
  organization_id?: number | null;
}

export interface GroupRelations {
  classes: { id: number; name: string; organization_id: number; account_id: number }[];
  students: (GroupMember & { class_ids: number[] })[];
  teachers: (GroupMember & { class_ids: number[] })[];
}
