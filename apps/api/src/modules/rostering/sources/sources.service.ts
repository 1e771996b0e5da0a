import { can } from '@aula/domain/permissions';
import type { RosterSourceAutomaticInput, RosterSourceSaveInput } from '@aula/domain/rostering-sources';
import { tenantScopeOf, type AuthContext } from '../../../lib/auth-context';
import type { Deps } from '../../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type MessageRef } from '../../../lib/errors';
import { encryptSecret } from '../../../lib/secrets';
import { resolveAccount } from '../../accounts/placement';
import { insertAuditEntry } from '../../audit/audit.repo';
import { connectionUrls, fetchPage, forgetToken, type ClientOptions } from './oneroster-client';
import { cleverConnection, fetchCleverPage, firstPageUrl } from './clever-client';
import { classLinkTenant, cleverAppOf, connectionOf, secretOf } from './read-source';
import { RosterSourceError } from './roster-source-error';
import { isValidSchedule } from './schedule';
import { ROSTER_SOURCE_IMPORT_JOB } from './sources.jobs-names';
import * as repo from './sources.repo';

// Roster sources of a district (002 section 7, Rostering; issue 16 item 9). One per account. The secret is
// encrypted before it reaches the repository and never leaves it (present.ts answers has_secret).

async function accountOf(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  return resolveAccount(deps.db, tenantScopeOf(auth), accountId);
}

/**
 * The stored secret goes only where it was entered for: pointing a source (or a test) at another endpoint or token
 * URL needs the secret typed again, so nobody can send it to a server of their own without knowing it.
 */
function movesSecret(
  stored: repo.RosterSourceRow,
  input: { endpoint_url?: string | undefined; token_url?: string | null | undefined },
): boolean {
  const endpointMoves = input.endpoint_url !== undefined && input.endpoint_url !== stored.endpointUrl;
  const tokenMoves = input.token_url !== undefined && (input.token_url ?? null) !== stored.tokenUrl;
  return endpointMoves || tokenMoves;
}

async function sourceOf(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const account = await accountOf(deps, auth, accountId);
  const row = await repo.findSourceOfAccount(deps.db, account.id);
  if (!row) throw new NotFoundError();
  return row;
}

/** One account's source, or (domain and provider staff naming none) every source in their slice. */
export async function listSources(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const scope = tenantScopeOf(auth);
  if (accountId === undefined && (scope.kind === 'global' || scope.kind === 'domain'))
    return repo.listSources(deps.db, scope);
  const account = await accountOf(deps, auth, accountId);
  return repo.listSources(deps.db, scope, account.id);
}

function encrypt(deps: Deps, secret: string): string {
  if (!deps.config.SECRETS_KEY) throw new ConflictError({ key: 'rosteringSources.errors.noSecretsKey' });
  return encryptSecret(deps.config.SECRETS_KEY, secret);
}

export async function saveSource(deps: Deps, auth: AuthContext, input: RosterSourceSaveInput, ip: string) {
  const account = await accountOf(deps, auth, input.account_id);
  const existing = await repo.findSourceOfAccount(deps.db, account.id);
  if (!existing && !can(auth.policy, 'one-roster', 'create')) throw new ForbiddenError();
  if ((!existing || movesSecret(existing, input)) && !input.client_secret)
    throw ValidationError.field('client_secret', 'validation.enter');
  if (input.schedule !== undefined && !isValidSchedule(input.schedule))
    throw ValidationError.field('schedule', 'validation.valid');
  // Clever's district token is asked for the district's Clever id (docs/rostering-sources.md)
  if (input.sso_provider === 'clever' && !input.tenant) throw ValidationError.field('tenant', 'validation.enter');
  const secret = input.client_secret ? encrypt(deps, input.client_secret) : existing!.clientSecretEncrypted;
  return deps.db.transaction(async (tx) => {
    const row = await repo.upsertSource(tx, {
      accountId: account.id,
      endpointUrl: input.endpoint_url,
      tokenUrl: input.token_url ?? null,
      tenant: input.tenant || null,
      clientId: input.client_id,
      clientSecretEncrypted: secret,
      authorizationType:
        input.authorization_type ??
        existing?.authorizationType ??
        (input.sso_provider === 'classlink' ? 'oauth1' : 'oauth2'),
      ssoProvider: input.sso_provider ?? null,
      isActive: input.is_active ?? existing?.isActive ?? true,
      allowAutomatic: input.allow_automatic ?? existing?.allowAutomatic ?? false,
      ...(input.schedule !== undefined || !existing ? { schedule: input.schedule ?? '0 2 * * *' } : {}),
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: account.id,
      action: existing ? 'roster-source.updated' : 'roster-source.created',
      entityType: 'roster-source',
      entityId: row.id,
      ip,
      // never the secret: only whether it changed
      details: {
        endpoint_url: row.endpointUrl,
        client_id: row.clientId,
        secret_changed: !!input.client_secret,
      },
    });
    return row;
  });
}

export async function toggleActive(deps: Deps, auth: AuthContext, accountId: number | undefined, ip: string) {
  const before = await sourceOf(deps, auth, accountId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateSource(tx, before.id, { isActive: !before.isActive });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: row.accountId,
      action: row.isActive ? 'roster-source.activated' : 'roster-source.deactivated',
      entityType: 'roster-source',
      entityId: row.id,
      ip,
    });
    return row;
  });
}

