import { fullNameOf } from '@aula/domain/people';
import type { StaffRelations, UserWithOrgs } from './users.repo';
import type { UserWithRelations } from './users.service';

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

function presentStaffRelations(r: StaffRelations) {
  return {
    organizations: r.organizations,
    classes: r.classes.map((c) => ({
      id: c.id,
      title: c.title,
      custom_title: c.customTitle,
      periods: c.periods,
      organization_id: c.organizationId,
      students_count: c.studentsCount,
    })),
  };
}

/** A user of a staff list: with their schools and classes when the list asked withRelations. */
export function presentListedUser(u: UserWithRelations) {
  const base = presentUser(u);
  return u.relations ? { ...base, full_name: fullNameOf(u), ...presentStaffRelations(u.relations) } : base;
}

/** The teacher profile (GET /dashboard/teachers/:id). */
export function presentTeacherProfile(u: Required<UserWithRelations>) {
  const rel = presentStaffRelations(u.relations);
  return {
    ...presentUser(u),
    full_name: fullNameOf(u),
    ...rel,
    students_count: u.relations.classes.reduce((n, c) => n + c.studentsCount, 0),
  };
}
