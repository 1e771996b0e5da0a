import {
  ltiKeyPublishedUntil,
  ltiKeyState,
  type LtiDeploymentDto,
  type LtiKeyDto,
  type LtiPlatformDto,
} from '@aula/domain/lti';
import type { LtiKeyRow } from './lti-keys.repo';
import type { LtiDeploymentView, LtiPlatformRow } from './lti-platforms.repo';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Never the private half, encrypted or not. */
export function presentKey(row: LtiKeyRow, now = new Date()): LtiKeyDto {
  return {
    id: row.id,
    kid: row.kid,
    alg: row.alg,
    state: ltiKeyState(row, now),
    public_jwk: row.publicJwk,
    created_at: row.createdAt.toISOString(),
    signs_from: iso(row.signsFrom),
    retires_at: iso(row.retiresAt),
    published_until: iso(ltiKeyPublishedUntil(row)),
    deactivated_at: iso(row.deactivatedAt),
  };
}

export function presentPlatform(v: { platform: LtiPlatformRow; deployments: number }): LtiPlatformDto {
  const p = v.platform;
  return {
    id: p.id,
    name: p.name,
    issuer: p.issuer,
    client_id: p.clientId,
    key_set_url: p.keySetUrl,
    access_token_url: p.accessTokenUrl,
    oidc_auth_url: p.oidcAuthUrl,
    deployments_count: Number(v.deployments),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function presentDeployment(v: LtiDeploymentView): LtiDeploymentDto {
  const d = v.deployment;
  return {
    id: d.id,
    platform_id: d.platformId,
    platform_name: v.platform.name,
    issuer: v.platform.issuer,
    client_id: v.platform.clientId,
    deployment_id: d.deploymentId,
    account_id: d.accountId,
    account_name: v.accountName,
    name: d.name,
    is_catalog: d.isCatalog,
    is_active: d.isActive,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}
