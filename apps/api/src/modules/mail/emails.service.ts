import type { EmailListFilter } from '@aula/domain/emails';
import type { Config } from '../../config';
import type { Deps } from '../../lib/deps';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { findOutboxInScope, listOutbox, type OutboxRow } from './mail.repo';

/**
 * Whether the Emails page may show what an email says (issue 14, item 11). Only outside production and with no SMTP
 * server set: then the outbox is the only place a reset link can be read, on a developer's machine or a trial. In
 * production, or with SMTP, emails go to their recipients' mailboxes and their bodies (reset links: a way into the
 * recipient's account) are for the recipient alone; the page shows the states.
 */
export function emailBodiesVisible(config: Pick<Config, 'NODE_ENV' | 'SMTP_URL'>): boolean {
  return config.NODE_ENV !== 'production' && !config.SMTP_URL;
}

export async function listEmails(deps: Deps, auth: AuthContext, filter: EmailListFilter) {
  return listOutbox(deps.db, tenantScopeOf(auth), filter);
}

/** One email with its body; refused (403) where bodies are not shown, 404 outside the caller's tenant. */
export async function getEmail(deps: Deps, auth: AuthContext, id: number): Promise<OutboxRow> {
  if (!emailBodiesVisible(deps.config)) throw new ForbiddenError({ key: 'emails.bodiesHidden' });
  const row = await findOutboxInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError({ key: 'emails.notFound' });
  return row;
}
