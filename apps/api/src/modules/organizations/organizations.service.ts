import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import type { PageRequest } from '../accounts/listing';
import * as repo from './organizations.repo';

type Filters = PageRequest & { search?: string | undefined; account_id?: number | undefined };

export async function listOrganizations(deps: Deps, auth: AuthContext, f: Filters) {
  return repo.listOrganizations(deps.db, tenantScopeOf(auth), f);
}

/** The caller's own schools (their memberships), still limited to what their scope shows. */
export async function listMyOrganizations(deps: Deps, auth: AuthContext, f: Filters) {
  return repo.listOrganizations(deps.db, tenantScopeOf(auth), { ...f, onlyIds: auth.organizationIds });
}
