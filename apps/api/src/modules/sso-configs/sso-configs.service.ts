import {
  ssoConfigProblems,
  type SsoConfigSaveInput,
  type SsoConfigTestInput,
  type SsoProvider,
} from '@aula/domain/sso';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { resolveAccount } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import { findDomainInScope } from '../domains/domains.repo';
import { testSsoConnection, type ConnectionTestOptions, type ConnectionTestOutcome } from './sso-connection-test';
import * as repo from './sso-configs.repo';

// SSO provider settings (issue 17 item 6): a district's (or a domain's Google) connection to its provider. The
// secret is encrypted before it reaches the repository and never leaves it (present.ts answers has_secret).

export type OwnerRef = { kind: 'account' | 'domain'; id: number };

/** The owner in the caller's slice, or 404 (another district or domain is indistinguishable from none). */
async function ownerOf(deps: Deps, auth: AuthContext, ref: OwnerRef): Promise<repo.SsoOwner> {
  const scope = tenantScopeOf(auth);
  if (ref.kind === 'account') return { kind: 'account', id: (await resolveAccount(deps.db, scope, ref.id)).id };
  const domain = await findDomainInScope(deps.db, scope, ref.id);
  if (!domain) throw new NotFoundError();
  return { kind: 'domain', id: domain.id };
}

/** A domain-wide connection serves Google only. */
function checkProvider(owner: repo.SsoOwner, provider: SsoProvider) {
  if (owner.kind === 'domain' && provider !== 'google') throw ValidationError.field('provider', 'validation.select');
}

export async function listConfigs(deps: Deps, auth: AuthContext, ref: OwnerRef) {
  return repo.listConfigs(deps.db, await ownerOf(deps, auth, ref));
}

export async function getConfig(deps: Deps, auth: AuthContext, ref: OwnerRef, provider: SsoProvider) {
  const row = await repo.findConfig(deps.db, await ownerOf(deps, auth, ref), provider);
  if (!row) throw new NotFoundError();
  return row;
}

function encrypt(deps: Deps, secret: string): string {
  if (!deps.config.SECRETS_KEY) throw new ConflictError({ key: 'ssoSettings.errors.noSecretsKey' });
  return encryptSecret(deps.config.SECRETS_KEY, secret);
}

/**
 * The stored secret goes only to the issuer it was entered for: pointing a connection (or a test) at another
 * issuer needs the secret typed again, so nobody can send it to a server of their own without knowing it.
 */
const movesSecret = (stored: repo.SsoConfigRow, issuer: string | undefined) =>
  issuer !== undefined && issuer !== stored.issuer;

const auditOwner = (owner: repo.SsoOwner) => (owner.kind === 'account' ? owner.id : null);

/** PUT: creates the provider's connection, or updates it (a secret left out keeps the stored one). */
export async function saveConfig(
  deps: Deps,
  auth: AuthContext,
  ref: OwnerRef,
  provider: SsoProvider,
  input: SsoConfigSaveInput,
  ip: string,
) {
  const owner = await ownerOf(deps, auth, ref);
  checkProvider(owner, provider);
  const problems = ssoConfigProblems(provider, input);
  if (problems.length > 0)
    throw new ValidationError(
      Object.fromEntries(problems.map((p) => [p.field, [{ key: p.key, params: { field: p.field } }]])),
    );
  const existing = await repo.findConfig(deps.db, owner, provider);
  if ((!existing || movesSecret(existing, input.issuer)) && !input.client_secret)
    throw ValidationError.field('client_secret', 'validation.enter');
  const secret = input.client_secret ? encrypt(deps, input.client_secret) : existing!.clientSecretEncrypted;
  const values = {
    issuer: input.issuer.replace(/\/+$/, ''),
    clientId: input.client_id,
    clientSecretEncrypted: secret,
    tenant: provider === 'classlink' ? input.tenant!.trim() : null,
    hostedDomains: provider === 'google' ? [...new Set(input.hosted_domains ?? [])] : [],
    isActive: input.is_active ?? existing?.isActive ?? true,
  };
  return deps.db.transaction(async (tx) => {
    const row = existing
      ? await repo.updateConfig(tx, existing.id, values)
      : await repo.insertConfig(tx, {
          ...values,
          provider,
          accountId: owner.kind === 'account' ? owner.id : null,
          domainId: owner.kind === 'domain' ? owner.id : null,
        });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: auditOwner(owner),
      action: existing ? 'sso-config.updated' : 'sso-config.created',
      entityType: 'sso-config',
      entityId: row.id,
      ip,
      // never the secret: only whether it changed
      details: { provider, issuer: row.issuer, client_id: row.clientId, secret_changed: !!input.client_secret },
    });
    return row;
  });
}

export async function deleteConfig(deps: Deps, auth: AuthContext, ref: OwnerRef, provider: SsoProvider, ip: string) {
  const owner = await ownerOf(deps, auth, ref);
  const row = await repo.findConfig(deps.db, owner, provider);
  if (!row) throw new NotFoundError();
  await deps.db.transaction(async (tx) => {
    await repo.deleteConfig(tx, row.id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: auditOwner(owner),
      action: 'sso-config.deleted',
      entityType: 'sso-config',
      entityId: row.id,
      ip,
      details: { provider, issuer: row.issuer },
    });
  });
}

/**
 * Discovery and the client check, with the stored connection or the form's unsaved values over it. The provider's
 * refusal is an outcome (ok: false and why), not an error of this call.
 */
export async function testConnection(
  deps: Deps,
  auth: AuthContext,
  ref: OwnerRef,
  provider: SsoProvider,
  input: SsoConfigTestInput,
  opts: ConnectionTestOptions = {},
): Promise<ConnectionTestOutcome> {
  const owner = await ownerOf(deps, auth, ref);
  checkProvider(owner, provider);
  const stored = await repo.findConfig(deps.db, owner, provider);
  if (!stored) {
    if (!input.issuer && !input.client_id && !input.client_secret) throw new NotFoundError();
    const missing = !input.issuer
      ? 'issuer'
      : !input.client_id
        ? 'client_id'
        : !input.client_secret
          ? 'client_secret'
          : null;
    if (missing) throw ValidationError.field(missing, 'validation.enter');
  } else if (movesSecret(stored, input.issuer?.replace(/\/+$/, '')) && !input.client_secret) {
    throw ValidationError.field('client_secret', 'validation.enter');
  }
  let clientSecret = input.client_secret;
  if (!clientSecret) {
    try {
      clientSecret = decryptSecret(deps.config.SECRETS_KEY, stored!.clientSecretEncrypted);
    } catch {
      const error = { key: 'ssoSettings.errors.secretUnreadable' };
      return { ok: false, error, discovered: false, client: 'not_checked', authorizationEndpoint: null };
    }
  }
  const outcome = await testSsoConnection(
    { issuer: input.issuer ?? stored!.issuer, clientId: input.client_id ?? stored!.clientId, clientSecret },
    opts,
  );
  if (!outcome.ok) deps.log.info({ provider, owner, reason: outcome.error?.key }, 'sso connection test failed');
  return outcome;
}
