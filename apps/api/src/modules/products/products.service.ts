import type { LanguageCode } from '@aula/domain/languages';
import { can } from '@aula/domain/permissions';
import type { ProductCreateInput, ProductListFilter, ProductUpdateInput } from '@aula/domain/products';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { translate } from '@aula/i18n/translate';
import type { Tx } from '../../db/client';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { resolveDomainId } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import { afterCommit, transactionWithEvents } from '../realtime/after-commit';
import * as repo from './products.repo';

// Products of a domain (docs/products.md). Reading needs 'product' view (or, for the picker list, any of product,
// PAS plan or activity view); writing is for domain and provider staff: products are shared by every account of the
// domain, so an account-level custom role with product-management reads them but cannot change them.

export type ProductWithCounts = repo.ProductWithCounts;
export type ProductStatus = 'created' | 'updated' | 'deleted';

/** The domain a list shows: provider staff a named one or all; everyone else their own (another one is a 404). */
function listDomainOf(scope: TenantScope, domainId: number | undefined): number | null {
  if (scope.kind === 'global') return domainId ?? null;
  if (domainId !== undefined && domainId !== scope.domainId) throw new NotFoundError();
  return scope.domainId;
}

function requireDomainWriter(scope: TenantScope) {
  if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
}

/** 'product status changed' on the products channel once the change has committed (002 section 7). */
function announce(deps: Deps, tx: Tx, productId: number, status: ProductStatus) {
  afterCommit(deps, tx, () =>
    deps.events.publish(channels.products(), REALTIME_EVENTS.productStatusChanged, { product_id: productId, status }),
  );
}

async function fresh(deps: Deps, auth: AuthContext, id: number): Promise<ProductWithCounts> {
  const row = await repo.findProduct(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listProducts(deps: Deps, auth: AuthContext, f: ProductListFilter) {
  const scope = tenantScopeOf(auth);
  return repo.listProducts(deps.db, scope, listDomainOf(scope, f.domain_id), f);
}

/** The picker list (POST my list): the products of the caller's domain, for anyone who works with content or plans. */
export async function listMyProducts(
  deps: Deps,
  auth: AuthContext,
  f: { search?: string | undefined; domain_id?: number | undefined },
) {
  if (!(['product', 'pas-plan', 'activity'] as const).some((r) => can(auth.policy, r, 'view')))
    throw new ForbiddenError();
  const scope = tenantScopeOf(auth);
  return repo.listAllProducts(deps.db, scope, listDomainOf(scope, f.domain_id), f.search);
}

export async function getProduct(deps: Deps, auth: AuthContext, id: number) {
  return fresh(deps, auth, id);
}

export async function createProduct(deps: Deps, auth: AuthContext, input: ProductCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  requireDomainWriter(scope);
  const domainId = await resolveDomainId(deps.db, scope, input.domain_id);
  const id = await transactionWithEvents(deps, async (tx) => {
    const row = await repo.insertProduct(tx, {
      domainId,
      name: input.name,
      description: input.description ?? null,
      createdBy: auth.user.id,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'product.created',
      entityType: 'product',
      entityId: row.id,
      ip,
      details: { name: row.name, domain_id: domainId },
    });
    announce(deps, tx, row.id, 'created');
    return row.id;
  });
  return fresh(deps, auth, id);
}

export async function updateProduct(deps: Deps, auth: AuthContext, id: number, input: ProductUpdateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  const row = await fresh(deps, auth, id);
  requireDomainWriter(scope);
  await transactionWithEvents(deps, async (tx) => {
    await repo.updateProduct(tx, id, input);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      ip,
      details: { from: { name: row.name }, to: { name: input.name } },
    });
    announce(deps, tx, id, 'updated');
  });
  return fresh(deps, auth, id);
}

/** Soft delete: activities and folders keep their links, lists and pickers stop showing it. */
export async function deleteProduct(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const scope = tenantScopeOf(auth);
  await fresh(deps, auth, id);
  requireDomainWriter(scope);
  const plans = await repo.livePlansUsing(deps.db, id);
  if (plans > 0) throw new ConflictError({ key: 'errors.productInUse', params: { count: plans } });
  await transactionWithEvents(deps, async (tx) => {
    await repo.softDeleteProduct(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'product.deleted',
      entityType: 'product',
      entityId: id,
      ip,
    });
    announce(deps, tx, id, 'deleted');
  });
}

/** A new product of the same domain: the description, the activities and the folder trees come along. */
export async function copyProduct(
  deps: Deps,
  auth: AuthContext,
  input: { product_id: number; name?: string | undefined },
  lang: LanguageCode,
  ip: string,
) {
  const scope = tenantScopeOf(auth);
  const source = await fresh(deps, auth, input.product_id);
  requireDomainWriter(scope);
  const name = input.name ?? translate(lang, 'activityCopy.duplicateTitle', { title: source.name });
  const id = await transactionWithEvents(deps, async (tx) => {
    const row = await repo.insertProduct(tx, {
      domainId: source.domainId,
      name,
      description: source.description,
      createdBy: auth.user.id,
    });
    await repo.copyActivityLinks(tx, source.id, row.id);
    const foldersCopied = await repo.copyFolderTrees(tx, source.id, row.id, auth.user.id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: null,
      action: 'product.copied',
      entityType: 'product',
      entityId: row.id,
      ip,
      details: { source_id: source.id, folders: foldersCopied },
    });
    announce(deps, tx, row.id, 'created');
    return row.id;
  });
  return fresh(deps, auth, id);
}