export async function deleteSource(deps: Deps, auth: AuthContext, accountId: number, ip: string) {
  const before = await sourceOf(deps, auth, accountId);
  await deps.db.transaction(async (tx) => {
    await repo.deleteSource(tx, before.id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'roster-source.deleted',
      entityType: 'roster-source',
      entityId: before.id,
      ip,
      details: { endpoint_url: before.endpointUrl },
    });
  });
}

export interface TestOutcome {
  ok: boolean;
  error: MessageRef | null;
  orgsTotal: number | null;
}

/**
 * A fresh token and the first page of orgs, with the stored settings or the form's unsaved ones (a secret left
 * out is the stored one). Reports the server's refusal as an outcome, not as an error of this call.
 */
export async function testConnection(
  deps: Deps,
  auth: AuthContext,
  input: Partial<RosterSourceSaveInput>,
  opts: ClientOptions = {},
): Promise<TestOutcome> {
  const account = await accountOf(deps, auth, input.account_id);
  const stored = await repo.findSourceOfAccount(deps.db, account.id);
  if (!stored && (!input.endpoint_url || !input.client_id || !input.client_secret)) {
    if (!input.endpoint_url && !input.client_id && !input.client_secret) throw new NotFoundError();
    throw ValidationError.field(
      !input.endpoint_url ? 'endpoint_url' : !input.client_id ? 'client_id' : 'client_secret',
      'validation.enter',
    );
  }
  if (stored && movesSecret(stored, input) && !input.client_secret)
    throw ValidationError.field('client_secret', 'validation.enter');
  const provider = input.sso_provider !== undefined ? input.sso_provider : (stored?.ssoProvider ?? null);
  try {
    if (provider === 'clever') {
      // Clever: the district token for the app's credentials, then the first page of schools (Clever sends no total)
      const app = cleverAppOf(
        {
          endpointUrl: input.endpoint_url ?? stored!.endpointUrl,
          tokenUrl: input.token_url !== undefined ? input.token_url : stored!.tokenUrl,
          tenant: input.tenant !== undefined ? input.tenant : stored!.tenant,
          clientId: input.client_id ?? stored!.clientId,
        },
        input.client_secret ?? secretOf(deps.config, stored!.clientSecretEncrypted),
      );
      const conn = await cleverConnection(app, opts);
      await fetchCleverPage(conn, firstPageUrl(conn, 'schools', 1), 'schools', 0, opts);
      return { ok: true, error: null, orgsTotal: null };
    }
    const tenant =
      (input.tenant !== undefined ? input.tenant : stored?.tenant) ||
      (provider === 'classlink' ? await classLinkTenant(deps.db, account.id) : null);
    const base = stored ? connectionOf(deps.config, { ...stored, tenant }) : null;
    const urls = input.endpoint_url
      ? connectionUrls(input.endpoint_url, input.token_url ?? null, tenant)
      : { baseUrl: base!.baseUrl, tokenUrl: base!.tokenUrl };
    const authorization =
      input.authorization_type ?? stored?.authorizationType ?? (provider === 'classlink' ? 'oauth1' : 'oauth2');
    const conn = {
      ...urls,
      clientId: input.client_id ?? base!.clientId,
      clientSecret: input.client_secret ?? base!.clientSecret,
      auth: authorization === 'oauth1' ? ('oauth1' as const) : ('oauth2' as const),
    };
    forgetToken(conn);
    const page = await fetchPage(conn, 'orgs', 0, 1, opts);
    return { ok: true, error: null, orgsTotal: page.total };
  } catch (err) {
    if (!(err instanceof RosterSourceError)) throw err;
    deps.log.info({ account_id: account.id, reason: err.message }, 'roster source test failed');
    return { ok: false, error: err.ref, orgsTotal: null };
  }
}

/** Allowed automatic imports: lists the sources in scope; with account_id, first sets that one's flag or schedule. */
export async function automaticImports(deps: Deps, auth: AuthContext, input: RosterSourceAutomaticInput, ip: string) {
  if (input.account_id !== undefined && (input.allow_automatic !== undefined || input.schedule !== undefined)) {
    if (!can(auth.policy, 'one-roster', 'update')) throw new ForbiddenError();
    if (input.schedule !== undefined && !isValidSchedule(input.schedule))
      throw ValidationError.field('schedule', 'validation.valid');
    const before = await sourceOf(deps, auth, input.account_id);
    await deps.db.transaction(async (tx) => {
      const row = await repo.updateSource(tx, before.id, {
        ...(input.allow_automatic !== undefined ? { allowAutomatic: input.allow_automatic } : {}),
        ...(input.schedule !== undefined ? { schedule: input.schedule } : {}),
      });
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: row.accountId,
        action: 'roster-source.schedule-changed',
        entityType: 'roster-source',
        entityId: row.id,
        ip,
        details: { allow_automatic: row.allowAutomatic, schedule: row.schedule },
      });
    });
  }
  return listSources(deps, auth, input.scope.account_id);
}

/** Create a queue item from the source: the read runs as a job; the queue item appears when it is staged. */
export async function importNow(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const row = await sourceOf(deps, auth, accountId);
  if (!row.isActive) throw new ConflictError({ key: 'rosteringSources.errors.inactive' });
  const jobId = await deps.jobs.send(
    ROSTER_SOURCE_IMPORT_JOB,
    { source_id: row.id, user_id: auth.user.id },
    { singletonKey: `roster-source-${row.id}` },
  );
  return { jobId };
}
