import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, ltiDeployments, ltiPlatforms } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { accountInScope } from '../accounts/tenant-scope.repo';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiPlatformValues = Omit<typeof ltiPlatforms.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LtiDeploymentRow = typeof ltiDeployments.$inferSelect;
export type LtiDeploymentValues = Omit<typeof ltiDeployments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export interface LtiDeploymentView {
  deployment: LtiDeploymentRow;
  platform: LtiPlatformRow;
  accountName: string;
}

// Platforms are provider-level (no tenant). Deployments belong to a district: every read of them is scoped by the
// caller's TenantScope through their account (a deployment of another domain does not exist for the caller).

export async function listPlatforms(db: DbOrTx): Promise<{ platform: LtiPlatformRow; deployments: number }[]> {
  const rows = await db
    .select({ platform: ltiPlatforms, deployments: count(ltiDeployments.id) })
    .from(ltiPlatforms)
    .leftJoin(ltiDeployments, eq(ltiDeployments.platformId, ltiPlatforms.id))
    .groupBy(ltiPlatforms.id)
    .orderBy(asc(ltiPlatforms.name), asc(ltiPlatforms.id));
  return rows;
}

export async function findPlatform(db: DbOrTx, id: number): Promise<LtiPlatformRow | undefined> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row;
}

export async function countDeploymentsOfPlatform(db: DbOrTx, platformId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ltiDeployments).where(eq(ltiDeployments.platformId, platformId));
  return row?.n ?? 0;
}

export async function insertPlatform(db: DbOrTx, values: LtiPlatformValues): Promise<LtiPlatformRow> {
  const [row] = await db.insert(ltiPlatforms).values(values).returning();
  return row!;
}

export async function updatePlatform(db: DbOrTx, id: number, values: LtiPlatformValues): Promise<LtiPlatformRow> {
  const [row] = await db
    .update(ltiPlatforms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ltiPlatforms.id, id))
    .returning();
  return row!;
}

export async function deletePlatform(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id));
}

const deploymentColumns = {
  deployment: ltiDeployments,
  platform: ltiPlatforms,
  accountName: accounts.name,
};

function deploymentFilter(
  scope: TenantScope,
  f: { search?: string | undefined; platformId?: number | undefined; accountId?: number | undefined },
): SQL | undefined {
  const pattern = f.search ? likePattern(f.search) : undefined;
  return and(
    accountInScope(scope),
    f.platformId === undefined ? undefined : eq(ltiDeployments.platformId, f.platformId),
    f.accountId === undefined ? undefined : eq(ltiDeployments.accountId, f.accountId),
    pattern
      ? or(
          ilike(ltiDeployments.deploymentId, pattern),
          ilike(ltiDeployments.name, pattern),
          ilike(ltiPlatforms.name, pattern),
          ilike(accounts.name, pattern),
        )
      : undefined,
  );
}

export async function listDeployments(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined; platformId?: number | undefined; accountId?: number | undefined },
): Promise<PageResult<LtiDeploymentView>> {
  const where = deploymentFilter(scope, f);
  const base = () =>
    db
      .select(deploymentColumns)
      .from(ltiDeployments)
      .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
      .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId));
  const rows = await base()
    .where(where)
    .orderBy(asc(ltiPlatforms.name), asc(accounts.name), asc(ltiDeployments.deploymentId))
    .limit(f.per_page)
    .offset(offsetOf(f));
  const [total] = await db
    .select({ n: count() })
    .from(ltiDeployments)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findDeploymentInScope(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<LtiDeploymentView | undefined> {
  const [row] = await db
    .select(deploymentColumns)
    .from(ltiDeployments)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeployments.platformId))
    .innerJoin(accounts, eq(accounts.id, ltiDeployments.accountId))
    .where(and(eq(ltiDeployments.id, id), accountInScope(scope)));
  return row;
}

/** Whether the platform already has this deployment id (in any district: the caller may not see which). */
export async function deploymentIdTaken(
  db: DbOrTx,
  platformId: number,
  deploymentId: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ltiDeployments.id })
    .from(ltiDeployments)
    .where(
      and(
        eq(ltiDeployments.platformId, platformId),
        eq(ltiDeployments.deploymentId, deploymentId),
        exceptId === undefined ? undefined : sql`${ltiDeployments.id} <> ${exceptId}`,
      ),
    );
  return !!row;
}

export async function insertDeployment(db: DbOrTx, values: LtiDeploymentValues): Promise<LtiDeploymentRow> {
  const [row] = await db.insert(ltiDeployments).values(values).returning();
  return row!;
}

export async function updateDeployment(
  db: DbOrTx,
  id: number,
  values: Partial<LtiDeploymentValues>,
): Promise<LtiDeploymentRow> {
  const [row] = await db
    .update(ltiDeployments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ltiDeployments.id, id))
    .returning();
  return row!;
}

export async function deleteDeployment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(ltiDeployments).where(eq(ltiDeployments.id, id));
}
