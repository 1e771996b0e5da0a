import {
  canSeeDraftActivities,
  uniqueTagNames,
  type ActivityCreateInput,
  type ActivityListFilter,
  type ActivityUpdateInput,
} from '@aula/domain/activities';
import type { DbOrTx } from '../../db/client';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findAccountInScope } from '../accounts/accounts.repo';
import { isUniqueViolation } from '../accounts/listing';
import { resolveDomainId } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import { findUserInScope } from '../users/users.repo';
import { findFolder, linkActivities } from '../folders/folders.repo';
import * as repo from './activities.repo';

export type ActivityWithExtras = repo.ActivityRow & repo.ActivityExtras;

export interface Placement {
  domainId: number;
  accountId: number | null;
}

/**
 * Where new authored content (an activity, a folder, tags) goes: a provider caller names the domain; a domain
 * caller works in theirs and may name one of its accounts; an account or school caller always works in their own
 * account. Ids outside the caller's slice are 404, as if they did not exist.
 */
export async function resolveContentPlacement(
  db: DbOrTx,
  scope: TenantScope,
  body: { domain_id?: number | undefined; account_id?: number | undefined },
): Promise<Placement> {
  if (scope.kind === 'account' || scope.kind === 'organization') {
    if (body.domain_id !== undefined && body.domain_id !== scope.domainId) throw new NotFoundError();
    if (body.account_id !== undefined && body.account_id !== scope.accountId) throw new NotFoundError();
    return { domainId: scope.domainId, accountId: scope.accountId };
  }
  const domainId = await resolveDomainId(db, scope, body.domain_id);
  if (body.account_id === undefined) return { domainId, accountId: null };
  const account = await findAccountInScope(db, scope, body.account_id);
  if (!account || account.domainId !== domainId) throw new NotFoundError();
  return { domainId, accountId: account.id };
}

/** The domain whose tags, standards and products a caller's lists show (provider staff: a named one, or all). */
function listDomainOf(scope: TenantScope, domainId?: number): number | null {
  if (scope.kind === 'global') return domainId ?? null;
  return scope.domainId;
}

async function withExtras(db: DbOrTx, auth: AuthContext, rows: repo.ActivityRow[]): Promise<ActivityWithExtras[]> {
  const extras = await repo.loadActivityExtras(
    db,
    tenantScopeOf(auth),
    rows.map((r) => r.id),
    auth.user.id,
  );
  return rows.map((r) => ({ ...r, ...extras.get(r.id)! }));
}

/** Finds or creates the domain's tags by name (without case) and returns their ids. */
async function tagIdsFor(tx: DbOrTx, domainId: number, names: readonly string[]): Promise<number[]> {
  return (await repo.ensureTags(tx, domainId, uniqueTagNames(names))).map((t) => t.id);
}

async function checkStandards(tx: DbOrTx, domainId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const existing = new Set(await repo.existingStandardIds(tx, domainId, unique));
  const missing = unique.filter((id) => !existing.has(id));
  if (missing.length > 0)
    throw new ValidationError({
      standard_ids: missing.map((id) => ({ key: 'errors.standardNotFound', params: { id } })),
    });
  return unique;
}

async function checkProducts(tx: DbOrTx, domainId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const existing = new Set(await repo.existingProductIds(tx, domainId, unique));
  const missing = unique.filter((id) => !existing.has(id));
  if (missing.length > 0)
    throw new ValidationError({
      product_ids: missing.map((id) => ({ key: 'errors.productNotFound', params: { id } })),
    });
  return unique;
}

/** A folder the caller may change, in the activity's domain and account, not in the archive tree. */
async function checkFolderFor(tx: DbOrTx, scope: TenantScope, folderId: number, activity: Placement) {
  const folder = await findFolder(tx, scope, folderId, { write: true });
  if (!folder) throw new NotFoundError();
  if (folder.domainId !== activity.domainId || (folder.accountId !== null && folder.accountId !== activity.accountId))
    throw ValidationError.field('folder_id', 'errors.folderOtherOwner');
  return folder;
}

async function applyLabels(
  tx: DbOrTx,
  activityId: number,
  domainId: number,
  input: Pick<ActivityUpdateInput, 'tags' | 'standard_ids' | 'product_ids'>,
) {
  if (input.standard_ids !== undefined)
    await repo.replaceActivityStandards(tx, activityId, await checkStandards(tx, domainId, input.standard_ids));
  if (input.product_ids !== undefined)
    await repo.replaceActivityProducts(tx, activityId, await checkProducts(tx, domainId, input.product_ids));
  if (input.tags !== undefined)
    await repo.replaceActivityTags(tx, activityId, await tagIdsFor(tx, domainId, input.tags));
}

