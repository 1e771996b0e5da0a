import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../lib/auth-context';
import { visibleClassIds, type ClassReach } from '../classes/class-scope.repo';

// The one translation of a caller into WHERE clauses for PAS plans (alias p) and the classes a plan reaches (alias
// c). A plan belongs to one account (the account of its academic session):
// - reading: provider staff see every plan, a domain admin the plans of the domain's accounts, everyone else the
//   plans of their own account (a district shares its plans with its schools and teachers);
// - changing a plan (details, schedule, publishing, deleting): the same for provider, domain and district callers;
//   a school admin or a teacher changes only the plans they made (they copy a district plan to make it theirs);
// - classes: the classes module's one rule (classes/class-scope.repo.ts classVisible): provider staff all, a domain
//   admin the domain's, a district admin the account's, a school admin the schools' classes, a teacher the classes
//   they teach. Assigning a plan to a class, opting it out and back in and
//   per-student settings need the class (or the student's class) in this slice.
// A row outside these clauses does not exist for the caller (404).

export interface PlanCaller {
  scope: TenantScope;
  userId: number;
  isTeacher: boolean;
}

/** Accounts of the caller's slice (null: every account). */
function accountClause(scope: TenantScope, column: SQL): SQL {
  switch (scope.kind) {
    case 'global':
      return sql`true`;
    case 'domain':
      return sql`${column} in (select a.id from accounts a where a.domain_id = ${scope.domainId} and a.deleted_at is null)`;
    default:
      return sql`${column} = ${scope.accountId}`;
  }
}

/** Live plans the caller may read (alias p). */
export function planReadable(c: PlanCaller): SQL {
  return sql`(p.deleted_at is null and ${accountClause(c.scope, sql`p.account_id`)})`;
}

/** Live plans the caller may change (alias p). */
export function planWritable(c: PlanCaller): SQL {
  if (c.scope.kind === 'organization') return sql`(${planReadable(c)} and p.created_by = ${c.userId})`;
  return planReadable(c);
}

/** The caller as the classes module's one class rule sees them. */
function classScopeOfCaller(c: PlanCaller): ClassReach {
  return { tenant: c.scope, teacherId: c.isTeacher ? c.userId : null };
}

/** Live classes the caller reaches (alias c): the classes module's rule (class-scope.repo.ts), nothing of its own. */
export function classReachable(c: PlanCaller): SQL {
  return sql`(c.id in ${visibleClassIds(classScopeOfCaller(c))})`;
}

/** Academic sessions (alias s) of the caller's accounts that a plan may use: the accounts' own, not templates. */
export function sessionReadable(c: PlanCaller): SQL {
  return sql`(s.deleted_at is null and s.account_id is not null and s.is_template = false and ${accountClause(c.scope, sql`s.account_id`)})`;
}
