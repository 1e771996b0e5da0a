import type { SsoConfigDto, SsoProvider } from '@aula/domain/sso';
import type { SsoConfigRow } from './sso-configs.repo';

/** Never the secret, encrypted or not: only that one is stored. */
export function presentSsoConfig(row: SsoConfigRow): SsoConfigDto {
  return {
    id: row.id,
    account_id: row.accountId,
    domain_id: row.domainId,
    provider: row.provider as SsoProvider,
    issuer: row.issuer,
    client_id: row.clientId,
    has_secret: row.clientSecretEncrypted.length > 0,
    tenant: row.tenant,
    hosted_domains: row.hostedDomains,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
