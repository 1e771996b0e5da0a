import { can } from '@aula/domain/permissions';
import type { SensorCreateInput, SensorUpdateInput } from '@aula/domain/media';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { resolveDomainId } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import type { PageRequest } from '../accounts/listing';
import * as repo from './sensors.repo';

// Sensor kinds (001 section 7, Sensors): the activity builder reads them, the sensors pages (sensor-management)
// manage them. Provider-wide kinds (no domain) are the provider staff's to change; a domain's own kinds its staff's.

export async function listSensors(deps: Deps, auth: AuthContext, f: PageRequest & { search?: string | undefined }) {
  if (!can(auth.policy, 'sensor', 'view') && !can(auth.policy, 'activity-builder', 'view')) throw new ForbiddenError();
  return repo.listSensors(deps.db, tenantScopeOf(auth), f);
}

export async function listMySensors(deps: Deps, auth: AuthContext) {
  return repo.listVisibleSensors(deps.db, tenantScopeOf(auth));
}

export async function getSensor(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findSensor(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

/** Only provider staff change a provider-wide kind; only domain or provider staff write at all. */
async function writable(deps: Deps, auth: AuthContext, id: number) {
  const scope = tenantScopeOf(auth);
  if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
  const row = await getSensor(deps, auth, id);
  if (row.domainId === null && scope.kind !== 'global') throw new ForbiddenError();
  return row;
}

export async function createSensor(deps: Deps, auth: AuthContext, input: SensorCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
  const domainId =
    scope.kind === 'global' && (input.domain_id ?? null) === null
      ? null
      : await resolveDomainId(deps.db, scope, input.domain_id ?? undefined);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertSensor(tx, { domainId, name: input.name, code: input.code });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'sensor.created',
      entityType: 'sensor',
      entityId: row.id,
      ip,
      details: { name: row.name, code: row.code, domain_id: domainId },
    });
    return row;
  });
}

export async function updateSensor(deps: Deps, auth: AuthContext, id: number, input: SensorUpdateInput, ip: string) {
  const before = await writable(deps, auth, id);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateSensor(tx, id, input);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'sensor.updated',
      entityType: 'sensor',
      entityId: id,
      ip,
      details: { from: { name: before.name, code: before.code }, to: input },
    });
    return row;
  });
}

export async function deleteSensor(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const before = await writable(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteSensor(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'sensor.deleted',
      entityType: 'sensor',
      entityId: id,
      ip,
      details: { name: before.name, code: before.code },
    });
  });
}
