import type { MessageKey, MessageParams } from '@aula/web/lib/i18n.ts';
import type { AppNotification } from './notification.types';

// What a notification says and where it leads (001 sections 4, 8 and 9), apart from React so it is unit tested.
// Message fields read: account_id, report.id, owner first_name and last_name, status, folder.title (001 section 3),
// and for user tasks user_task_id, status, file_name and error (apps/api user-tasks.service).

export type NotificationLink =
  { kind: 'download'; taskId: number; fileName: string | null } | { kind: 'route'; path: string; label: MessageKey };

export interface NotificationText {
  level: 'success' | 'error' | 'info';
  key: MessageKey;
  params?: MessageParams;
  link?: NotificationLink;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** How a notification reads in the list (and in its toast, when it has one). */
export function describeNotification(n: AppNotification): NotificationText {
  const m = n.message;
  const status = text(m.status);
  switch (n.type) {
    case 'generate-progress-report':
    case 'create-user-activity-report': {
      if (status === 'error')
        return { level: 'error', key: 'dashboard.notifications.reportFailed', params: { error: text(m.error) } };
      const taskId = positiveInt(m.user_task_id);
      return {
        level: 'success',
        key:
          n.type === 'generate-progress-report'
            ? 'dashboard.notifications.progressReportReady'
            : 'dashboard.notifications.userActivityReportReady',
        // report-ready toasts carry a link (001 section 8)
        ...(taskId ? { link: { kind: 'download' as const, taskId, fileName: text(m.file_name) || null } } : {}),
      };
    }
    case 'account-merge':
      return status === 'error'
        ? { level: 'error', key: 'dashboard.notifications.accountMergeFailed', params: { error: text(m.error) } }
        : { level: 'success', key: 'dashboard.notifications.accountMerged' };
    case 'shared-report': {
      const owner = record(m.owner);
      const name = `${text(owner.first_name)} ${text(owner.last_name)}`.trim();
      return {
        level: 'info',
        key: 'dashboard.notifications.sharedReport',
        params: { owner: name },
        link: { kind: 'route', path: '/report-manager', label: 'dashboard.notifications.openReport' },
      };
    }
    case 'report-request-status-changed':
      return status === 'error'
        ? { level: 'error', key: 'dashboard.notifications.reportFailed', params: { error: text(m.error) } }
        : {
            level: 'success',
            key: 'dashboard.notifications.reportRequestReady',
            link: { kind: 'route', path: '/report-manager', label: 'dashboard.notifications.openReport' },
          };
    case 'standard-import-status-changed':
      return status === 'error'
        ? { level: 'error', key: 'dashboard.notifications.standardsImportFailed' }
        : { level: 'success', key: 'dashboard.notifications.standardsImported' };
    case 'activity-clone-bulk-completed':
      return {
        level: 'success',
        key: 'dashboard.notifications.activitiesCopied',
        params: { folder: text(record(m.folder).title) },
      };
    default:
      return { level: 'info', key: 'dashboard.notifications.generic' };
  }
}

const TOASTED_TYPES = new Set([
  'generate-progress-report',
  'create-user-activity-report',
  'account-merge',
  'shared-report',
  'report-request-status-changed',
  'standard-import-status-changed',
  'activity-clone-bulk-completed',
]);

/**
 * Whether a pushed notification is toasted (001 section 4): the types of section 9 only; report requests only once
 * completed; standard imports on completed or error; user tasks once they end.
 */
export function shouldToast(n: AppNotification): boolean {
  if (!TOASTED_TYPES.has(n.type)) return false;
  const status = text(n.message.status);
  switch (n.type) {
    case 'report-request-status-changed':
      return status === 'completed';
    case 'standard-import-status-changed':
    case 'generate-progress-report':
    case 'create-user-activity-report':
    case 'account-merge':
      return status === 'completed' || status === 'error';
    default:
      return true;
  }
}
