// Wire shape of a stored notification (001 section 3; POST /dashboard/notifications/list).
export interface AppNotification {
  id: string;
  type: string;
  /** 'unread' or 'read' */
  status: string;
  event: string;
  hash: string;
  connection: string;
  message: Record<string, unknown>;
  created_at: string;
  read_at: string | null;
}

export interface NotificationList {
  data: AppNotification[];
  meta: { page: number; per_page: number; total: number; unread: number };
}
