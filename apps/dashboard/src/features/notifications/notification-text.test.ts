import { NOTIFICATION_TYPES } from '@aula/domain/realtime';
import { describe, expect, it } from 'vitest';
import { describeNotification, shouldToast } from './notification-text';
import type { AppNotification } from './notification.types';

const note = (type: string, message: Record<string, unknown>): AppNotification => ({
  id: 'n1',
  type,
  status: 'unread',
  event: 'user-task.changed',
  hash: 'h',
  connection: 'messages',
  message,
  created_at: '2026-01-01T00:00:00.000Z',
  read_at: null,
});

describe('shouldToast', () => {
  it('toasts report requests only when completed', () => {
    expect(shouldToast(note('report-request-status-changed', { status: 'processing' }))).toBe(false);
    expect(shouldToast(note('report-request-status-changed', { status: 'error' }))).toBe(false);
    expect(shouldToast(note('report-request-status-changed', { status: 'completed' }))).toBe(true);
  });
  it('toasts standard imports on error or completed', () => {
    expect(shouldToast(note('standard-import-status-changed', { status: 'pending' }))).toBe(false);
    expect(shouldToast(note('standard-import-status-changed', { status: 'error' }))).toBe(true);
    expect(shouldToast(note('standard-import-status-changed', { status: 'completed' }))).toBe(true);
  });
  it('toasts every type of 001 section 9 once it has something to say, and nothing else', () => {
    const ended = { status: 'completed' };
    for (const type of NOTIFICATION_TYPES) expect(shouldToast(note(type, ended))).toBe(true);
    expect(shouldToast(note('something-else', ended))).toBe(false);
  });
});

describe('describeNotification', () => {
  it('gives a ready user activity report a download link', () => {
    const text = describeNotification(
      note('create-user-activity-report', { status: 'completed', user_task_id: 12, file_name: 'users.csv' }),
    );
    expect(text).toEqual({
      level: 'success',
      key: 'dashboard.notifications.userActivityReportReady',
      link: { kind: 'download', taskId: 12, fileName: 'users.csv' },
    });
  });
  it('names the owner of a shared report and the folder of copied activities', () => {
    expect(
      describeNotification(
        note('shared-report', { owner: { first_name: 'Ana', last_name: 'Ruiz' }, report: { id: 3 } }),
      ).params,
    ).toEqual({ owner: 'Ana Ruiz' });
    expect(
      describeNotification(note('activity-clone-bulk-completed', { folder: { title: 'Biology' } })).params,
    ).toEqual({
      folder: 'Biology',
    });
  });
  it('reports failures with the server’s error', () => {
    expect(describeNotification(note('account-merge', { status: 'error', error: 'boom' }))).toEqual({
      level: 'error',
      key: 'dashboard.notifications.accountMergeFailed',
      params: { error: 'boom' },
    });
    expect(describeNotification(note('account-merge', { status: 'completed' })).key).toBe(
      'dashboard.notifications.accountMerged',
    );
  });
});
