import {
  ROSTER_STUCK_MINUTES,
  rosterStatusAfter,
  type RosterEntityType,
  type RosterStatusAction,
} from '@aula/domain/roster-queue';
import { emptyRosterSnapshot, type RosterQueueStatus } from '@aula/domain/rostering';
import path from 'node:path';
import { tenantScopeOf, type AuthContext } from '../../../lib/auth-context';
import type { Deps } from '../../../lib/deps';
import { ConflictError, NotFoundError } from '../../../lib/errors';
import type { PageRequest } from '../../accounts/listing';
import { resolveAccount } from '../../accounts/placement';
import * as repo from './queue.repo';
import { listEnrollmentReview } from './roster-enrollment-review.repo';
import { publishQueueChange, sendApply, sendStage } from './queue-status';
import { createQueueItem } from './queue-stage';

// The queue calls (002 section 7, Rostering). The guard has checked one-roster view (reads) or update (changes);
// here every item is looked up in the caller's slice, so another district's item is a 404.

export async function getItem(deps: Deps, auth: AuthContext, id: number): Promise<repo.RosterQueueRow> {
  const row = await repo.findQueueItemInScope(deps.db, tenantScopeOf(auth), id);
  if (!row) throw new NotFoundError();
  return row;
}

/** The account a call is about: the caller's own, or scope.account_id for provider and domain staff. */
export async function accountFor(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  return resolveAccount(deps.db, tenantScopeOf(auth), accountId);
}

export async function queueStatus(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const account = await accountFor(deps, auth, accountId);
  return (await repo.latestQueueItem(deps.db, account.id)) ?? null;
}

/** History: every item in the caller's slice (common, for provider and domain staff) or one account's. */
export async function history(
  deps: Deps,
  auth: AuthContext,
  f: PageRequest & { accountId?: number | undefined; status?: string | undefined },
) {
  const scope = tenantScopeOf(auth);
  const accountId =
    f.accountId !== undefined || (scope.kind !== 'global' && scope.kind !== 'domain')
      ? (await accountFor(deps, auth, f.accountId)).id
      : undefined;
  return repo.listQueueItems(deps.db, scope, { ...f, accountId });
}

export async function failedImports(deps: Deps, auth: AuthContext, accountId: number | undefined, limit: number) {
  const scope = tenantScopeOf(auth);
  const id =
    accountId !== undefined || (scope.kind !== 'global' && scope.kind !== 'domain')
      ? (await accountFor(deps, auth, accountId)).id
      : undefined;
  return repo.latestFailedItems(deps.db, scope, id, limit);
}

/**
 * PUT queue item status: approve, confirm, reject or restart (rosterStatusAfter); anything else in the item's
 * status is a 409. The change is made under a row lock, then published, then the job it starts is sent.
 */
export async function changeStatus(
  deps: Deps,
  auth: AuthContext | null,
  id: number,
  action: RosterStatusAction,
  opts: { stuckMinutes?: number } = {},
): Promise<repo.RosterQueueRow> {
  if (auth) await getItem(deps, auth, id);
  const minutes = opts.stuckMinutes ?? ROSTER_STUCK_MINUTES;
  const row = await deps.db.transaction(async (tx) => {
    const item = await repo.lockQueueItem(tx, id);
    if (!item) throw new NotFoundError();
    const stuck = Date.now() - item.statusChangedAt.getTime() > minutes * 60_000;
    const next = rosterStatusAfter(action, {
      status: item.status as RosterQueueStatus,
      approved: item.approvedAt !== null,
      stuck,
    });
    if (!next)
      throw new ConflictError({ key: 'rosterQueue.errors.illegalTransition', params: { status: item.status } });
    const approval =
      action === 'approve' || action === 'confirm' ? { approvedAt: new Date(), approvedBy: auth?.user.id ?? null } : {};
    return repo.updateQueueItem(tx, id, {
      status: next,
      ...approval,
      ...(action === 'restart' ? { error: null } : {}),
    });
  });
  publishQueueChange(deps, row);
  if (row.status === 'preprocessing') await sendApply(deps, id);
  if (row.status === 'created') await sendStage(deps, id);
  return row;
}

/** A source import waiting for a person, or ended empty: it may read its source again. */
const REFRESHABLE: readonly string[] = ['staged', 'prepared', 'actionRequired', 'empty'];

/**
 * POST refresh staged data (002 section 7): a roster source's import that waits for review reads its source again
 * and is staged anew, its review and log replaced (the district fixed something at the source since). Only a source
 * import can (an uploaded archive is what it is), and only before it is applied: else a 409.
 */
