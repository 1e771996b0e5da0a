import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';

/**
 * What the viewer may do with accounts. Update needs 'account' view+update. Create and delete also need a viewer above
 * the account (provider staff or a domain admin): a district admin's bundle holds them, but the API refuses them on
 * the district's own account (an account is not inside itself), so their buttons are not offered.
 */
export function useAccountAbilities() {
  const policy = useAppSelector(selectPolicy);
  const user = useAppSelector(selectCurrentUser);
  const allowed = (actions: ('view' | 'create' | 'update' | 'delete')[]) =>
    policy ? can(policy, 'account', actions) : false;
  const aboveAccount = user !== null && user.account_id === null;
  return {
    canUpdate: allowed(['view', 'update']),
    canCreate: aboveAccount && allowed(['view', 'create']),
    canDelete: aboveAccount && allowed(['view', 'delete']),
    ownAccountId: user?.account_id ?? null,
  };
}
