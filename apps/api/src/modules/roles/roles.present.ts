import type { RoleListed, RoleRow } from './roles.repo';

export function presentRole(r: RoleRow) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    label: r.label,
    permissions: r.permissions,
    domain_id: r.domainId,
    account_id: r.accountId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * The list and GET one add what the roles pages need: where the role applies (by name), whether the caller may
 * change it, and how many users hold it.
 */
export function presentRoleListed(r: RoleListed) {
  return {
    ...presentRole(r),
    domain_name: r.domainName,
    account_name: r.accountName,
    manageable: r.manageable,
    users_count: r.usersCount,
  };
}
