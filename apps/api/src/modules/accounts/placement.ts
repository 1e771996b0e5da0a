import type { TenantLevel } from '@aula/domain/role-grants';
import type { DbOrTx } from '../../db/client';
import type { TenantScope } from '../../lib/auth-context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { findDomainInScope } from '../domains/domains.repo';
import { findAccountInScope, type AccountRow } from './accounts.repo';

// Where a new account, user or custom role goes. A domain or account id outside the caller's slice is a 404, the
// same answer as an id that does not exist; a caller below the level asked for is refused (403).

export interface Placement {
  domainId: number | null;
  accountId: number | null;
}

export async function resolveDomainId(db: DbOrTx, scope: TenantScope, domainId: number | undefined): Promise<number> {
  if (scope.kind === 'global') {
    if (domainId === undefined) throw ValidationError.field('domain_id', 'errors.domainRequired');
    const found = await findDomainInScope(db, scope, domainId);
    if (!found) throw new NotFoundError();
    return found.id;
  }
  if (scope.kind !== 'domain') throw new ForbiddenError();
  if (domainId !== undefined && domainId !== scope.domainId) throw new NotFoundError();
  return scope.domainId;
}

export async function resolveAccount(
  db: DbOrTx,
  scope: TenantScope,
  accountId: number | undefined,
): Promise<AccountRow> {
  let id = accountId;
  if (scope.kind === 'account' || scope.kind === 'organization') {
    if (id !== undefined && id !== scope.accountId) throw new NotFoundError();
    id = scope.accountId;
  } else if (id === undefined) {
    throw ValidationError.field('account_id', 'validation.select');
  }
  const found = await findAccountInScope(db, scope, id);
  if (!found) throw new NotFoundError();
  return found;
}

/**
 * A built-in role's level fixes its placement; a custom role ('any') goes where the body says, or at the caller's
 * own level: an account id places it in that account, a domain id in that domain, neither at the caller's level.
 */
export async function resolvePlacement(
  db: DbOrTx,
  scope: TenantScope,
  level: TenantLevel | 'any',
  body: { domain_id?: number | undefined; account_id?: number | undefined },
): Promise<Placement> {
  let at: TenantLevel = level === 'any' ? 'global' : level;
  if (level === 'any') {
    if (body.account_id !== undefined || scope.kind === 'account' || scope.kind === 'organization') at = 'account';
    else if (body.domain_id !== undefined || scope.kind === 'domain') at = 'domain';
  }
  if (at === 'global') {
    if (scope.kind !== 'global') throw new ForbiddenError();
    return { domainId: null, accountId: null };
  }
  if (at === 'domain') return { domainId: await resolveDomainId(db, scope, body.domain_id), accountId: null };
  const account = await resolveAccount(db, scope, body.account_id);
  return { domainId: account.domainId, accountId: account.id };
}
