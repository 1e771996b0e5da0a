import type { LtiDeploymentListInput, LtiDeploymentSaveInput, LtiPlatformSaveInput } from '@aula/domain/lti';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUniqueViolation } from '../accounts/listing';
import { resolveAccount } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import * as repo from './lti-platforms.repo';

// LTI platforms (provider-level, resource 'lti') and their deployments (one district each, resource
// 'lti-deployment', scoped by the caller's tenant: a domain admin manages the deployments of their domain's
// districts). Issue 18 item 2; docs/lti.md.

const PLATFORM_UNIQUE = 'lti_platforms_issuer_client_unique';
const DEPLOYMENT_UNIQUE = 'lti_deployments_platform_deployment_unique';

const platformTaken = () => ValidationError.field('client_id', 'lti.errors.platformTaken', undefined, true);
const deploymentTaken = () => ValidationError.field('deployment_id', 'lti.errors.deploymentTaken', undefined, true);

function platformValues(input: LtiPlatformSaveInput): repo.LtiPlatformValues {
  return {
    name: input.name,
    issuer: input.issuer,
    clientId: input.client_id,
    keySetUrl: input.key_set_url,
    accessTokenUrl: input.access_token_url,
    oidcAuthUrl: input.oidc_auth_url,
  };
}

export async function listPlatforms(deps: Deps) {
  return repo.listPlatforms(deps.db);
}

export async function getPlatform(deps: Deps, id: number) {
  const row = await repo.findPlatform(deps.db, id);
  if (!row) throw new NotFoundError();
  return { platform: row, deployments: await repo.countDeploymentsOfPlatform(deps.db, id) };
}

async function savePlatform(deps: Deps, auth: AuthContext, id: number | null, input: LtiPlatformSaveInput, ip: string) {
  try {
    return await deps.db.transaction(async (tx) => {
      if (id !== null && !(await repo.findPlatform(tx, id))) throw new NotFoundError();
      const values = platformValues(input);
      const row = id === null ? await repo.insertPlatform(tx, values) : await repo.updatePlatform(tx, id, values);
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: null,
        action: id === null ? 'lti-platform.created' : 'lti-platform.updated',
        entityType: 'lti-platform',
        entityId: row.id,
        ip,
        details: { issuer: row.issuer, client_id: row.clientId },
      });
      return { platform: row, deployments: await repo.countDeploymentsOfPlatform(tx, row.id) };
    });
  } catch (err) {
    if (isUniqueViolation(err, PLATFORM_UNIQUE)) throw platformTaken();
    throw err;
  }
}

export const createPlatform = (deps: Deps, auth: AuthContext, input: LtiPlatformSaveInput, ip: string) =>
  savePlatform(deps, auth, null, input, ip);

export const updatePlatform = (deps: Deps, auth: AuthContext, id: number, input: LtiPlatformSaveInput, ip: string) =>
  savePlatform(deps, auth, id, input, ip);

/** A platform with deployments is not deleted: its districts' launches would break without a word. */
export async function deletePlatform(deps: Deps, auth: AuthContext, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findPlatform(tx, id);
    if (!row) throw new NotFoundError();
    if ((await repo.countDeploymentsOfPlatform(tx, id)) > 0)
      throw new ConflictError({ key: 'lti.errors.platformHasDeployments' });
    await repo.deletePlatform(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'lti-platform.deleted',
      entityType: 'lti-platform',
      entityId: id,
      ip,
      details: { issuer: row.issuer, client_id: row.clientId },
    });
  });
}

export async function listDeployments(deps: Deps, auth: AuthContext, input: LtiDeploymentListInput) {
  return repo.listDeployments(deps.db, tenantScopeOf(auth), {
    page: input.page,
    per_page: input.per_page,
    search: input.search || undefined,
    platformId: input.platform_id,
    accountId: input.account_id,
  });
}

export async function getDeployment(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findDeploymentInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

async function saveDeployment(
  deps: Deps,
  auth: AuthContext,
  id: number | null,
  input: LtiDeploymentSaveInput,
  ip: string,
) {
  const scope = tenantScopeOf(auth);
  const before = id === null ? null : await getDeployment(deps, auth, id);
  // another domain's district is a 404, the same as one that does not exist
  const account = await resolveAccount(deps.db, scope, input.account_id);
  if (!(await repo.findPlatform(deps.db, input.platform_id)))
    throw ValidationError.field('platform_id', 'validation.select');
  if (await repo.deploymentIdTaken(deps.db, input.platform_id, input.deployment_id, id ?? undefined))
    throw deploymentTaken();
  const values: repo.LtiDeploymentValues = {
    platformId: input.platform_id,
    deploymentId: input.deployment_id,
    accountId: account.id,
    name: input.name || null,
    isCatalog: input.is_catalog ?? before?.deployment.isCatalog ?? false,
    isActive: input.is_active ?? before?.deployment.isActive ?? true,
  };
  let savedId: number;
  try {
    savedId = await deps.db.transaction(async (tx) => {
      const row = id === null ? await repo.insertDeployment(tx, values) : await repo.updateDeployment(tx, id, values);
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: row.accountId,
        action: id === null ? 'lti-deployment.created' : 'lti-deployment.updated',
        entityType: 'lti-deployment',
        entityId: row.id,
        ip,
        details: {
          platform_id: row.platformId,
          deployment_id: row.deploymentId,
          ...(before && before.deployment.accountId !== row.accountId
            ? { moved_from: before.deployment.accountId }
            : {}),
        },
      });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, DEPLOYMENT_UNIQUE)) throw deploymentTaken();
    throw err;
  }
  return getDeployment(deps, auth, savedId);
}

export const createDeployment = (deps: Deps, auth: AuthContext, input: LtiDeploymentSaveInput, ip: string) =>
  saveDeployment(deps, auth, null, input, ip);

export const updateDeployment = (
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: LtiDeploymentSaveInput,
  ip: string,
) => saveDeployment(deps, auth, id, input, ip);

export async function toggleDeployment(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const before = await getDeployment(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    const row = await repo.updateDeployment(tx, id, { isActive: !before.deployment.isActive });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: row.accountId,
      action: row.isActive ? 'lti-deployment.activated' : 'lti-deployment.deactivated',
      entityType: 'lti-deployment',
      entityId: row.id,
      ip,
    });
  });
  return getDeployment(deps, auth, id);
}

export async function deleteDeployment(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const before = await getDeployment(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteDeployment(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.deployment.accountId,
      action: 'lti-deployment.deleted',
      entityType: 'lti-deployment',
      entityId: id,
      ip,
      details: { platform_id: before.deployment.platformId, deployment_id: before.deployment.deploymentId },
    });
  });
}
