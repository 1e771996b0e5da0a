import type { AssignmentSetCreateInput, AssignmentSetListFilter } from '@aula/domain/assignments';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findAccountInScope } from '../accounts/accounts.repo';
import { insertAuditEntry } from '../audit/audit.repo';
import * as repo from './assignment-sets.repo';
import { listAssignments, reachOf } from './assignments.service';

/** The set and the assignments in it that the caller reaches (all of them, by start date). */
export async function getAssignmentSet(deps: Deps, auth: AuthContext, id: number) {
  const set = await repo.findAssignmentSet(deps.db, reachOf(auth), id);
  if (!set) throw new NotFoundError();
  const assignments = await listAssignments(deps, auth, {
    page: 1,
    per_page: 300,
    assignment_set_id: id,
    sort: 'start_at',
  });
  return { set, assignments: assignments.rows };
}

/**
 * A set lives in one district: the caller's own, or for provider and domain staff the one they name (required, and
 * in their slice).
 */
export async function createAssignmentSet(deps: Deps, auth: AuthContext, input: AssignmentSetCreateInput, ip: string) {
  const scope = tenantScopeOf(auth);
  let accountId: number;
  if (scope.kind === 'account' || scope.kind === 'organization') {
    if (input.account_id !== undefined && input.account_id !== scope.accountId) throw new NotFoundError();
    accountId = scope.accountId;
  } else {
    if (input.account_id === undefined) throw ValidationError.field('account_id', 'validation.select');
    const account = await findAccountInScope(deps.db, scope, input.account_id);
    if (!account) throw new NotFoundError();
    accountId = account.id;
  }
  const id = await deps.db.transaction(async (tx) => {
    const setId = await repo.insertAssignmentSet(tx, { accountId, name: input.name, createdBy: auth.user.id });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId,
      action: 'assignment-set.created',
      entityType: 'assignment-set',
      entityId: setId,
      ip,
      details: { name: input.name },
    });
    return setId;
  });
  const set = await repo.findAssignmentSet(deps.db, reachOf(auth), id);
  return set!;
}

export async function listAssignmentSets(deps: Deps, auth: AuthContext, f: AssignmentSetListFilter) {
  return repo.listAssignmentSets(deps.db, reachOf(auth), f);
}
