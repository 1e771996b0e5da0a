import type { RoleRow } from './roles.repo';

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
