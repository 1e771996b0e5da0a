import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import type { PageRequest } from '../accounts/listing';
import * as repo from './sensors.repo';

export async function listSensors(deps: Deps, auth: AuthContext, f: PageRequest & { search?: string | undefined }) {
  return repo.listSensors(deps.db, tenantScopeOf(auth), f);
}

export async function listMySensors(deps: Deps, auth: AuthContext) {
  return repo.listVisibleSensors(deps.db, tenantScopeOf(auth));
}
