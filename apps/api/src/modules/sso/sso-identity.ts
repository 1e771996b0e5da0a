import { isStaffRole, type Role } from '@aula/domain/roles';
import type { DbOrTx } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import * as repo from './sso.repo';

// Who a verified provider identity (issuer + subject) is in Aula. Never the e-mail: a linked oauth_connections
// row, else a rostered user of the config's district whose sourcedId the provider sent. docs/sso.md.

/** The ID token claims that carry a rostered user's OneRoster sourcedId, per provider (docs/sso.md). */
export const SOURCED_ID_CLAIMS: Record<string, readonly string[]> = {
  classlink: ['SourcedId', 'sourced_id'],
  clever: ['sourced_id', 'sis_id'],
  google: [],
};

export function sourcedIdClaim(provider: string, claims: Record<string, unknown>): string | null {
  for (const name of SOURCED_ID_CLAIMS[provider] ?? []) {
    const v = claims[name];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

/** A failed single sign-on: 422 with one clear message (i18n key under `sso.`). */
export function ssoFailure(key: string): ValidationError {
  return ValidationError.field('sso', `sso.${key}`, {}, true);
}

export type ConfigScope = Pick<repo.SsoConfigRow, 'accountId' | 'domainId' | 'provider'>;

function inScope(config: ConfigScope, u: repo.CandidateUser): boolean {
  return config.accountId !== null ? u.accountId === config.accountId : u.domainId === config.domainId;
}

export function sideOf(role: string): 'student' | 'dashboard' {
  return role === 'student' ? 'student' : 'dashboard';
}

/**
 * The users this identity may sign in as, in the config's district (or domain), each with SSO on for the provider
 * in its district and not disabled. Empty: nobody matches (the connect step). Throws when a match exists but is
 * refused: linked in another district, SSO off, disabled.
 */
export async function resolveUsers(
  db: DbOrTx,
  config: ConfigScope,
  identity: { issuer: string; subject: string; sourcedId: string | null },
): Promise<repo.CandidateUser[]> {
  const linked = await repo.findLinkedUsers(db, identity.issuer, identity.subject);
  // one district's identity never opens another's account
  if (linked.some((u) => !inScope(config, u))) throw ssoFailure('linkedElsewhere');
  const candidates = [...linked];
  if (identity.sourcedId && config.accountId !== null) {
    const rostered = await repo.findRosteredUser(db, config.accountId, identity.sourcedId);
    if (rostered && !candidates.some((c) => c.id === rostered.id)) candidates.push(rostered);
  }
  if (candidates.length === 0) return [];
  const settings = await repo.loadSsoSettings(
    db,
    candidates.map((c) => c.accountId).filter((id): id is number => id !== null),
  );
  const ssoOn = candidates.filter(
    (c) => c.accountId !== null && (settings.get(c.accountId) ?? []).includes(config.provider),
  );
  if (ssoOn.length === 0) throw ssoFailure('ssoOff');
  const usable = ssoOn.filter((c) => !c.disabled && (c.role === 'student' || isStaffRole(c.role as Role)));
  if (usable.length === 0) throw ssoFailure('accountDisabled');
  // linked users first: a rostered match of the same side only counts when nobody of that side is linked
  const bySide = new Map<string, repo.CandidateUser>();
  for (const u of usable) if (!bySide.has(sideOf(u.role)) || u.linked) bySide.set(sideOf(u.role), u);
  return [...bySide.values()];
}