export async function getActivity(deps: Deps, auth: AuthContext, id: number): Promise<ActivityWithExtras> {
  const row = await repo.findActivity(deps.db, tenantScopeOf(auth), id, { drafts: canSeeDraftActivities(auth.policy) });
  if (!row) throw new NotFoundError();
  const [out] = await withExtras(deps.db, auth, [row]);
  return out!;
}

async function getWritable(db: DbOrTx, auth: AuthContext, id: number): Promise<repo.ActivityRow> {
  const row = await repo.findActivity(db, tenantScopeOf(auth), id, { drafts: true, write: true });
  if (!row) throw new NotFoundError();
  return row;
}

export async function createActivity(deps: Deps, auth: AuthContext, input: ActivityCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  const at = await resolveContentPlacement(deps.db, scope, input);
  const id = await deps.db.transaction(async (tx) => {
    const folder = input.folder_id === undefined ? undefined : await checkFolderFor(tx, scope, input.folder_id, at);
    const row = await repo.insertActivity(tx, {
      domainId: at.domainId,
      accountId: at.accountId,
      title: input.title,
      description: input.description ?? null,
      kind: input.kind,
      createdBy: auth.user.id,
      updatedBy: auth.user.id,
    });
    await applyLabels(tx, row.id, at.domainId, input);
    if (folder) await linkActivities(tx, folder.id, [row.id]);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: at.accountId,
      action: 'activity.created',
      entityType: 'activity',
      entityId: row.id,
      ip,
      details: { title: row.title, kind: row.kind, domain_id: at.domainId },
    });
    return row.id;
  });
  return getActivity(deps, auth, id);
}

export async function updateActivity(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: ActivityUpdateInput,
  ip: string,
) {
  const scope = tenantScopeOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await getWritable(tx, auth, id);
    const at = { domainId: before.domainId, accountId: before.accountId };
    const folder = input.folder_id === undefined ? undefined : await checkFolderFor(tx, scope, input.folder_id, at);
    await repo.updateActivity(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      updatedBy: auth.user.id,
    });
    await applyLabels(tx, id, before.domainId, input);
    if (folder) await linkActivities(tx, folder.id, [id]);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'activity.updated',
      entityType: 'activity',
      entityId: id,
      ip,
      details: { before: { title: before.title, kind: before.kind }, changes: Object.keys(input) },
    });
  });
  return getActivity(deps, auth, id);
}

export async function deleteActivity(deps: Deps, auth: AuthContext, id: number, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await getWritable(tx, auth, id);
    await repo.updateActivity(tx, id, { deletedAt: new Date(), updatedBy: auth.user.id });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'activity.deleted',
      entityType: 'activity',
      entityId: id,
      ip,
      details: { title: before.title },
    });
  });
}

/** Archive or unarchive; doing it twice is harmless (the second call changes nothing and writes no audit entry). */
export async function setArchived(deps: Deps, auth: AuthContext, id: number, archived: boolean, ip: string) {
  await deps.db.transaction(async (tx) => {
    const before = await getWritable(tx, auth, id);
    if ((before.archivedAt !== null) === archived) return;
    await repo.updateActivity(tx, id, { archivedAt: archived ? new Date() : null, updatedBy: auth.user.id });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: archived ? 'activity.archived' : 'activity.unarchived',
      entityType: 'activity',
      entityId: id,
      ip,
    });
  });
  return getActivity(deps, auth, id);
}

/**
 * The catalogue's lists (001 section 7: list, AB list, RB list, search, archive):
 * - list: published, not archived (what viewers pick from);
 * - ab: the builder's list, drafts too, not archived;
 * - rb: the report builder's picker (id and title), published, not archived;
 * - search: title, description or tag, drafts for builders, not archived;
 * - archive: archived activities, drafts for builders.
 */
export type ActivityListKind = 'list' | 'ab' | 'rb' | 'search' | 'archive';

export async function listActivities(deps: Deps, auth: AuthContext, kind: ActivityListKind, f: ActivityListFilter) {
  const builder = canSeeDraftActivities(auth.policy);
  const page = await repo.listActivities(deps.db, {
    ...f,
    scope: tenantScopeOf(auth),
    drafts: kind === 'ab' || ((kind === 'search' || kind === 'archive') && builder),
    archived: kind === 'archive',
    userId: auth.user.id,
    searchEverything: kind === 'search',
  });
  if (kind === 'rb') return { rows: page.rows.map((r) => ({ ...r, ...emptyExtras() })), total: page.total };
  return { rows: await withExtras(deps.db, auth, page.rows), total: page.total };
}

