import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: DbOrTx, v: typeof notifications.$inferInsert): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(v).returning();
  return row!;
}

export async function listNotificationsOfUser(
  db: DbOrTx,
  userId: number,
  opts: { status?: string | undefined; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const where = and(eq(notifications.userId, userId), opts.status ? eq(notifications.status, opts.status) : undefined);
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.status, 'unread'))),
  ]);
  return { rows, total: totals?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks one of the user's notifications read (idempotent); undefined when the user has no such notification. */
export async function markNotificationRead(
  db: DbOrTx,
  userId: number,
  id: string,
): Promise<NotificationRow | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ status: 'read', readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.status, 'unread')))
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return existing;
}

export async function markAllNotificationsRead(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ status: 'read', readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.status, 'unread')))
    .returning({ id: notifications.id });
  return rows.length;
}
