import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { executeHot, executeStatement, preparedQuery, type DbOrTx } from '../../db/client';
import {
  broadcasts,
  classUsers,
  classes,
  emailOutbox,
  oauthConnections,
  organizations,
  passwordResets,
  roles,
  sessions,
  userOrganizations,
  userSettings,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const loginMatch = (login: unknown) =>
  or(sql`lower(${users.email}) = lower(${login})`, sql`lower(${users.username}) = lower(${login})`);

// the sign-in rush's lookup, built once (preparedQuery)
const userByLogin = (db: DbOrTx) =>
  preparedQuery(db, 'auth_user_by_login', (d, name) =>
    d
      .select()
      .from(users)
      .where(and(loginMatch(sql.placeholder('login')), isNull(users.deletedAt)))
      .limit(1)
      .prepare(name),
  );

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await userByLogin(db).execute({ login });
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface SessionLookup {
  sessionId: number;
  scope: string;
  expiresAt: Date;
  user: UserRow;
  customPermissions: string[] | null;
  organizationIds: number[];
}

/** One round trip per request: the live session, its user, the custom role's permissions and the user's schools. */
const liveSession = (db: DbOrTx) =>
  preparedQuery(db, 'auth_live_session', (d, name) =>
    d
      .select({
        sessionId: sessions.id,
        scope: sessions.scope,
        expiresAt: sessions.expiresAt,
        user: users,
        customPermissions: roles.permissions,
        organizationIds: sql<
          number[]
        >`coalesce((select array_agg(${userOrganizations.organizationId}) from ${userOrganizations} where ${userOrganizations.userId} = ${users.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.disabled, false),
          isNull(users.deletedAt),
        ),
      )
      .limit(1)
      .prepare(name),
  );

export async function findLiveSession(db: DbOrTx, tokenHash: string): Promise<SessionLookup | undefined> {
  const [row] = await liveSession(db).execute({ tokenHash });
  return row;
}

export async function insertSession(
  db: DbOrTx,
  values: {
    userId: number;
    tokenHash: string;
    scope: string;
    remember: boolean;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * A sign-in's writes in one statement (one round trip, atomic as a statement is): the session and its audit entry
 * ('auth.sign-in', entity 'session', details { scope, remember }), as insertSession and insertAuditEntry write them.
 */
export async function insertSessionWithAudit(
  db: DbOrTx,
  s: {
    userId: number;
    accountId: number | null;
    tokenHash: string;
    scope: string;
    remember: boolean;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await executeStatement(
    db,
    'auth_sign_in_writes',
    `with s as (
      insert into sessions (user_id, token_hash, scope, remember, expires_at, ip, user_agent)
      values ($1, $2, $3, $4, $5, $6, $7) returning id
    )
    insert into audit_log (actor_user_id, account_id, action, entity_type, details, ip)
    select $1, $8, 'auth.sign-in', 'session', $9::jsonb, $6 from s`,
    [
      s.userId,
      s.tokenHash,
      s.scope,
      s.remember,
      s.expiresAt,
      s.ip,
      s.userAgent,
      s.accountId,
      JSON.stringify(s.details),
    ],
  );
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, optionally keeping one (the caller's). Returns the revoked ids. */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function updateUserPassword(db: DbOrTx, userId: number, passwordHash: string, passwordIsEmail: boolean) {
  await db
    .update(users)
    .set({ passwordHash, passwordIsEmail, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The same password under a new hash (a newer argon2 setting), unless it was changed meanwhile. */
export async function replacePasswordHash(db: DbOrTx, userId: number, oldHash: string, newHash: string) {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
}

export async function updateUserProfile(
  db: DbOrTx,
  userId: number,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'middleName' | 'language'>>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function upsertUserSetting(db: DbOrTx, userId: number, setting: string, value: unknown) {
  await db
    .insert(userSettings)
    .values({ userId, setting, value })
    .onConflictDoUpdate({ target: [userSettings.userId, userSettings.setting], set: { value, updatedAt: sql`now()` } });
}

export async function listOauthConnections(db: DbOrTx, userId: number) {
  return db
    .select({
      id: oauthConnections.id,
      provider: oauthConnections.provider,
      email: oauthConnections.email,
      created_at: oauthConnections.createdAt,
    })
    .from(oauthConnections)
    .where(eq(oauthConnections.userId, userId))
    .orderBy(oauthConnections.provider);
}

export async function deleteOauthConnections(db: DbOrTx, userId: number, provider: number): Promise<number> {
  const rows = await db
    .delete(oauthConnections)
    .where(and(eq(oauthConnections.userId, userId), eq(oauthConnections.provider, provider)))
    .returning({ id: oauthConnections.id });
  return rows.length;
}

export async function insertPasswordReset(db: DbOrTx, values: { userId: number; tokenHash: string; expiresAt: Date }) {
  // a new request makes every older link of this user invalid
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values(values);
}

export async function findValidPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        eq(users.disabled, false),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a reset link used; false when another request used it first. */
export async function markPasswordResetUsed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

export async function insertOutboxEmail(
  db: DbOrTx,
  values: { to: string; subject: string; text: string; template: string; meta?: unknown; status: string },
) {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function setOutboxStatus(
  db: DbOrTx,
  id: number,
  status: 'sent' | 'failed',
  error?: string,
  /** after delivery: the text kept, without the secrets it carried */
  keptText?: string,
) {
  await db
    .update(emailOutbox)
    .set({
      status,
      error: error ?? null,
      sentAt: status === 'sent' ? sql`now()` : null,
      ...(keptText !== undefined ? { text: keptText } : {}),
    })
    .where(eq(emailOutbox.id, id));
}

export async function findOutboxEmail(db: DbOrTx, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

export interface MyInfoRows {
  settings: { setting: string; value: unknown }[];
  classes: { id: number; title: string; custom_title: string | null; periods: string | null }[];
  organizations: { id: number; name: string }[];
  broadcasts: { id: number; message: string; level: string; starts_at: string; ends_at: string | null }[];
  oauth: { id: number; provider: number; email: string | null; created_at: string }[];
}

/** Everything GET /my shows besides the session, in one round trip (it is the most frequent staff call). */
export async function loadMyInfo(
  db: DbOrTx,
  user: { id: number; domainId: number | null; accountId: number | null },
  organizationIds: number[],
): Promise<MyInfoRows> {
  const [row] = await executeHot<MyInfoRows>(
    db,
    'my_info',
    sql`
    select
      (select coalesce(json_agg(json_build_object('setting', s.setting, 'value', s.value)), '[]')
         from ${userSettings} s where s.user_id = ${user.id}) as settings,
      (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'custom_title', c.custom_title, 'periods', c.periods) order by c.title, c.id), '[]')
         from ${classUsers} cu join ${classes} c on c.id = cu.class_id
        where cu.user_id = ${user.id} and c.deleted_at is null) as classes,
      (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name, o.id), '[]')
         from ${organizations} o where o.id = any(${sql.param(organizationIds)}::int[]) and o.deleted_at is null) as organizations,
      (select coalesce(json_agg(json_build_object('id', b.id, 'message', b.message, 'level', b.level, 'starts_at', b.starts_at, 'ends_at', b.ends_at) order by b.starts_at desc), '[]')
         from ${broadcasts} b
        where b.starts_at <= now() and (b.ends_at is null or b.ends_at > now())
          and (b.domain_id is null or b.domain_id = ${user.domainId})
          and (b.account_id is null or b.account_id = ${user.accountId})) as broadcasts,
      (select coalesce(json_agg(json_build_object('id', oc.id, 'provider', oc.provider, 'email', oc.email, 'created_at', oc.created_at) order by oc.provider, oc.id), '[]')
         from ${oauthConnections} oc where oc.user_id = ${user.id}) as oauth
  `,
  );
  return row!;
}
