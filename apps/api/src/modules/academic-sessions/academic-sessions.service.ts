import {
  academicSessionDateProblem,
  ACADEMIC_SESSION_TYPES,
  DEFAULT_ACADEMIC_YEAR,
  pickCurrentSession,
  schoolYearOf,
  type AcademicSessionCreateInput,
  type AcademicSessionListFilter,
  type AcademicSessionUpdateInput,
} from '@aula/domain/academic-sessions';
import { tenantScopeOf, type AuthContext, type TenantScope } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { DbOrTx } from '../../db/client';
import { resolveAccount, resolveDomainId } from '../accounts/placement';
import { insertAuditEntry } from '../audit/audit.repo';
import * as repo from './academic-sessions.repo';

// Academic sessions of an account, and the domain's templates (docs/academic-sessions.md).

export type AcademicSessionRow = repo.AcademicSessionRow;

/** Whose sessions: account and school callers always their own account; domain and provider staff the one named. */
async function accountOf(db: DbOrTx, scope: TenantScope, accountId: number | undefined) {
  return resolveAccount(db, scope, accountId);
}

/** Today's date in UTC, as the sessions' dates are written (YYYY-MM-DD). */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export async function listSessions(deps: Deps, auth: AuthContext, f: AcademicSessionListFilter) {
  const scope = tenantScopeOf(auth);
  const named = f.scope.account_id;
  // domain and provider staff without an account see every account's sessions in their slice
  const accountId =
    named === undefined && (scope.kind === 'global' || scope.kind === 'domain')
      ? null
      : (await accountOf(deps.db, scope, named)).id;
  return repo.listSessions(deps.db, scope, accountId, f);
}

export async function getSession(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findSession(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

/** The account's current session (the rule is @aula/domain's pickCurrentSession); null when it has none. */
export async function currentSession(deps: Deps, auth: AuthContext, accountId: number | undefined, now = new Date()) {
  const account = await accountOf(deps.db, tenantScopeOf(auth), accountId);
  const sessions = await repo.allSessionsOfAccount(deps.db, account.id);
  return pickCurrentSession(sessions, todayIso(now));
}

export async function listTemplates(
  deps: Deps,
  auth: AuthContext,
  f: { page: number; per_page: number; search?: string | undefined; domain_id?: number | undefined },
) {
  const scope = tenantScopeOf(auth);
  let domainId: number | null;
  if (scope.kind === 'global') domainId = f.domain_id ?? null;
  else if (f.domain_id !== undefined && f.domain_id !== scope.domainId) throw new NotFoundError();
  else domainId = scope.domainId;
  return repo.listTemplates(deps.db, scope, domainId, f);
}

export interface SchoolYear {
  schoolYear: number;
  startDate: string;
  endDate: string;
  sessionsCount: number;
}

/**
 * The school years of an account: one per school year its sessions fall in, from the earliest start to the latest
 * end of its sessions, newest first. The default academic year (2025-2026) is always offered.
 */
export async function schoolYears(deps: Deps, auth: AuthContext, accountId: number | undefined): Promise<SchoolYear[]> {
  const account = await accountOf(deps.db, tenantScopeOf(auth), accountId);
  const sessions = await repo.allSessionsOfAccount(deps.db, account.id);
  const years = new Map<number, SchoolYear>();
  for (const s of sessions) {
    const y = years.get(s.schoolYear);
    if (!y) {
      years.set(s.schoolYear, {
        schoolYear: s.schoolYear,
        startDate: s.startDate,
        endDate: s.endDate,
        sessionsCount: 1,
      });
      continue;
    }
    if (s.startDate < y.startDate) y.startDate = s.startDate;
    if (s.endDate > y.endDate) y.endDate = s.endDate;
    y.sessionsCount += 1;
  }
  if (!years.has(DEFAULT_ACADEMIC_YEAR.schoolYear))
    years.set(DEFAULT_ACADEMIC_YEAR.schoolYear, {
      schoolYear: DEFAULT_ACADEMIC_YEAR.schoolYear,
      startDate: DEFAULT_ACADEMIC_YEAR.startDate,
      endDate: DEFAULT_ACADEMIC_YEAR.endDate,
      sessionsCount: 0,
    });
  return [...years.values()].sort((a, b) => b.schoolYear - a.schoolYear);
}

export function sessionTypes() {
  return ACADEMIC_SESSION_TYPES;
}

export async function createSession(deps: Deps, auth: AuthContext, input: AcademicSessionCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  let placement: { domainId: number; accountId: number | null };
  if (input.is_template) {
    // templates are the domain's: account and school staff cannot write them
    if (scope.kind !== 'global' && scope.kind !== 'domain') throw new ForbiddenError();
    if (input.account_id !== undefined)
      throw ValidationError.field('account_id', 'errors.academicSessionTemplateAccount');
    placement = { domainId: await resolveDomainId(deps.db, scope, input.domain_id), accountId: null };
  } else {
    if (input.domain_id !== undefined && scope.kind !== 'global' && input.domain_id !== scope.domainId)
      throw new NotFoundError();
    const account = await accountOf(deps.db, scope, input.account_id);
    if (input.domain_id !== undefined && input.domain_id !== account.domainId) throw new NotFoundError();
    placement = { domainId: account.domainId, accountId: account.id };
  }
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertSession(tx, {
      ...placement,
      title: input.title,
      type: input.type,
      schoolYear: input.school_year ?? schoolYearOf(input.start_date),
      startDate: input.start_date,
      endDate: input.end_date,
      isTemplate: !!input.is_template,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: placement.accountId,
      action: 'academic-session.created',
      entityType: 'academic_session',
      entityId: row.id,
      ip,
      details: { title: row.title, type: row.type, is_template: row.isTemplate },
    });
    return row;
  });
}

export async function updateSession(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: AcademicSessionUpdateInput,
  ip: string,
) {
  const row = await repo.findSession(deps.db, tenantScopeOf(auth), id, { write: true });
  if (!row) throw new NotFoundError();
  const startDate = input.start_date ?? row.startDate;
  const endDate = input.end_date ?? row.endDate;
  // a moved start date moves the school year with it unless the body names one
  const schoolYear = input.school_year ?? (input.start_date !== undefined ? schoolYearOf(startDate) : row.schoolYear);
  const problem = academicSessionDateProblem({ startDate, endDate, schoolYear });
  if (problem === 'end_date') throw ValidationError.field('end_date', 'errors.academicSessionEndBeforeStart');
  if (problem === 'school_year') throw ValidationError.field('school_year', 'errors.academicSessionSchoolYear');
  return deps.db.transaction(async (tx) => {
    const updated = await repo.updateSession(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      startDate,
      endDate,
      schoolYear,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: row.accountId,
      action: 'academic-session.updated',
      entityType: 'academic_session',
      entityId: id,
      ip,
      details: { fields: Object.keys(input) },
    });
    return updated;
  });
}

/** Soft delete. A session that live classes or PAS plans still use stays (409), so nothing loses its dates. */
export async function deleteSession(deps: Deps, auth: AuthContext, id: number, ip: string) {
  const row = await repo.findSession(deps.db, tenantScopeOf(auth), id, { write: true });
  if (!row) throw new NotFoundError();
  const usage = await repo.sessionUsage(deps.db, id);
  if (usage.classes > 0 || usage.plans > 0)
    throw new ConflictError({ key: 'errors.academicSessionInUse', params: usage });
  await deps.db.transaction(async (tx) => {
    await repo.softDeleteSession(tx, id);
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: row.accountId,
      action: 'academic-session.deleted',
      entityType: 'academic_session',
      entityId: id,
      ip,
    });
  });
}
