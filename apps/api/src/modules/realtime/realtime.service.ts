import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { listAccountIdsOfDomain } from './realtime.repo';

/** The accounts whose channels a user may join: null means all (multi-domain staff). */
export async function accountIdsInReach(deps: Deps, auth: AuthContext): Promise<number[] | null> {
  const { user } = auth;
  if (user.domainId === null) return null;
  if (user.accountId === null) return listAccountIdsOfDomain(deps.db, user.domainId);
  return [user.accountId];
}
