import { can } from '@aula/domain/permissions';
import { EMPTY_ACCOUNTS_LISTED } from '@aula/domain/summaries';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { findAccountInScope } from '../accounts/accounts.repo';
import * as repo from './summaries.repo';
import { countAccountImports } from '../rostering/queue/queue.repo';

// 002 section 3 summaries. Who may read them:
// - account: a caller with account context (super, domain and district admins, custom roles that allow it) holding
//   view on 'account' or 'report'; only accounts inside their slice (another district's is not found, as for
//   GET /accounts/:id). School admins and teachers work below the account and are refused.
// - staff: the provider's staff above the account (super and domain admins) holding view on 'account'; a domain
//   admin's figures cover their domain only.

export async function accountSummary(deps: Deps, auth: AuthContext, accountId: number) {
  if (!can(auth.policy, 'account') && !can(auth.policy, 'report')) throw new ForbiddenError();
  const scope = tenantScopeOf(auth);
  if (scope.kind === 'organization') throw new ForbiddenError();
  const account = await findAccountInScope(deps.db, scope, accountId);
  if (!account) throw new NotFoundError();
  const counts = await repo.countAccount(deps.db, account.id);
  const imports = await countAccountImports(deps.db, account.id);
  return { account, counts, imports };
}

export async function staffSummary(deps: Deps, auth: AuthContext) {
  const scope = tenantScopeOf(auth);
  if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
  return repo.countStaff(deps.db, scope, EMPTY_ACCOUNTS_LISTED);
}
