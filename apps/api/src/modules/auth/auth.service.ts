import { buildPolicy, permissionsForUser } from '@aula/domain/permissions';
import { isStaffRole, type Role } from '@aula/domain/roles';
import { CHANGE_PASSWORD_ACTION, passwordEqualsEmail, type SessionScope } from '@aula/domain/auth';
import { languageFromNumber, LANGUAGES, type LanguageCode } from '@aula/domain/languages';
import { translate } from '@aula/i18n/translate';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import type { AuthContext, AuthUser } from '../../lib/auth-context';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { UnauthenticatedError, ValidationError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import { insertAuditEntry } from '../audit/audit.repo';
import { deliverQueuedEmail, queueEmail } from '../mail/mail.service';
import * as repo from './auth.repo';

const HOUR = 3_600_000;

function toAuthUser(u: repo.UserRow): AuthUser {
  return {
    id: u.id,
    role: u.role as Role,
    roleId: u.roleId,
    domainId: u.domainId,
    accountId: u.accountId,
    firstName: u.firstName,
    middleName: u.middleName,
    lastName: u.lastName,
    email: u.email,
    username: u.username,
    passwordIsEmail: u.passwordIsEmail,
    language: u.language,
  };
}

function appAllows(scope: SessionScope, role: string): boolean {
  return scope === 'student' ? role === 'student' : isStaffRole(role as Role);
}

/**
 * Form sign-in for either app. Every failure that could tell whether an account exists gives the same message;
 * the disabled-account message is only shown to someone who knows the password.
 */
export async function signIn(
  deps: Deps,
  input: {
    login: string;
    password: string;
    rememberMe?: boolean | undefined;
    scope: SessionScope;
    ip: string;
    userAgent: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const user = await repo.findUserByLogin(deps.db, input.login);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !appAllows(input.scope, user.role)) {
    throw ValidationError.field('login', 'auth.wrongCredentials', {}, true);
  }
  if (user.disabled) throw ValidationError.field('login', 'auth.disabled', {}, true);
  // a hash made with an older argon2 setting is replaced while the password is at hand
  const rehashed = needsRehash(user.passwordHash!) ? await hashPassword(input.password) : null;
  return openSession(deps, user, {
    scope: input.scope,
    remember: !!input.rememberMe,
    ip: input.ip,
    userAgent: input.userAgent,
    method: 'form',
    before: rehashed ? (tx) => repo.replacePasswordHash(tx, user.id, user.passwordHash!, rehashed) : undefined,
  });
}

/**
 * Starts a session for a user who has proved who they are (form sign-in, or a single sign-on): the bearer token,
 * stored only as its hash, and the audit entry. `before` runs in the same transaction.
 */
export async function openSession(
  deps: Deps,
  user: { id: number; accountId: number | null },
  opts: {
    scope: SessionScope;
    remember: boolean;
    ip: string;
    userAgent: string | null;
    /** 'form', or the single sign-on provider's name */
    method: string;
    before?: ((tx: DbOrTx) => Promise<unknown>) | undefined;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const ttl = opts.remember ? deps.config.REMEMBER_ME_TTL_DAYS * 24 * HOUR : deps.config.SESSION_TTL_HOURS * HOUR;
  const expiresAt = new Date(Date.now() + ttl);
  const tokenHash = hashToken(deps.config.TOKEN_SECRET, token);
  const details =
    opts.method === 'form'
      ? { scope: opts.scope, remember: opts.remember }
      : { scope: opts.scope, remember: opts.remember, method: opts.method };
  if (!opts.before) {
    // the usual sign-in: the session and its audit entry in one statement (one round trip instead of four)
    await repo.insertSessionWithAudit(deps.db, {
      userId: user.id,
      accountId: user.accountId,
      tokenHash,
      scope: opts.scope,
      remember: opts.remember,
      expiresAt,
      ip: opts.ip,
      userAgent: opts.userAgent,
      details,
    });
    return { token, expiresAt };
  }
  await deps.db.transaction(async (tx) => {
    await opts.before!(tx);
    await repo.insertSession(tx, {
      userId: user.id,
      tokenHash,
      scope: opts.scope,
      remember: opts.remember,
      expiresAt,
      ip: opts.ip,
      userAgent: opts.userAgent,
    });
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      accountId: user.accountId,
      action: 'auth.sign-in',
      entityType: 'session',
      ip: opts.ip,
      details,
    });
  });
  return { token, expiresAt };
}

