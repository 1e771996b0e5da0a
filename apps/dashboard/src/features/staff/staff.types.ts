import type { Role, StaffRole } from '@aula/domain/roles';

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

/** A staff user on the wire (001 section 3, User (staff)). */
export interface User {
  id: number;
  role: Role;
  role_id: number | null;
  account_id: number | null;
  domain_id: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  organization_ids: number[];
  disabled: boolean;
  deleted: boolean;
  full_name?: string;
  organizations?: { id: number; name: string }[];
}

export interface UserSearchRequest {
  page: number;
  per_page: number;
  search?: string;
  role?: Role;
  roles?: Role[];
  no_account?: boolean;
  include_deleted?: boolean;
  withRelations?: boolean;
}

export interface UserCreateInput {
  role: StaffRole;
  role_id?: number;
  domain_id?: number;
  account_id?: number;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  organization_ids: number[];
}

export interface UserUpdateInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  organization_ids?: number[];
  disabled?: boolean;
}

export interface NamedRef {
  id: number;
  name: string;
}
