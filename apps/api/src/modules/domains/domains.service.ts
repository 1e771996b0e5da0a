import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import type { PageRequest } from '../accounts/listing';
import * as repo from './domains.repo';

export async function listDomains(deps: Deps, auth: AuthContext, f: PageRequest & { search?: string | undefined }) {
  return repo.listDomains(deps.db, tenantScopeOf(auth), f);
}

/** The caller's own domain; null for multi-domain (provider) staff. */
export async function getMyDomain(deps: Deps, auth: AuthContext) {
  if (auth.user.domainId === null) return null;
  return (await repo.findDomainInScope(deps.db, tenantScopeOf(auth), auth.user.domainId)) ?? null;
}

/** The domains the caller may work in: all of them for multi-domain staff, otherwise their own. */
export async function listMyDomains(deps: Deps, auth: AuthContext) {
  return repo.listAllDomainsInScope(deps.db, tenantScopeOf(auth));
}

export async function getDomain(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findDomainInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

/** Domains are the top of the tenant tree: only multi-domain callers create them. */
export async function createDomain(deps: Deps, auth: AuthContext, input: { name: string }, ip: string) {
  if (tenantScopeOf(auth).kind !== 'global') throw new ForbiddenError();
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertDomain(tx, input);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'domain.created',
      entityType: 'domain',
      entityId: row.id,
      ip,
      details: input,
    });
    return row;
  });
}

export async function updateDomain(deps: Deps, auth: AuthContext, id: number, input: { name: string }, ip: string) {
  const before = await getDomain(deps, auth, id);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateDomain(tx, id, input);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'domain.updated',
      entityType: 'domain',
      entityId: id,
      ip,
      details: { before: { name: before.name }, ...input },
    });
    return row;
  });
}
