import { can, type Policy } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';

/**
 * Which summary fits a viewer (docs/summaries.md): provider staff (no account: super and domain admins) the staff
 * summary; a viewer with account context and an account (district admin, custom roles) their account's; a school
 * admin their schools' pages; a teacher their classes; anyone else none.
 */
export type SummaryKind = 'staff' | 'account' | 'schools' | 'classes' | 'none';

export function summaryKindOf(viewer: { role: Role; account_id: number | null; policy: Policy }): SummaryKind {
  const { role, account_id: accountId, policy } = viewer;
  if (accountId === null) return can(policy, 'account') ? 'staff' : 'none';
  if (policy.context.account && (can(policy, 'account') || can(policy, 'report'))) return 'account';
  if (role === 'school-administrator' || (role === 'custom' && can(policy, 'organization'))) return 'schools';
  if (role === 'teacher') return 'classes';
  return 'none';
}