/** Resolves a bearer token to the caller, or undefined when it is missing, unknown, expired or revoked. */
export async function authenticate(deps: Deps, token: string): Promise<AuthContext | undefined> {
  const tokenHash = hashToken(deps.config.TOKEN_SECRET, token);
  const cached = deps.sessions.get(tokenHash);
  if (cached) return cached;
  const found = await repo.findLiveSession(deps.db, tokenHash);
  if (!found) return undefined;
  const user = toAuthUser(found.user);
  const permissions = permissionsForUser({
    role: user.role,
    permissions: user.role === 'custom' ? found.customPermissions : null,
  });
  const multiDomain = user.domainId === null;
  const ctx: AuthContext = {
    sessionId: found.sessionId,
    scope: found.scope as SessionScope,
    user,
    permissions,
    policy: buildPolicy(permissions, { multiDomain }),
    organizationIds: found.organizationIds,
    multiDomain,
  };
  deps.sessions.set(tokenHash, ctx, found.expiresAt);
  return ctx;
}

/**
 * After sessions were revoked (or the user changed) in a committed transaction: forget them here at once and tell
 * their sockets. Every path that ends sessions or changes a signed-in user's rights calls this.
 */
export function endSessions(deps: Deps, userId: number, sessionIds: readonly number[]): void {
  deps.sessions.evictSessions(sessionIds);
  deps.sessions.evictUser(userId);
  deps.events.userChanged?.(userId);
  for (const id of sessionIds)
    deps.events.publish(channels.user(userId), REALTIME_EVENTS.sessionRevoked, { session_id: id });
}

export async function signOut(deps: Deps, auth: AuthContext): Promise<void> {
  await repo.revokeSession(deps.db, auth.sessionId);
  endSessions(deps, auth.user.id, [auth.sessionId]);
}

const DEFAULT_USER_SETTINGS = { language_switcher: true, auto_logout: 0 } as const;

export async function getMyInfo(deps: Deps, auth: AuthContext) {
  const { user } = auth;
  const rows = await repo.loadMyInfo(deps.db, user, auth.organizationIds);
  const stored = new Map(rows.settings.map((s) => [s.setting, s.value]));
  const settings = [
    { setting: 'language_switcher', value: stored.get('language_switcher') ?? DEFAULT_USER_SETTINGS.language_switcher },
    { setting: 'auto_logout', value: stored.get('auto_logout') ?? DEFAULT_USER_SETTINGS.auto_logout },
    { setting: 'language', value: languageFromNumber(user.language) },
  ];
  const actions = user.passwordIsEmail ? [CHANGE_PASSWORD_ACTION] : [];
  return {
    auth,
    settings,
    actions,
    classes: rows.classes,
    organizations: rows.organizations,
    broadcasts: rows.broadcasts,
    oauth: rows.oauth,
  };
}

export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  input: { current_password: string; password: string },
  ip: string,
): Promise<void> {
  const user = await repo.findUserById(deps.db, auth.user.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) {
    throw ValidationError.field('current_password', 'auth.currentPasswordIncorrect', {}, true);
  }
  const newHash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    await repo.updateUserPassword(tx, user.id, newHash, passwordEqualsEmail(input.password, user.email));
    // other devices must sign in again; this one keeps its session
    const ids = await repo.revokeUserSessions(tx, user.id, auth.sessionId);
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      accountId: user.accountId,
      action: 'user.password-changed',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      ip,
    });
    return ids;
  });
  endSessions(deps, user.id, revoked);
}

