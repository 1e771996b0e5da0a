import { z } from 'zod';

// The spec's role ids, in the spec's order (001 section 6). 'administrator' is the District (account) Administrator.
export const ROLES = [
  'custom',
  'super-administrator',
  'domain-administrator',
  'administrator',
  'school-administrator',
  'teacher',
  'student',
  'aide',
  'guardian',
  'parent',
  'proctor',
  'relative',
] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

// Labels the UI offers when staff pick a role (001 section 6). They are enum values here; the text a user reads
// comes from the i18n catalogues keyed by these values.
export const ROLE_LABELS = [
  'Management',
  'Developer',
  'Sales',
  'Account Admin',
  'Organization Admin',
  'IT',
  'Reporter',
  'Student',
  'Content Team',
  'District Team',
  'School Admin',
  'Custom',
] as const;
export type RoleLabel = (typeof ROLE_LABELS)[number];
export const roleLabelSchema = z.enum(ROLE_LABELS);

// Roles that sign in to the staff dashboard. Aide and proctor are left out with the student-side roles: the spec
// names the dashboard's users as provider staff, domain, district and school administrators, teachers and
// custom-role staff (001 section 1), and gives aide and proctor no permission bundle, so they would reach nothing.
export const STAFF_ROLES = [
  'custom',
  'super-administrator',
  'domain-administrator',
  'administrator',
  'school-administrator',
  'teacher',
] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}
