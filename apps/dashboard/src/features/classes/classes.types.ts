import type { ClassSettingKind, ClassSettingValue, EffectiveClassSetting } from '@aula/domain/classes';

// The class calls' payloads as the dashboard reads them (snake_case, as on the wire).

export interface PersonRef {
  id: number;
  first_name: string;
  last_name: string;
  middle_name: string | null;
}

export interface ClassRow {
  id: number;
  name: string;
  title: string;
  custom_title: string | null;
  periods: string | null;
  grades: string | null;
  subject: string | null;
  account_id: number;
  organization_id: number;
  organization_name: string;
  rostered: boolean;
  primary_teacher: PersonRef | null;
  students_count: number;
  teachers_count: number;
  updated_at: string;
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}
export interface Paged<T> {
  data: T[];
  meta: ListMeta;
}

/** The subject of a list under another page (/teachers/3/classes, /accounts/1/groups, ...). */
export type ListScope = 'accounts' | 'organizations' | 'teachers' | 'students' | 'groups' | 'classes';
export interface ListOf {
  scope: ListScope;
  id: number;
}

export interface ClassFilters {
  page: number;
  per_page: number;
  search?: string;
  /** any of these schools (the classes under an admin: the admin's schools) */
  organization_ids?: number[];
}

export interface ClassUser extends PersonRef {
  email: string | null;
  username: string | null;
  user_type: 'student' | 'teacher';
  is_primary: boolean;
}

export interface StudentStats extends PersonRef {
  username: string | null;
  email: string | null;
  assignments: number;
  attempts_started: number;
  attempts_submitted: number;
  last_activity_at: string | null;
}

export interface ClassSummary {
  class: ClassRow;
  student_stats: { date: string; start_date: string; end_date: string; total: number; active: number };
  students: StudentStats[];
  lab_groups: { total: number };
  students_assigned: number;
}

export type ClassSetting = EffectiveClassSetting;
export interface ClassSettingChange {
  setting: ClassSettingKind;
  value: ClassSettingValue | null;
}

export interface LabGroupMember extends PersonRef {
  username: string | null;
  is_owner: boolean;
}
export interface LabGroup {
  id: number;
  class_id: number;
  name: string;
  owner_id: number | null;
  students: LabGroupMember[];
}
export interface LabGroupInput {
  name: string;
  student_ids: number[];
  owner_id?: number | null;
}
