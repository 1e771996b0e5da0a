import { buildPolicy, can } from '@aula/domain/permissions';
import { describe, expect, it } from 'vitest';
import { EMPTY_POLICY, policyFromMy } from './policy';

describe('policyFromMy', () => {
  it('turns /my policies back into the policy the API built', () => {
    const built = buildPolicy(['role-school-admin'], { multiDomain: false });
    const wire = {
      resources: built.resources,
      rules: {
        context: [
          { name: 'account' as const, allow: built.context.account },
          { name: 'organization' as const, allow: built.context.organization },
        ],
      },
    };
    expect(policyFromMy(wire)).toEqual(built);
    expect(can(policyFromMy(wire), 'class', ['view', 'update'])).toBe(true);
    expect(can(policyFromMy(wire), 'account')).toBe(false);
  });

  it('counts a missing context rule as allowed, as buildPolicy does', () => {
    expect(policyFromMy({ resources: {}, rules: { context: [] } }).context).toEqual({
      account: true,
      organization: true,
    });
  });

  it('grants nothing before /my answers', () => {
    expect(policyFromMy(undefined)).toEqual(EMPTY_POLICY);
    expect(can(EMPTY_POLICY, 'main')).toBe(false);
  });
});
