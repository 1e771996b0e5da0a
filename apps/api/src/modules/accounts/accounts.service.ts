import {
  DEFAULT_ACCOUNT_SETTINGS,
  ACCOUNT_SETTING_KINDS,
  TECHNOLOGY_FIELDS,
  type AccountSetting,
  type AccountSettingKind,
} from '@aula/domain/tenancy';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { endSessions } from '../auth/auth.service';
import * as repo from './accounts.repo';
import { isUniqueViolation, type PageRequest } from './listing';
import { resolveDomainId } from './placement';

export interface AccountInput {
  name: string;
  district_id: string;
  zip_code: string;
  type: number;
}

const districtIdTaken = () => ValidationError.field('district_id', 'errors.accountIdNotUnique', {}, true);

// Creating and deleting whole accounts happens above the account: an account-level caller (district admin) holds
// 'account' create/delete in its bundle but may use them only on rows inside its own account, and an account is not
// inside itself.
function requireAboveAccount(auth: AuthContext) {
  const scope = tenantScopeOf(auth);
  if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
  return scope;
}

async function getInScope(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findAccountInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listAccounts(
  deps: Deps,
  auth: AuthContext,
  f: PageRequest & { search?: string | undefined; type?: number | undefined; domain_id?: number | undefined },
) {
  return repo.listAccounts(deps.db, tenantScopeOf(auth), f);
}

export const getAccount = getInScope;

export async function createAccount(
  deps: Deps,
  auth: AuthContext,
  input: AccountInput & { domain_id?: number | undefined },
  ip: string,
) {
  const scope = requireAboveAccount(auth);
  const domainId = await resolveDomainId(deps.db, scope, input.domain_id);
  if (await repo.isDistrictIdTaken(deps.db, input.district_id)) throw districtIdTaken();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.insertAccount(tx, {
        domainId,
        name: input.name,
        districtId: input.district_id,
        zipCode: input.zip_code,
        type: input.type,
      });
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: row.id,
        action: 'account.created',
        entityType: 'account',
        entityId: row.id,
        ip,
        details: { domain_id: domainId },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'accounts_district_id_unique')) throw districtIdTaken();
    throw err;
  }
}

export async function updateAccount(deps: Deps, auth: AuthContext, id: number, input: AccountInput, ip: string) {
  const before = await getInScope(deps, auth, id);
  if (await repo.isDistrictIdTaken(deps.db, input.district_id, id)) throw districtIdTaken();
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.updateAccount(tx, id, {
        name: input.name,
        districtId: input.district_id,
        zipCode: input.zip_code,
        type: input.type,
      });
      await insertAuditEntry(tx, {
        actorUserId: auth.user.id,
        accountId: id,
        action: 'account.updated',
        entityType: 'account',
        entityId: id,
        ip,
        details: {
          before: { name: before.name, district_id: before.districtId, zip_code: before.zipCode, type: before.type },
        },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'accounts_district_id_unique')) throw districtIdTaken();
    throw err;
  }
}

/**
 * 422 'Account ID is not unique.' when any account uses it. The account being edited is left out only when the
 * caller can see it, so the answer never depends on another tenant's ids beyond "taken".
 */
export async function checkDistrictId(deps: Deps, auth: AuthContext, districtId: string, exceptId?: number) {
  let except: number | undefined;
  if (exceptId !== undefined && (await repo.findAccountInScope(deps.db, tenantScopeOf(auth), exceptId)))
    except = exceptId;
  if (await repo.isDistrictIdTaken(deps.db, districtId, except)) throw districtIdTaken();
}

/** Every setting kind, stored value or default. */
export async function getAccountSettings(deps: Deps, auth: AuthContext, id: number): Promise<AccountSetting[]> {
  await getInScope(deps, auth, id);
  return readSettings(deps, id);
}

async function readSettings(deps: Deps, id: number): Promise<AccountSetting[]> {
  const stored = new Map((await repo.listAccountSettings(deps.db, id)).map((s) => [s.setting, s.value]));
  return ACCOUNT_SETTING_KINDS.map(
    (kind) => ({ setting: kind, value: stored.get(kind) ?? DEFAULT_ACCOUNT_SETTINGS[kind] }) as AccountSetting,
  );
}

