import type { NotificationRow } from './notifications.repo';

export function presentNotification(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    event: row.event,
    hash: row.hash,
    connection: row.connection,
    message: row.message as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}
export type NotificationDto = ReturnType<typeof presentNotification>;
