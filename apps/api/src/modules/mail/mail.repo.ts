import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
// the user an email was written to (meta.user_id, set by every email the platform writes to a user)
const recipientId = sql`(case when jsonb_typeof(${emailOutbox.meta} -> 'user_id') = 'number'
  then (${emailOutbox.meta} ->> 'user_id')::int end)`;

/**
 * The emails a caller may see, by the tenant of the user each one was written to (ADR 0002's slices): everything
 * for global callers; a domain's accounts (live ones) and its own users; one account; a school admin's schools.
 * An email to nobody in particular is seen by global callers only.
 */
export function outboxInScope(scope: TenantScope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'domain':
      return sql`exists (select 1 from users u left join accounts a on a.id = u.account_id
        where u.id = ${recipientId}
          and ((a.domain_id = ${scope.domainId} and a.deleted_at is null)
            or (u.account_id is null and u.domain_id = ${scope.domainId})))`;
    case 'account':
      return sql`exists (select 1 from users u where u.id = ${recipientId} and u.account_id = ${scope.accountId})`;
    case 'organization':
      return sql`exists (select 1 from users u join user_organizations uo on uo.user_id = u.id
        where u.id = ${recipientId} and u.account_id = ${scope.accountId}
          and uo.organization_id = any(${ids(scope.organizationIds)}))`;
  }
}

export async function listOutbox(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined; status?: string | undefined },
): Promise<PageResult<OutboxRow>> {
  const where = and(
    outboxInScope(scope),
    f.status ? eq(emailOutbox.status, f.status) : undefined,
    f.search
      ? or(ilike(emailOutbox.to, likePattern(f.search)), ilike(emailOutbox.subject, likePattern(f.search)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(f.per_page).offset(offsetOf(f)),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOutboxInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), outboxInScope(scope)))
    .limit(1);
  return row;
}
