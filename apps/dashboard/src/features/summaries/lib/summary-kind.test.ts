import { buildPolicy, permissionsForUser, type Permission } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { describe, expect, it } from 'vitest';
import { summaryKindOf } from './summary-kind';

const kind = (role: Role, accountId: number | null, permissions?: Permission[]) =>
  summaryKindOf({
    role,
    account_id: accountId,
    policy: buildPolicy(permissionsForUser({ role, permissions: permissions ?? null }), {
      multiDomain: role === 'super-administrator',
    }),
  });

describe('the summary that fits a viewer', () => {
  it('gives provider staff the staff summary and district admins their account', () => {
    expect(kind('super-administrator', null)).toBe('staff');
    expect(kind('domain-administrator', null)).toBe('staff');
    expect(kind('administrator', 3)).toBe('account');
  });

  it('sends school admins to their schools and teachers to their classes', () => {
    expect(kind('school-administrator', 3)).toBe('schools');
    expect(kind('teacher', 3)).toBe('classes');
  });

  it('gives a custom role with account context its account, and none without a way in', () => {
    expect(kind('custom', 3, ['quick-report-view'])).toBe('account');
    expect(kind('custom', 3, ['account-view'])).toBe('account');
    expect(kind('custom', null, ['quick-report-view'])).toBe('none');
    expect(kind('custom', 3, ['role-school-admin'])).toBe('schools');
  });
});