export async function updateMySettings(
  deps: Deps,
  auth: AuthContext,
  patch: {
    language_switcher?: boolean | undefined;
    auto_logout?: number | undefined;
    language?: LanguageCode | undefined;
    first_name?: string | undefined;
    last_name?: string | undefined;
    middle_name?: string | null | undefined;
  },
) {
  await deps.db.transaction(async (tx) => {
    if (patch.language_switcher !== undefined)
      await repo.upsertUserSetting(tx, auth.user.id, 'language_switcher', patch.language_switcher);
    if (patch.auto_logout !== undefined)
      await repo.upsertUserSetting(tx, auth.user.id, 'auto_logout', patch.auto_logout);
    await repo.updateUserProfile(tx, auth.user.id, {
      ...(patch.language !== undefined ? { language: LANGUAGES[patch.language] } : {}),
      ...(patch.first_name !== undefined ? { firstName: patch.first_name } : {}),
      ...(patch.last_name !== undefined ? { lastName: patch.last_name } : {}),
      ...(patch.middle_name !== undefined ? { middleName: patch.middle_name } : {}),
    });
  });
  // the cached caller carries names and language
  deps.sessions.evictUser(auth.user.id);
}

/** Step one. Always answers the same way, whether or not the email belongs to an account. */
export async function requestPasswordReset(deps: Deps, email: string, lang: LanguageCode, ip: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || user.disabled || !user.email) {
    // spend comparable time so the answer's timing does not reveal the account
    await verifyPassword(null, email);
    return;
  }
  const token = generateToken();
  const minutes = deps.config.PASSWORD_RESET_TTL_MINUTES;
  // the configured public URL, never the request's Host header: a forged Host must not receive the token
  const base = user.role === 'student' ? deps.config.PUBLIC_STUDENT_URL : deps.config.PUBLIC_DASHBOARD_URL;
  const url = `${base}/reset-password/${token}`;
  const outboxId = await deps.db.transaction(async (tx) => {
    await repo.insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(deps.config.TOKEN_SECRET, token),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    await insertAuditEntry(tx, {
      actorUserId: null,
      accountId: user.accountId,
      action: 'auth.reset-requested',
      entityType: 'user',
      entityId: user.id,
      subjectUserId: user.id,
      ip,
    });
    return queueEmail(deps, tx, {
      to: user.email!,
      subject: translate(lang, 'auth.resetEmailSubject'),
      text: translate(lang, 'auth.resetEmailBody', { name: user.firstName, minutes, url }),
      template: 'password-reset',
      meta: { user_id: user.id },
    });
  });
  await deliverQueuedEmail(deps, outboxId);
}

/** Step two: is this link still good? */
export async function validateResetToken(deps: Deps, token: string): Promise<{ email: string | null }> {
  const found = await repo.findValidPasswordReset(deps.db, hashToken(deps.config.TOKEN_SECRET, token));
  if (!found) throw ValidationError.field('token', 'auth.resetUrlInvalid', {}, true);
  return { email: found.email };
}

/** Step three: set the new password; the link is spent and every session of the user ends. */
export async function resetPassword(deps: Deps, input: { token: string; password: string }, ip: string): Promise<void> {
  const found = await repo.findValidPasswordReset(deps.db, hashToken(deps.config.TOKEN_SECRET, input.token));
  if (!found) throw ValidationError.field('token', 'auth.resetUrlInvalid', {}, true);
  const newHash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    if (!(await repo.markPasswordResetUsed(tx, found.id)))
      throw ValidationError.field('token', 'auth.resetUrlInvalid', {}, true);
    await repo.updateUserPassword(tx, found.userId, newHash, passwordEqualsEmail(input.password, found.email));
    const ids = await repo.revokeUserSessions(tx, found.userId);
    await insertAuditEntry(tx, {
      actorUserId: found.userId,
      accountId: null,
      action: 'user.password-reset',
      entityType: 'user',
      entityId: found.userId,
      subjectUserId: found.userId,
      ip,
    });
    return ids;
  });
  endSessions(deps, found.userId, revoked);
}

export async function listMyOauthConnections(deps: Deps, auth: AuthContext) {
  return repo.listOauthConnections(deps.db, auth.user.id);
}

export async function disconnectOauth(deps: Deps, auth: AuthContext, provider: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    await repo.deleteOauthConnections(tx, auth.user.id, provider);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: auth.user.accountId,
      action: 'auth.oauth-disconnected',
      entityType: 'oauth_connection',
      details: { provider },
      ip,
    });
  });
}

export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new UnauthenticatedError();
  return auth;
}
