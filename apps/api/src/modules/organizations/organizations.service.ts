import {
  canManageOrganizations,
  type OrganizationCreateInput,
  type OrganizationUpdateInput,
} from '@aula/domain/organizations';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import type { PageRequest } from '../accounts/listing';
import { resolveAccount } from '../accounts/placement';
import * as repo from './organizations.repo';

type Filters = PageRequest & repo.OrganizationScopeFilter;

export async function listOrganizations(deps: Deps, auth: AuthContext, f: Filters) {
  return repo.listOrganizations(deps.db, tenantScopeOf(auth), f);
}

/** The caller's own schools (their memberships), still limited to what their scope shows. */
export async function listMyOrganizations(deps: Deps, auth: AuthContext, f: Filters) {
  return repo.listOrganizations(deps.db, tenantScopeOf(auth), { ...f, onlyIds: auth.organizationIds });
}

/** One school the caller may see; another tenant's school (or a school admin's other schools) is a 404. */
export async function getOrganization(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findOrganizationInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

const valuesOf = (input: OrganizationUpdateInput): repo.OrganizationValues => ({
  name: input.name,
  ncesId: input.nces_id ?? null,
  address1: input.address1 ?? null,
  address2: input.address2 ?? null,
  city: input.city ?? null,
  state: input.state ?? null,
  country: input.country ?? null,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
  phone: input.phone ?? null,
  website: input.website ?? null,
});

/**
 * A new school in an account: provider and domain staff name an account of their slice; a district administrator's
 * school goes in their own account. A caller scoped to single schools does not add schools to the account.
 */
export async function createOrganization(deps: Deps, auth: AuthContext, input: OrganizationCreateInput, ip: string) {
  if (!canManageOrganizations(auth.policy, 'create')) throw new ForbiddenError();
  const scope = tenantScopeOf(auth);
  if (scope.kind === 'organization') throw new ForbiddenError();
  const account = await resolveAccount(deps.db, scope, input.account_id);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertOrganization(tx, { accountId: account.id, ...valuesOf(input) });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: account.id,
      action: 'organization.created',
      entityType: 'organization',
      entityId: row.id,
      ip,
    });
    return row;
  });
}

export async function updateOrganization(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: OrganizationUpdateInput,
  ip: string,
) {
  if (!canManageOrganizations(auth.policy, 'update')) throw new ForbiddenError();
  const before = await getOrganization(deps, auth, id);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateOrganization(tx, id, valuesOf(input));
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'organization.updated',
      entityType: 'organization',
      entityId: id,
      ip,
      details: { before: { name: before.name, nces_id: before.ncesId } },
    });
    return row;
  });
}
