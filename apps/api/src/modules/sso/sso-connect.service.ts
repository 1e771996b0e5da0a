import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { ssoFailure } from './sso-identity';
import * as repo from './sso.repo';
import { providerOf, sha256 } from './sso.service';

/**
 * GET /oauth/{code}/connect?hash=: a signed-in user (who proved themselves with their password) takes the provider
 * identity a sign-in found no Aula user for. The hash is single use and expires; the user must belong to the
 * district (or domain) of the provider config the identity came through.
 */
export async function connectIdentity(
  deps: Deps,
  auth: AuthContext,
  input: { code: number; hash: string; ip: string },
): Promise<{ provider: number }> {
  providerOf(input.code);
  return deps.db.transaction(async (tx) => {
    const row = await repo.consumeConnectRequest(tx, sha256(input.hash));
    if (!row || row.provider !== input.code) throw ssoFailure('connectInvalid');
    const config = await repo.findConfig(tx, row.configId);
    const { user } = auth;
    const inScope = config
      ? config.accountId !== null
        ? user.accountId === config.accountId
        : user.domainId === config.domainId
      : false;
    if (!inScope) throw ssoFailure('connectWrongDistrict');
    const linked = await repo.insertConnection(tx, {
      userId: user.id,
      provider: row.provider,
      issuer: row.issuer,
      subject: row.subject,
      email: row.email,
    });
    if (!linked) throw new ConflictError({ key: 'sso.alreadyLinked' });
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      accountId: user.accountId,
      action: 'auth.oauth-connected',
      entityType: 'oauth_connection',
      details: { provider: row.provider },
      ip: input.ip,
    });
    return { provider: row.provider };
  });
}
