import type { Policy } from '@aula/domain/permissions';
import type { MyInfo } from './auth.types';

/** Before /my answers nobody may open anything. */
export const EMPTY_POLICY: Policy = { resources: {}, context: { account: false, organization: false } };

/**
 * /my's `policies` back into the domain's Policy, so the UI asks `can()` and `contextRedirect()` exactly what
 * the API asks. The API always sends both context rules; a missing one counts as allowed, as in buildPolicy
 * (only an allow=false rule restricts).
 */
export function policyFromMy(policies: MyInfo['policies'] | undefined): Policy {
  if (!policies) return EMPTY_POLICY;
  const allows = (name: 'account' | 'organization') =>
    policies.rules.context.find((rule) => rule.name === name)?.allow ?? true;
  return {
    resources: policies.resources,
    context: { account: allows('account'), organization: allows('organization') },
  };
}
