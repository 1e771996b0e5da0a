import type { UserWithOrgs } from './users.repo';

/** A staff user on the wire (001 section 3, User (staff)); never the password hash. */
export function presentUser(u: UserWithOrgs) {
  return {
    id: u.id,
    role: u.role,
    role_id: u.roleId,
    account_id: u.accountId,
    domain_id: u.domainId,
    first_name: u.firstName,
    middle_name: u.middleName,
    last_name: u.lastName,
    email: u.email,
    username: u.username,
    organization_ids: u.organizationIds,
    disabled: u.disabled,
    deleted: u.deletedAt !== null,
    deleted_at: u.deletedAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}
