import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { can } from '@aula/domain/permissions';
import { channels, isNotificationType, REALTIME_EVENTS } from '@aula/domain/realtime';
import type { UserTaskStatus, UserTaskType } from '@aula/domain/tenancy';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { notifyUser } from '../notifications/notifications.service';
import { afterCommit, transactionWithEvents } from '../realtime/after-commit';
import { buildUserActivityReport, type TaskResult } from './user-activity-report';
import { presentUserTask } from './user-tasks.present';
import * as repo from './user-tasks.repo';

export const RUN_USER_TASK_JOB = 'user-tasks.run';
/** Attempts after the first, whether the attempt threw or its worker died (the job expired). */
export const USER_TASK_RETRY_LIMIT = 2;

type TaskWorker = (deps: Deps, task: repo.UserTaskRow) => Promise<TaskResult>;

/**
 * The task types this build can run. The others of USER_TASK_TYPES (progress report, account merge, delete data)
 * arrive with their own issues; until then creating one is refused with a clear 422 rather than left pending.
 */
const WORKERS: Partial<Record<UserTaskType, TaskWorker>> = {
  'create-user-activity-report': buildUserActivityReport,
};

export function isTaskTypeAvailable(type: UserTaskType): boolean {
  return type in WORKERS;
}

/** A failure that retrying cannot fix (the task's account is gone, ...): the task ends in error at once. */
export class TaskFailure extends Error {}

function resultsDir(deps: Deps): string {
  return path.resolve(deps.config.DATA_DIR, 'task-results');
}

function publishTaskChanged(deps: Deps, row: repo.UserTaskRow) {
  deps.events.publish(channels.user(row.userId), REALTIME_EVENTS.userTaskChanged, presentUserTask(row));
}

/**
 * Which account a user activity report covers, from the caller's tenant scope: provider staff and domain admins
 * name an account in their reach; account admins get their own; school admins get their own account limited to
 * their organizations. Accounts outside the caller's reach are "not found".
 */
async function resolveReportScope(
  deps: Deps,
  auth: AuthContext,
  accountId: number | undefined,
): Promise<{ account_id: number; organization_ids?: number[] }> {
  if (!can(auth.policy, 'user', 'view')) throw new ForbiddenError();
  const scope = tenantScopeOf(auth);
  if (scope.kind === 'global' || scope.kind === 'domain') {
    if (accountId === undefined) throw ValidationError.field('account_id', 'validation.select');
    const account = await repo.findLiveAccount(deps.db, accountId);
    if (!account || (scope.kind === 'domain' && account.domainId !== scope.domainId)) throw new NotFoundError();
    return { account_id: account.id };
  }
  if (accountId !== undefined && accountId !== scope.accountId) throw new NotFoundError();
  if (scope.kind === 'account') return { account_id: scope.accountId };
  return { account_id: scope.accountId, organization_ids: [...scope.organizationIds].sort((a, b) => a - b) };
}

/** Records the task as pending for its owner and account, then queues the job that runs it. */
export async function createUserTask(
  deps: Deps,
  auth: AuthContext,
  input: { type: UserTaskType; payload: { account_id?: number | undefined } },
  ip: string,
): Promise<repo.UserTaskRow> {
  if (!isTaskTypeAvailable(input.type)) throw ValidationError.field('type', 'errors.taskNotAvailable', {}, true);
  const payload = await resolveReportScope(deps, auth, input.payload.account_id);
  const task = await transactionWithEvents(deps, async (tx) => {
    const row = await repo.insertUserTask(tx, {
      userId: auth.user.id,
      accountId: payload.account_id,
      type: input.type,
      payload,
    });
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId: payload.account_id,
      action: 'user-task.created',
      entityType: 'user_task',
      entityId: row.id,
      details: { type: input.type, payload },
      ip,
    });
    afterCommit(deps, tx, () => publishTaskChanged(deps, row));
    return row;
  });
  // after the commit: pg-boss uses its own connection, and the worker must find the row
  try {
    await deps.jobs.send(RUN_USER_TASK_JOB, { task_id: task.id }, { singletonKey: `user-task-${task.id}` });
  } catch (err) {
    const failed = await repo.markUserTaskFailed(deps.db, task.id, 'The task could not be queued.');
    if (failed) publishTaskChanged(deps, failed);
    throw err;
  }
  return task;
}

