import { can, type Permission, type Policy } from './permissions.ts';
import type { Role } from './roles.ts';

// Real-time event names of 002 section 7, written once for the API and both apps.
export const REALTIME_EVENTS = {
  productStatusChanged: 'product.status-changed',
  userTaskChanged: 'user-task.changed',
  activityScreenLinked: 'activity.screen-linked',
  activityScreenUpdated: 'activity.screen-updated',
  activityScreenUnlinked: 'activity.screen-unlinked',
  activityCloneBulkCompleted: 'activity.clone-bulk-completed',
  rosterImportQueueChanged: 'roster.import-queue-changed',
  reportSharedWithUser: 'report.shared-with-user',
  reportRequestStatusChanged: 'report.request-status-changed',
  standardImportStatusChanged: 'standard.import-status-changed',
  /** a stored notification was created for the user (carries the notification) */
  notificationCreated: 'notification.created',
  /** a student's progress on an assignment changed (to the assignment's channel; payload AttemptProgressEvent) */
  attemptProgress: 'attempt.progress',
  /** a teacher scored a student's answer (to the student's user channel; payload AttemptGradedEvent) */
  attemptGraded: 'attempt.graded',
  /** the session behind this socket was revoked (logout, password change, disabled user) */
  sessionRevoked: 'session.revoked',
} as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

// Notification types of 001 section 9 / 002 section 7.
export const NOTIFICATION_TYPES = [
  'generate-progress-report',
  'create-user-activity-report',
  'account-merge',
  'shared-report',
  'report-request-status-changed',
  'standard-import-status-changed',
  'activity-clone-bulk-completed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The real-time event each notification type announces (a stored notification's `event`). */
export const NOTIFICATION_EVENTS: { readonly [T in NotificationType]: RealtimeEvent } = {
  'generate-progress-report': REALTIME_EVENTS.userTaskChanged,
  'create-user-activity-report': REALTIME_EVENTS.userTaskChanged,
  'account-merge': REALTIME_EVENTS.userTaskChanged,
  'shared-report': REALTIME_EVENTS.reportSharedWithUser,
  'report-request-status-changed': REALTIME_EVENTS.reportRequestStatusChanged,
  'standard-import-status-changed': REALTIME_EVENTS.standardImportStatusChanged,
  'activity-clone-bulk-completed': REALTIME_EVENTS.activityCloneBulkCompleted,
};
export function isNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}
export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;

/** Client connection states (002 section 4). */
export const CONNECTION_STATES = [
  'initialized',
  'connecting',
  'connected',
  'unavailable',
  'failed',
  'disconnected',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const REALTIME_DEFAULT_PORT = 6001;

// Private channels: user, staff, products, standards, roster and account.
export const channels = {
  user: (id: number) => `private-user.${id}`,
  staff: () => 'private-staff',
  products: () => 'private-products',
  standards: () => 'private-standards',
  roster: (accountId: number) => `private-roster.${accountId}`,
  account: (accountId: number) => `private-account.${accountId}`,
  /** a teacher's live view of an assignment's progress (issue 6) */
  assignment: (assignmentId: number) => `private-assignment.${assignmentId}`,
} as const;

export type ParsedChannel =
  | { kind: 'user'; id: number }
  | { kind: 'staff' | 'products' | 'standards' }
  | { kind: 'roster' | 'account'; accountId: number }
  | { kind: 'assignment'; assignmentId: number };

export function parseChannel(name: string): ParsedChannel | null {
  const m = /^private-(user|roster|account|assignment)\.([1-9]\d{0,8})$/.exec(name);
  if (m) {
    const n = Number(m[2]);
    if (m[1] === 'user') return { kind: 'user', id: n };
    if (m[1] === 'assignment') return { kind: 'assignment', assignmentId: n };
    return { kind: m[1] as 'roster' | 'account', accountId: n };
  }
  if (name === 'private-staff') return { kind: 'staff' };
  if (name === 'private-products') return { kind: 'products' };
  if (name === 'private-standards') return { kind: 'standards' };
  return null;
}

export interface ChannelSubject {
  id: number;
  role: Role;
  /** the user's effective permission list (explicit, or derived from the role) */
  permissions: readonly Permission[];
  policy: Policy;
  /** accounts the user reaches: null = every account (multi-domain staff); domain admins pass their domain's */
  accountIds: readonly number[] | null;
}

/**
 * Who may join which private channel (002 section 7 "Real time"). Each rule mirrors who may see the pages whose
 * events the channel carries, so a socket never learns more than the HTTP API would tell the same user:
 * - user: only the user themselves;
 * - staff: provider staff, i.e. holders of role-super-admin ("staff (super admin)", 002 section 6) with no domain,
 *   because staff events span every domain; domain admins are not staff;
 * - products: product management (product status changed is an event of the product pages);
 * - standards: standard management;
 * - roster: OneRoster access (management or history view) on an account in the user's reach;
 * - account: users with account context (super, domain and account admins) on an account in their reach; school
 *   admins and teachers have no account context (001 section 6), students never;
 * - assignment: staff who may view assignments; the API also checks that the assignment is in the user's reach
 *   (the assignment-scope rule), which needs the database.
 */
export function canJoinChannel(user: ChannelSubject, channel: ParsedChannel): boolean {
  const reaches = (accountId: number) => user.accountIds === null || user.accountIds.includes(accountId);
  switch (channel.kind) {
    case 'user':
      return channel.id === user.id;
    case 'staff':
      return user.accountIds === null && user.permissions.includes('role-super-admin');
    case 'products':
      return can(user.policy, 'product');
    case 'standards':
      return can(user.policy, 'standard');
    case 'roster':
      return can(user.policy, 'one-roster') && reaches(channel.accountId);
    case 'account':
      return user.role !== 'student' && user.policy.context.account && reaches(channel.accountId);
    case 'assignment':
      return user.role !== 'student' && can(user.policy, 'assignment');
  }
}
