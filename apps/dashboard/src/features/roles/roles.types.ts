import type { Permission, PermissionDefinition } from '@aula/domain/permissions';
import type { Role, RoleLabel } from '@aula/domain/roles';

// Wire shapes of the role calls (snake_case as the API sends them).

export interface CustomRole {
  id: number;
  name: string;
  description: string | null;
  label: RoleLabel;
  permissions: string[];
  domain_id: number | null;
  account_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The list and GET one add where the role applies by name, whether the caller may change the role and how many live users hold it. */
export interface ListedRole extends CustomRole {
  domain_name: string | null;
  account_name: string | null;
  manageable: boolean;
  users_count: number;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface RoleInput {
  name: string;
  description?: string | null;
  label: RoleLabel;
  permissions: string[];
  domain_id?: number;
}

/** GET /dashboard/roles/permissions: one entry of the catalogue (001 section 3, Permission). */
export interface CatalogueEntry {
  name: Permission;
  description: string;
  rules: PermissionDefinition['rules'];
  multi_domain_only: boolean;
  bundle: boolean;
  grantable: boolean;
}

export interface MyRoles {
  role: Role;
  custom_role: CustomRole | null;
  permissions: string[];
}