export async function listMyUserTasks(
  deps: Deps,
  auth: AuthContext,
  q: { page: number; per_page: number; status?: UserTaskStatus | undefined; type?: UserTaskType | undefined },
) {
  return repo.listUserTasksOfUser(deps.db, auth.user.id, {
    statuses: q.status ? [q.status] : undefined,
    type: q.type,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
}

/** Pending and processing tasks of the caller (the spec's "active" call); a user has few at a time. */
export async function listMyActiveUserTasks(deps: Deps, auth: AuthContext) {
  const { rows } = await repo.listUserTasksOfUser(deps.db, auth.user.id, {
    statuses: ['pending', 'processing'],
    limit: 100,
    offset: 0,
  });
  return rows;
}

export async function getMyUserTask(deps: Deps, auth: AuthContext, id: number) {
  const row = await repo.findUserTaskOfUser(deps.db, id, auth.user.id);
  if (!row) throw new NotFoundError();
  return row;
}

/** The result file of a completed task of the caller: 404 for another user's task, 409 while it has no file. */
export async function openUserTaskDownload(
  deps: Deps,
  auth: AuthContext,
  id: number,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const row = await getMyUserTask(deps, auth, id);
  if (row.status !== 'completed' || !row.resultFile) throw new ConflictError({ key: 'errors.taskNotReady' });
  // result_file is a bare name we generated; basename() keeps a tampered row from reading outside the directory
  const file = path.join(resultsDir(deps), path.basename(row.resultFile));
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new NotFoundError();
  return {
    stream: createReadStream(file),
    fileName: row.resultName ?? path.basename(file),
    contentType: row.resultType ?? 'application/octet-stream',
    size: info.size,
  };
}

async function writeResult(deps: Deps, task: repo.UserTaskRow, result: TaskResult): Promise<string> {
  const dir = resultsDir(deps);
  await mkdir(dir, { recursive: true });
  const ext = path.extname(result.fileName) || '.bin';
  const name = `${task.id}-${randomBytes(8).toString('hex')}${ext}`;
  // write then rename, so a crash never leaves a half file behind a completed task
  await writeFile(path.join(dir, `${name}.part`), result.body);
  await rename(path.join(dir, `${name}.part`), path.join(dir, name));
  return name;
}

async function finish(
  deps: Deps,
  task: repo.UserTaskRow,
  outcome: { result: TaskResult; file: string } | { error: string },
) {
  await transactionWithEvents(deps, async (tx) => {
    const row =
      'file' in outcome
        ? await repo.markUserTaskCompleted(tx, task.id, {
            file: outcome.file,
            name: outcome.result.fileName,
            type: outcome.result.contentType,
          })
        : await repo.markUserTaskFailed(tx, task.id, outcome.error);
    if (!row) return;
    afterCommit(deps, tx, () => publishTaskChanged(deps, row));
    if (isNotificationType(row.type)) {
      await notifyUser(deps, tx, {
        userId: row.userId,
        type: row.type,
        message: {
          user_task_id: row.id,
          task_type: row.type,
          status: row.status,
          account_id: row.accountId,
          file_name: row.status === 'completed' ? row.resultName : null,
          error: row.error,
        },
      });
    }
  });
}

/**
 * The job: claim the task (processing, attempt counted), do the work, store the file, complete it and tell the
 * owner (user-task changed on their channel, plus a stored notification). A thrown error is retried by pg-boss
 * until the last attempt, which ends the task in error; so does a TaskFailure at once. A worker that dies mid-way
 * leaves the job active until it expires, then pg-boss retries it and the next attempt claims the task again.
 */
export async function runUserTask(
  deps: Deps,
  taskId: number,
  meta: { retryCount: number },
  hooks: { afterClaim?: (task: repo.UserTaskRow) => Promise<void> } = {},
): Promise<void> {
  const task = await repo.markUserTaskProcessing(deps.db, taskId);
  if (!task) return;
  publishTaskChanged(deps, task);
  await hooks.afterClaim?.(task);
  const worker = WORKERS[task.type as UserTaskType];
  try {
    if (!worker) throw new TaskFailure(`Task type ${task.type} is not available.`);
    const result = await worker(deps, task);
    const file = await writeResult(deps, task, result);
    await finish(deps, task, { result, file });
  } catch (err) {
    const last = err instanceof TaskFailure || meta.retryCount >= USER_TASK_RETRY_LIMIT;
    deps.log.error({ err, taskId, attempt: task.attempts, last }, 'user task failed');
    if (!last) throw err;
    await finish(deps, task, {
      error: err instanceof TaskFailure ? err.message : 'The task failed. Please try again.',
    });
  }
}