/** The batch is validated whole by the route schema, then written in one transaction: all or nothing. */
export async function saveAccountSettings(
  deps: Deps,
  auth: AuthContext,
  id: number,
  settings: AccountSetting[],
  ip: string,
) {
  await getInScope(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    for (const s of settings) await repo.upsertAccountSetting(tx, id, s.setting, s.value);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: id,
      action: 'account.settings-updated',
      entityType: 'account',
      entityId: id,
      ip,
      details: { settings },
    });
  });
  return readSettings(deps, id);
}

/** Turns one setting's `enabled` flag on or off, keeping the rest of its value. */
export async function toggleTechnologySetting(
  deps: Deps,
  auth: AuthContext,
  id: number,
  field: AccountSettingKind,
  value: boolean,
  ip: string,
) {
  await getInScope(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    const stored = (await repo.listAccountSettings(tx, id)).find((s) => s.setting === field)?.value;
    const current = (stored ?? DEFAULT_ACCOUNT_SETTINGS[field]) as Record<string, unknown>;
    await repo.upsertAccountSetting(tx, id, field, { ...current, enabled: value });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: id,
      action: 'account.technology-toggled',
      entityType: 'account',
      entityId: id,
      ip,
      details: { field, value },
    });
  });
  return readSettings(deps, id);
}

/** 409 with what the account still holds, one sentence each ('It still has 2 organizations.'), for the delete page. */
function accountHasData(data: { organizations: number; users: number }) {
  const problems = [
    ...(data.organizations > 0 ? [{ key: 'accounts.holdsOrganizations', params: { count: data.organizations } }] : []),
    ...(data.users > 0 ? [{ key: 'accounts.holdsUsers', params: { count: data.users } }] : []),
  ];
  return new ConflictError({ key: 'errors.accountHasData' }, problems);
}

/**
 * Without force an account that still has organizations or users is kept (409). With force the account is
 * soft-deleted, its users are disabled and their sessions revoked at once.
 */
export async function deleteAccount(deps: Deps, auth: AuthContext, id: number, force: boolean, ip: string) {
  await getInScope(deps, auth, id);
  requireAboveAccount(auth);
  const revoked = await deps.db.transaction(async (tx) => {
    const data = await repo.countAccountData(tx, id);
    if (!force && (data.organizations > 0 || data.users > 0)) throw accountHasData(data);
    await repo.softDeleteAccount(tx, id);
    const sessions = await repo.disableAccountUsers(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: id,
      action: 'account.deleted',
      entityType: 'account',
      entityId: id,
      ip,
      details: { force, ...data },
    });
    return sessions;
  });
  const byUser = new Map<number, number[]>();
  for (const s of revoked) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s.sessionId]);
  for (const [userId, sessionIds] of byUser) endSessions(deps, userId, sessionIds);
}

export type TechnologyFlags = { account_id: number } & Record<(typeof TECHNOLOGY_FIELDS)[number], boolean>;

/**
 * The technology toggles (enabled flags, stored or default) of several accounts at once, for a page of the accounts
 * list (/tech-settings). Accounts outside the caller's scope are left out, as if they did not exist.
 */
export async function readTechnologySettings(deps: Deps, auth: AuthContext, ids: number[]): Promise<TechnologyFlags[]> {
  const { ids: visible, stored } = await repo.listTechnologySettingsInScope(deps.db, tenantScopeOf(auth), ids);
  const byAccount = new Map<number, Map<string, unknown>>();
  for (const s of stored) {
    if (!byAccount.has(s.accountId)) byAccount.set(s.accountId, new Map());
    byAccount.get(s.accountId)!.set(s.setting, s.value);
  }
  const order = [...new Set(ids)].filter((id) => visible.includes(id));
  return order.map((id) => {
    const flags = { account_id: id } as TechnologyFlags;
    for (const field of TECHNOLOGY_FIELDS) {
      const value = (byAccount.get(id)?.get(field) ?? DEFAULT_ACCOUNT_SETTINGS[field]) as { enabled?: unknown };
      flags[field] = value.enabled === true;
    }
    return flags;
  });
}
