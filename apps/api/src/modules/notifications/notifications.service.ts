import { randomBytes } from 'node:crypto';
import { channels, NOTIFICATION_EVENTS, REALTIME_EVENTS, type NotificationType } from '@aula/domain/realtime';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';
import { afterCommit } from '../realtime/after-commit';
import { presentNotification, type NotificationDto } from './notifications.present';
import * as repo from './notifications.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores a notification for a user (unread, connection 'messages', the event its type announces, a random hash the
 * client uses to toast it once) and pushes it on the user's channel after `tx` commits. `tx` is a transaction opened
 * with transactionWithEvents, or deps.db to store and push at once.
 */
export async function notifyUser(
  deps: Deps,
  tx: DbOrTx,
  input: { userId: number; type: NotificationType; message: Record<string, unknown> },
): Promise<NotificationDto> {
  const row = await repo.insertNotification(tx, {
    userId: input.userId,
    type: input.type,
    status: 'unread',
    event: NOTIFICATION_EVENTS[input.type],
    hash: randomBytes(16).toString('hex'),
    connection: 'messages',
    message: input.message,
  });
  const dto = presentNotification(row);
  afterCommit(deps, tx, () =>
    deps.events.publish(channels.user(input.userId), REALTIME_EVENTS.notificationCreated, dto),
  );
  return dto;
}

export async function listMyNotifications(
  deps: Deps,
  auth: AuthContext,
  q: { page: number; per_page: number; status?: 'unread' | 'read' | undefined },
) {
  const { rows, total, unread } = await repo.listNotificationsOfUser(deps.db, auth.user.id, {
    status: q.status,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { rows, total, unread };
}

/** Another user's notification, or a made-up id, is a 404: its existence is not revealed. */
export async function readMyNotification(deps: Deps, auth: AuthContext, id: string) {
  if (!UUID.test(id)) throw new NotFoundError();
  const row = await repo.markNotificationRead(deps.db, auth.user.id, id);
  if (!row) throw new NotFoundError();
  return row;
}

export async function readAllMyNotifications(deps: Deps, auth: AuthContext): Promise<number> {
  return repo.markAllNotificationsRead(deps.db, auth.user.id);
}
