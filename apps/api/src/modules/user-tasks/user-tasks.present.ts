import type { UserTaskRow } from './user-tasks.repo';

export function presentUserTask(row: UserTaskRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    user_id: row.userId,
    account_id: row.accountId,
    payload: row.payload as Record<string, unknown>,
    error: row.error,
    attempts: row.attempts,
    file_name: row.status === 'completed' ? row.resultName : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt ? row.startedAt.toISOString() : null,
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
export type UserTaskDto = ReturnType<typeof presentUserTask>;