function emptyExtras(): repo.ActivityExtras {
  return { tags: [], standards: [], products: [], folders: [], favorite: false, screensCount: 0 };
}

export type ListSubject = 'account' | 'organization' | 'teacher' | 'admin';

const ADMIN_ROLES = new Set(['domain-administrator', 'administrator', 'school-administrator']);

/**
 * The view-only lists under an account, school, teacher or admin: the published, not archived activities that
 * subject may use (their domain's shared ones and their account's). The subject must be in the caller's slice (404
 * otherwise).
 */
export async function listActivitiesOf(
  deps: Deps,
  auth: AuthContext,
  subject: ListSubject,
  id: number,
  f: ActivityListFilter,
) {
  const scope = tenantScopeOf(auth);
  let of: TenantScope;
  if (subject === 'account') {
    const account = await findAccountInScope(deps.db, scope, id);
    if (!account) throw new NotFoundError();
    of = { kind: 'account', domainId: account.domainId, accountId: account.id };
  } else if (subject === 'organization') {
    const org = await repo.findOrganizationInScope(deps.db, scope, id);
    const account = org && (await findAccountInScope(deps.db, scope, org.accountId));
    if (!org || !account) throw new NotFoundError();
    of = { kind: 'account', domainId: account.domainId, accountId: account.id };
  } else {
    const user = await findUserInScope(deps.db, scope, id);
    const fits = user && (subject === 'teacher' ? user.role === 'teacher' : ADMIN_ROLES.has(user.role));
    if (!user || !fits || user.domainId === null) throw new NotFoundError();
    of =
      user.accountId === null
        ? { kind: 'domain', domainId: user.domainId }
        : { kind: 'account', domainId: user.domainId, accountId: user.accountId };
  }
  const page = await repo.listActivities(deps.db, {
    ...f,
    scope,
    subject: of,
    drafts: false,
    archived: false,
    userId: auth.user.id,
  });
  return { rows: await withExtras(deps.db, auth, page.rows), total: page.total };
}

/** Favourites are the caller's own; marking one needs only read access to the activity. */
export async function setFavorite(deps: Deps, auth: AuthContext, id: number, favorite: boolean) {
  await getActivity(deps, auth, id);
  if (favorite) await repo.addFavorite(deps.db, auth.user.id, id);
  else await repo.removeFavorite(deps.db, auth.user.id, id);
  return getActivity(deps, auth, id);
}

export async function listTags(deps: Deps, auth: AuthContext, domainId?: number) {
  return repo.listTags(deps.db, listDomainOf(tenantScopeOf(auth), domainId));
}

/** Creates the domain's new tags, all or none: 'Sorry, tag {keyword} already exists!' names the first taken one. */
export async function createTags(
  deps: Deps,
  auth: AuthContext,
  input: { tags: string[]; domain_id?: number | undefined },
  ip: string,
) {
  const scope = tenantScopeOf(auth);
  const domainId = scope.kind === 'global' ? await resolveDomainId(deps.db, scope, input.domain_id) : scope.domainId;
  if (scope.kind !== 'global' && input.domain_id !== undefined && input.domain_id !== domainId)
    throw new NotFoundError();
  const names = input.tags.map((n) => n.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name.toLowerCase())) throw tagExists(name);
    seen.add(name.toLowerCase());
  }
  try {
    return await insertNewTags(deps, auth, domainId, names, ip);
  } catch (err) {
    // a concurrent request created one of them between our check and our insert
    if (isUniqueViolation(err)) throw tagExists(names[0]!);
    throw err;
  }
}

async function insertNewTags(deps: Deps, auth: AuthContext, domainId: number, names: string[], ip: string) {
  return deps.db.transaction(async (tx) => {
    const [taken] = await repo.findTagsByName(tx, domainId, names);
    if (taken) throw tagExists(taken.name);
    const created = await repo.insertTags(tx, domainId, names);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'tags.created',
      entityType: 'tag',
      ip,
      details: { domain_id: domainId, tags: names },
    });
    return created;
  });
}

function tagExists(keyword: string): ValidationError {
  return ValidationError.field('tags', 'errors.tagExists', { keyword }, true);
}

export async function listStandards(deps: Deps, auth: AuthContext, domainId?: number) {
  return repo.listStandards(deps.db, listDomainOf(tenantScopeOf(auth), domainId));
}

export async function listProducts(deps: Deps, auth: AuthContext, domainId?: number) {
  return repo.listProducts(deps.db, listDomainOf(tenantScopeOf(auth), domainId));
}
