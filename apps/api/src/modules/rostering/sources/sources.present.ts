import type { RosterAuthorizationType, RosterSourceDto, RosterSsoProvider } from '@aula/domain/rostering-sources';
import type { RosterSourceRow } from './sources.repo';

/** Never the secret, encrypted or not: only that one is stored. */
export function presentSource(row: RosterSourceRow): RosterSourceDto {
  return {
    id: row.id,
    account_id: row.accountId,
    endpoint_url: row.endpointUrl,
    token_url: row.tokenUrl,
    tenant: row.tenant,
    client_id: row.clientId,
    has_secret: row.clientSecretEncrypted.length > 0,
    authorization_type: row.authorizationType as RosterAuthorizationType,
    sso_provider: row.ssoProvider as RosterSsoProvider | null,
    is_active: row.isActive,
    allow_automatic: row.allowAutomatic,
    schedule: row.schedule,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
