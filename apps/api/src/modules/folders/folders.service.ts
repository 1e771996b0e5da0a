import { canSeeDraftActivities } from '@aula/domain/activities';
import {
  wouldCreateCycle,
  type ChangeBranchInput,
  type FolderCreateInput,
  type FolderListFilter,
  type FolderUpdateInput,
  type SetFolderInput,
} from '@aula/domain/folders';
import type { DbOrTx } from '../../db/client';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findActivity, existingProductIds } from '../activities/activities.repo';
import { resolveContentPlacement } from '../activities/activities.service';
import { insertAuditEntry } from '../audit/audit.repo';
import * as repo from './folders.repo';

// Folders (001 section 7). A folder belongs to a domain and, when a district made it, to that account; it sits in
// one tree: a product's (product_id) or the folders without a product, and either the working tree or the archive
// tree (archived). A sub-folder always shares its parent's tree.

export async function listFolders(deps: Deps, auth: AuthContext, f: FolderListFilter) {
  const scope = tenantScopeOf(auth);
  // a caller below provider staff may name only their own domain (another is 404)
  if (f.domain_id !== undefined && scope.kind !== 'global' && f.domain_id !== scope.domainId) throw new NotFoundError();
  return repo.listFolders(deps.db, scope, f, f.domain_id, canSeeDraftActivities(auth.policy));
}

async function getWritable(db: DbOrTx, scope: TenantScope, id: number) {
  const folder = await repo.findFolder(db, scope, id, { write: true });
  if (!folder) throw new NotFoundError();
  return folder;
}

/** The parent must be the caller's to change, in the same domain and (when it has one) account. */
async function checkParent(
  db: DbOrTx,
  scope: TenantScope,
  parentId: number,
  owner: { domainId: number; accountId: number | null },
) {
  const parent = await repo.findFolder(db, scope, parentId, { write: true });
  if (!parent) throw new NotFoundError();
  if (parent.domainId !== owner.domainId || (parent.accountId !== null && parent.accountId !== owner.accountId))
    throw ValidationError.field('folder_id', 'errors.folderOtherOwner');
  return parent;
}

async function checkProduct(db: DbOrTx, domainId: number, productId: number | null | undefined) {
  if (productId === undefined || productId === null) return;
  const [found] = await existingProductIds(db, domainId, [productId]);
  if (found === undefined) throw ValidationError.field('product_id', 'errors.productNotFound', { id: productId });
}

export async function createFolder(deps: Deps, auth: AuthContext, input: FolderCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  const at = await resolveContentPlacement(deps.db, scope, input);
  return deps.db.transaction(async (tx) => {
    let productId = input.product_id ?? null;
    let archived = input.archived ?? false;
    if (input.folder_id !== undefined && input.folder_id !== null) {
      const parent = await checkParent(tx, scope, input.folder_id, at);
      if (input.product_id !== undefined && input.product_id !== parent.productId)
        throw ValidationError.field('product_id', 'errors.folderTreeMismatch');
      if (input.archived !== undefined && input.archived !== parent.archived)
        throw ValidationError.field('archived', 'errors.folderTreeMismatch');
      productId = parent.productId;
      archived = parent.archived;
    }
    await checkProduct(tx, at.domainId, productId);
    const row = await repo.insertFolder(tx, {
      domainId: at.domainId,
      accountId: at.accountId,
      productId,
      folderId: input.folder_id ?? null,
      title: input.title,
      archived,
      createdBy: auth.user.id,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: at.accountId,
      action: 'folder.created',
      entityType: 'folder',
      entityId: row.id,
      ip,
      details: { title: row.title, folder_id: row.folderId, product_id: productId, archived },
    });
    return { ...row, activitiesCount: 0 };
  });
}

/**
 * Renames or moves a folder. Moving it under another folder puts the whole branch in that folder's tree; moving it
 * to the root (folder_id null) keeps its tree unless product_id or archived say otherwise.
 */
export async function updateFolder(deps: Deps, auth: AuthContext, id: number, input: FolderUpdateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const before = await getWritable(tx, scope, id);
    const parentId = input.folder_id === undefined ? before.folderId : input.folder_id;
    let productId = input.product_id === undefined ? before.productId : input.product_id;
    let archived = input.archived ?? before.archived;
    if (parentId !== null) {
      const parent = await checkParent(tx, scope, parentId, before);
      if (wouldCreateCycle(id, parentId, await repo.folderParents(tx, before.domainId)))
        throw ValidationError.field('folder_id', 'errors.folderIntoItself');
      if (input.product_id !== undefined && input.product_id !== parent.productId)
        throw ValidationError.field('product_id', 'errors.folderTreeMismatch');
      if (input.archived !== undefined && input.archived !== parent.archived)
        throw ValidationError.field('archived', 'errors.folderTreeMismatch');
      productId = parent.productId;
      archived = parent.archived;
    }
    await checkProduct(tx, before.domainId, productId);
    const row = await repo.updateFolder(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      folderId: parentId,
      productId,
      archived,
    });
    if (productId !== before.productId || archived !== before.archived)
      await repo.updateDescendants(tx, id, { productId, archived });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'folder.updated',
      entityType: 'folder',
      entityId: id,
      ip,
      details: {
        before: {
          title: before.title,
          folder_id: before.folderId,
          product_id: before.productId,
          archived: before.archived,
        },
        after: { title: row.title, folder_id: row.folderId, product_id: productId, archived },
      },
    });
    const [counted] = (await repo.listFolders(tx, scope, {}, row.domainId, canSeeDraftActivities(auth.policy))).filter(
      (f) => f.id === id,
    );
    return counted ?? { ...row, activitiesCount: 0 };
  });
}