export async function refreshStaged(deps: Deps, auth: AuthContext, id: number): Promise<repo.RosterQueueRow> {
  await getItem(deps, auth, id);
  const row = await deps.db.transaction(async (tx) => {
    const item = await repo.lockQueueItem(tx, id);
    if (!item) throw new NotFoundError();
    if (item.dataType !== 'rest' || item.sourceId === null || !REFRESHABLE.includes(item.status))
      throw new ConflictError({ key: 'rosterQueue.errors.notRefreshable', params: { status: item.status } });
    await repo.clearStaging(tx, id);
    return repo.updateQueueItem(tx, id, {
      status: 'created',
      snapshot: null,
      diffSummary: null,
      sanity: null,
      error: null,
      approvedAt: null,
      approvedBy: null,
    });
  });
  publishQueueChange(deps, row);
  await sendStage(deps, id);
  return row;
}

export async function logs(
  deps: Deps,
  auth: AuthContext,
  id: number,
  f: PageRequest & { level?: string | undefined; file?: string | undefined },
) {
  await getItem(deps, auth, id);
  return repo.listLogs(deps.db, id, f);
}

export async function logSummary(deps: Deps, auth: AuthContext, id: number) {
  const item = await getItem(deps, auth, id);
  return { item, rows: await repo.summariseLogs(deps.db, id) };
}

export async function logMessages(deps: Deps, auth: AuthContext, id: number, f: PageRequest) {
  await getItem(deps, auth, id);
  return repo.listLogMessages(deps.db, id, f);
}

export async function zipFile(deps: Deps, auth: AuthContext, id: number) {
  const item = await getItem(deps, auth, id);
  if (!item.filePath) throw new NotFoundError({ key: 'rosterQueue.errors.noFile' });
  return { absolute: path.resolve(deps.config.DATA_DIR, item.filePath), name: item.fileName ?? `roster-${id}.zip` };
}

export async function reviewData(
  deps: Deps,
  auth: AuthContext,
  id: number,
  f: PageRequest & { entity: RosterEntityType; action?: string | undefined; search?: string | undefined },
) {
  await getItem(deps, auth, id);
  // created enrollments are read from the staged chunks (roster-enrollment-review.repo.ts)
  if (f.entity === 'enrollments') return listEnrollmentReview(deps.db, id, f);
  return repo.listChanges(deps.db, id, {
    ...f,
    entities: [f.entity],
    actions: f.action ? [f.action] : undefined,
  });
}

export async function possibleEntities(
  deps: Deps,
  auth: AuthContext,
  id: number,
  f: PageRequest & { search?: string | undefined },
) {
  await getItem(deps, auth, id);
  return repo.listChanges(deps.db, id, { ...f, entities: ['users'], actions: ['possible_match'] });
}

/** POST run import: a zip already saved under DATA_DIR becomes a csv queue item, staged by the job. */
export async function runImport(
  deps: Deps,
  auth: AuthContext,
  accountId: number | undefined,
  file: { relativePath: string; name: string },
) {
  const account = await accountFor(deps, auth, accountId);
  return createQueueItem(deps, {
    accountId: account.id,
    dataType: 'csv',
    createdBy: auth.user.id,
    filePath: file.relativePath,
    fileName: file.name,
  });
}

export interface CustomUserInput {
  sourced_id: string;
  first_name: string;
  last_name: string;
  email?: string | undefined;
  username?: string | undefined;
  role: 'teacher' | 'student' | 'administrator';
  org_sourced_ids: string[];
}

/**
 * POST direct custom users create: the users become a delta snapshot, queued as data type custom and applied
 * without review (the caller chose each one), through the same identity rules as any import.
 */
export async function createCustomUsers(deps: Deps, auth: AuthContext, accountId: number, users: CustomUserInput[]) {
  const account = await accountFor(deps, auth, accountId);
  const snapshot = emptyRosterSnapshot('1.1', 'delta');
  snapshot.users = users.map((u) => ({
    sourcedId: u.sourced_id,
    status: 'active',
    dateLastModified: null,
    enabledUser: true,
    orgSourcedIds: u.org_sourced_ids,
    role: u.role,
    username: u.username ?? u.email ?? '',
    givenName: u.first_name,
    familyName: u.last_name,
    middleName: null,
    identifier: null,
    email: u.email ?? null,
    grades: [],
    password: null,
    agentSourcedIds: [],
  }));
  return createQueueItem(deps, {
    accountId: account.id,
    dataType: 'custom',
    createdBy: auth.user.id,
    snapshot,
    autoApprove: true,
  });
}
