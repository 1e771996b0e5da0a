import type { StudentActivityStatus, StudentScope, StudentSetting, StudentSettings } from '@aula/domain/people';
import type { Role } from '@aula/domain/roles';

// Wire shapes of the people calls (snake_case as the API sends them).

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface ClassRef {
  id: number;
  title: string;
  custom_title: string | null;
  periods: string | null;
  organization_id: number;
}
export interface NamedRef {
  id: number;
  name: string;
}

export interface Student {
  id: number;
  role: 'student';
  account_id: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  full_name: string;
  username: string | null;
  email: string | null;
  disabled: boolean;
  created_at: string;
  updated_at: string;
  classes?: ClassRef[];
  organizations?: NamedRef[];
  groups?: NamedRef[];
}

export interface StudentProfile extends Student {
  classes: ClassRef[];
  organizations: NamedRef[];
  groups: NamedRef[];
  settings: StudentSettings;
  password_changed_at: string | null;
}

export interface StudentListRequest {
  page: number;
  per_page: number;
  search?: string;
  withRelations?: boolean;
  scope?: StudentScope;
  mine?: boolean;
}

export interface StudentActivity {
  assignment_id: number;
  assignment_name: string;
  start_at: string;
  due_at: string | null;
  activity_id: number;
  activity_title: string;
  status: StudentActivityStatus;
  started_at: string | null;
  submitted_at: string | null;
  progress_section: number | null;
}

export interface StudentActivitiesRequest {
  studentId: number;
  page: number;
  per_page: number;
  search?: string;
  class_id?: number;
  status?: StudentActivityStatus;
}

export type StudentSettingChange = StudentSetting;

export interface StaffClass extends ClassRef {
  students_count: number;
}

export interface StaffUser {
  id: number;
  role: Role;
  account_id: number | null;
  domain_id: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  organization_ids: number[];
  disabled: boolean;
  full_name?: string;
  organizations?: NamedRef[];
  classes?: StaffClass[];
}

export interface TeacherProfile extends StaffUser {
  full_name: string;
  organizations: NamedRef[];
  classes: StaffClass[];
  students_count: number;
}

export interface StaffListRequest {
  page: number;
  per_page: number;
  search?: string;
  role?: Role;
  roles?: Role[];
  account_id?: number;
  organization_id?: number;
  /** staff of any of these schools (the lists under an admin, the admins under a class, teacher, student or group) */
  organization_ids?: number[];
  class_id?: number;
  student_id?: number;
  group_id?: number;
  withRelations?: boolean;
}
