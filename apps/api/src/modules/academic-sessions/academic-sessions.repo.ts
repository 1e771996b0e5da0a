import { and, asc, count, desc, eq, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { academicSessions, classes, pasPlans } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type AcademicSessionRow = typeof academicSessions.$inferSelect;

const liveAccountIds = (domainId?: number) =>
  domainId === undefined
    ? sql`(select a.id from accounts a where a.deleted_at is null)`
    : sql`(select a.id from accounts a where a.deleted_at is null and a.domain_id = ${domainId})`;

const isTemplate = and(eq(academicSessions.isTemplate, true), isNull(academicSessions.accountId));

/**
 * The one tenant rule for academic sessions. Account sessions are their account's (a domain sees its accounts');
 * templates are their domain's: everyone in the domain reads them, only domain and provider staff change them.
 */
export function sessionInScope(scope: TenantScope, opts: { write?: boolean } = {}): SQL {
  const live = isNull(academicSessions.deletedAt);
  const ofLiveAccount = sql`${academicSessions.accountId} in ${liveAccountIds()}`;
  switch (scope.kind) {
    case 'global':
      return and(live, sql`(${academicSessions.accountId} is null or ${ofLiveAccount})`)!;
    case 'domain':
      return and(
        live,
        sql`(${academicSessions.accountId} in ${liveAccountIds(scope.domainId)} or (${isTemplate} and ${academicSessions.domainId} = ${scope.domainId}))`,
      )!;
    default: {
      const own = and(eq(academicSessions.accountId, scope.accountId), ofLiveAccount)!;
      if (opts.write) return and(live, own)!;
      return and(live, sql`(${own} or (${isTemplate} and ${academicSessions.domainId} = ${scope.domainId}))`)!;
    }
  }
}

export async function findSession(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  opts: { write?: boolean } = {},
): Promise<AcademicSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(academicSessions)
    .where(and(eq(academicSessions.id, id), sessionInScope(scope, opts)))
    .limit(1);
  return row;
}

export interface SessionFilters extends PageRequest {
  search?: string | undefined;
  school_year?: number | undefined;
  type?: string | undefined;
  end_date?: string | undefined;
}

const ordered = [desc(academicSessions.schoolYear), asc(academicSessions.startDate), asc(academicSessions.id)];

/** Account sessions (never templates) in scope, of one account when given. */
export async function listSessions(
  db: DbOrTx,
  scope: TenantScope,
  accountId: number | null,
  f: SessionFilters,
): Promise<PageResult<AcademicSessionRow>> {
  const where = and(
    sessionInScope(scope),
    eq(academicSessions.isTemplate, false),
    accountId !== null ? eq(academicSessions.accountId, accountId) : undefined,
    f.search ? ilike(academicSessions.title, likePattern(f.search)) : undefined,
    f.school_year !== undefined ? eq(academicSessions.schoolYear, f.school_year) : undefined,
    f.type !== undefined ? eq(academicSessions.type, f.type) : undefined,
    f.end_date !== undefined ? lte(academicSessions.endDate, f.end_date) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(academicSessions)
      .where(where)
      .orderBy(...ordered)
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(academicSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every live session of one account (the current-session rule and the school years read them all). */
export async function allSessionsOfAccount(db: DbOrTx, accountId: number): Promise<AcademicSessionRow[]> {
  return db
    .select()
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.accountId, accountId),
        eq(academicSessions.isTemplate, false),
        isNull(academicSessions.deletedAt),
      ),
    )
    .orderBy(...ordered);
}

export async function listTemplates(
  db: DbOrTx,
  scope: TenantScope,
  domainId: number | null,
  f: PageRequest & { search?: string | undefined },
): Promise<PageResult<AcademicSessionRow>> {
  const where = and(
    sessionInScope(scope),
    isTemplate,
    domainId !== null ? eq(academicSessions.domainId, domainId) : undefined,
    f.search ? ilike(academicSessions.title, likePattern(f.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(academicSessions)
      .where(where)
      .orderBy(...ordered)
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(academicSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertSession(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId: number | null;
    title: string;
    type: string;
    schoolYear: number;
    startDate: string;
    endDate: string;
    isTemplate: boolean;
  },
): Promise<AcademicSessionRow> {
  const [row] = await db.insert(academicSessions).values(v).returning();
  return row!;
}

export async function updateSession(
  db: DbOrTx,
  id: number,
  v: Partial<Pick<AcademicSessionRow, 'title' | 'type' | 'schoolYear' | 'startDate' | 'endDate'>>,
): Promise<AcademicSessionRow> {
  const [row] = await db
    .update(academicSessions)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(academicSessions.id, id))
    .returning();
  return row!;
}

export async function softDeleteSession(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(academicSessions)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(academicSessions.id, id));
}

/** Live classes and PAS plans that name this session. */
export async function sessionUsage(db: DbOrTx, id: number): Promise<{ classes: number; plans: number }> {
  const [[c], [p]] = await Promise.all([
    db
      .select({ n: count() })
      .from(classes)
      .where(and(eq(classes.academicSessionId, id), isNull(classes.deletedAt))),
    db
      .select({ n: count() })
      .from(pasPlans)
      .where(and(eq(pasPlans.academicSessionId, id), isNull(pasPlans.deletedAt))),
  ]);
  return { classes: c?.n ?? 0, plans: p?.n ?? 0 };
}
