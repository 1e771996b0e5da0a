import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domains } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type DomainRow = typeof domains.$inferSelect;

/** Domains the caller may see: every one for multi-domain (global) callers, otherwise only their own. */
function domainInScope(scope: TenantScope): SQL {
  return scope.kind === 'global' ? sql`true` : eq(domains.id, scope.domainId);
}

export async function findDomainInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, id), domainInScope(scope)))
    .limit(1);
  return row;
}

export async function listDomains(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined },
): Promise<PageResult<DomainRow>> {
  const where = and(domainInScope(scope), f.search ? ilike(domains.name, likePattern(f.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(domains)
      .where(where)
      .orderBy(asc(domains.name), asc(domains.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(domains).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listAllDomainsInScope(db: DbOrTx, scope: TenantScope): Promise<DomainRow[]> {
  return db.select().from(domains).where(domainInScope(scope)).orderBy(asc(domains.name), asc(domains.id));
}

export async function insertDomain(db: DbOrTx, v: { name: string }): Promise<DomainRow> {
  const [row] = await db.insert(domains).values(v).returning();
  return row!;
}

export async function updateDomain(db: DbOrTx, id: number, v: { name: string }): Promise<DomainRow> {
  const [row] = await db
    .update(domains)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(domains.id, id))
    .returning();
  return row!;
}