export async function deleteFolder(deps: Deps, auth: AuthContext, id: number, ip: string): Promise<void> {
  const scope = tenantScopeOf(auth);
  await deps.db.transaction(async (tx) => {
    const before = await getWritable(tx, scope, id);
    await repo.deleteFolder(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: before.accountId,
      action: 'folder.deleted',
      entityType: 'folder',
      entityId: id,
      ip,
      details: { title: before.title, folder_id: before.folderId },
    });
  });
}

/** The activity must be readable; the folder the caller's to change and of the activity's domain. */
async function activityAndFolder(db: DbOrTx, auth: AuthContext, activityId: number, folderId: number) {
  const scope = tenantScopeOf(auth);
  const activity = await findActivity(db, scope, activityId, { drafts: canSeeDraftActivities(auth.policy) });
  if (!activity) throw new NotFoundError();
  const folder = await getWritable(db, scope, folderId);
  if (folder.domainId !== activity.domainId || (folder.accountId !== null && activity.accountId !== folder.accountId))
    throw ValidationError.field('folder_id', 'errors.folderOtherOwner');
  return { activity, folder };
}

export async function addActivityToFolder(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  folderId: number,
  ip: string,
) {
  await deps.db.transaction(async (tx) => {
    const { folder } = await activityAndFolder(tx, auth, activityId, folderId);
    await repo.linkActivities(tx, folder.id, [activityId]);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: folder.accountId,
      action: 'folder.activity-added',
      entityType: 'activity',
      entityId: activityId,
      ip,
      details: { folder_id: folder.id },
    });
  });
}

/** Removes the activity from the listed folders (one, or all it is in); folders the caller may not change are 404. */
export async function removeActivityFromFolders(
  deps: Deps,
  auth: AuthContext,
  activityId: number,
  folderIds: readonly number[],
  ip: string,
) {
  await deps.db.transaction(async (tx) => {
    const unique = [...new Set(folderIds)];
    for (const folderId of unique) await activityAndFolder(tx, auth, activityId, folderId);
    const removed = await repo.unlinkActivity(tx, activityId, unique);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'folder.activity-removed',
      entityType: 'activity',
      entityId: activityId,
      ip,
      details: { folder_ids: unique, removed },
    });
  });
}

/** change-branch: the filter's activities of current_folder_id move to target_folder_id, both in product_id's tree. */
export async function changeBranch(deps: Deps, auth: AuthContext, input: ChangeBranchInput, ip: string) {
  const scope = tenantScopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const current = await getWritable(tx, scope, input.current_folder_id);
    const target = await getWritable(tx, scope, input.target_folder_id);
    if (current.productId !== input.product_id)
      throw ValidationError.field('current_folder_id', 'errors.folderTreeMismatch');
    if (target.productId !== input.product_id || target.domainId !== current.domainId)
      throw ValidationError.field('target_folder_id', 'errors.folderTreeMismatch');
    const ids = await repo.selectActivitiesToMove(tx, {
      scope,
      fromFolderId: current.id,
      archived: current.archived,
      status: input.filter.status,
      activityId: input.filter.activity_id,
      excludeActivityId: input.filter.exclude_activity_id,
      into: target,
    });
    if (current.id !== target.id) {
      await repo.unlinkFromFolder(tx, ids, current.id);
      await repo.linkActivities(tx, target.id, ids);
    }
    await audit(tx, auth, ip, 'folder.branch-changed', target, { from: current.id, activity_ids: ids });
    return { moved: ids.length, activity_ids: ids };
  });
}

/**
 * set: put the filter's activities into target_folder_id, replacing their folder in that tree. With
 * filter.archived the target must be an archive folder and the activities archived ones; otherwise
 * current_folder_id narrows the selection to that folder's activities and product_id must name the target's tree.
 */
export async function setFolder(deps: Deps, auth: AuthContext, input: SetFolderInput, ip: string) {
  const scope = tenantScopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const target = await getWritable(tx, scope, input.target_folder_id);
    if (target.archived !== input.filter.archived)
      throw ValidationError.field('target_folder_id', 'errors.folderTreeMismatch');
    if (!input.filter.archived && input.product_id !== undefined && input.product_id !== target.productId)
      throw ValidationError.field('product_id', 'errors.folderTreeMismatch');
    let fromFolderId: number | undefined;
    if (input.current_folder_id !== undefined) {
      const current = await getWritable(tx, scope, input.current_folder_id);
      if (current.domainId !== target.domainId)
        throw ValidationError.field('current_folder_id', 'errors.folderTreeMismatch');
      fromFolderId = current.id;
    }
    if (input.filter.activity_id !== undefined) {
      const one = await findActivity(tx, scope, input.filter.activity_id, { drafts: true, write: true });
      if (!one) throw new NotFoundError();
    }
    const ids = await repo.selectActivitiesToMove(tx, {
      scope,
      fromFolderId,
      archived: input.filter.archived,
      status: input.filter.status,
      activityId: input.filter.activity_id,
      excludeActivityId: input.filter.exclude_activity_id,
      into: target,
    });
    if (fromFolderId !== undefined && fromFolderId !== target.id) await repo.unlinkFromFolder(tx, ids, fromFolderId);
    await repo.unlinkFromTree(tx, ids, target, target.id);
    await repo.linkActivities(tx, target.id, ids);
    await audit(tx, auth, ip, 'folder.set', target, { from: fromFolderId ?? null, activity_ids: ids });
    return { moved: ids.length, activity_ids: ids };
  });
}

async function audit(
  tx: DbOrTx,
  auth: AuthContext,
  ip: string,
  action: string,
  folder: repo.FolderRow,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(tx, {
    actorUserId: auth.user.id,
    accountId: folder.accountId,
    action,
    entityType: 'folder',
    entityId: folder.id,
    ip,
    details,
  });
}
