import { DownloadOutlined } from '@ant-design/icons';
import type { RosterStatusAction } from '@aula/domain/roster-queue';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { App, Button, Space } from 'antd';
import { canRestart } from '../lib/roster-status';
import { useRosterQueueRefreshMutation, useRosterQueueSetStatusMutation } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';

const DONE = { approve: 'approved', reject: 'rejected', confirm: 'confirmed', restart: 'restarted' } as const;

/**
 * What a roster manager can do with an item (PUT queue item status): approve a reviewed one (Pending), confirm one
 * the sanity check holds (Confirm), reject either (asked first), restart a failed or stuck one, read a source import's
 * source again (refresh staged data). Without
 * roster-management (`manage` false) only the zip download is offered.
 */
export function RosterItemActions({ item, manage }: { item: RosterQueueItem; manage: boolean }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const token = useAppSelector(selectToken);
  const [setStatus, { isLoading, originalArgs }] = useRosterQueueSetStatusMutation();
  const busy = (action: RosterStatusAction) => isLoading && originalArgs?.status === action;
  const [refresh, refreshing] = useRosterQueueRefreshMutation();
  // POST refresh staged data: a source import not yet applied reads its source again
  const refreshable =
    item.data_type === 'rest' &&
    item.source_id !== null &&
    ['staged', 'prepared', 'actionRequired', 'empty'].includes(item.status);
  const reread = async () => {
    try {
      await refresh(item.id).unwrap();
      void message.success(t('rosterUi.actions.refreshed'));
    } catch {
      // the shared handler shows the server's message
    }
  };

  const run = async (status: RosterStatusAction) => {
    try {
      await setStatus({ id: item.id, status }).unwrap();
      void message.success(t(`rosterUi.actions.${DONE[status]}`));
    } catch {
      // the shared handler shows the server's message (e.g. the item moved on meanwhile)
    }
  };
  const reject = () =>
    modal.confirm({
      title: t('rosterUi.actions.rejectTitle'),
      content: t('rosterUi.actions.rejectHint'),
      okText: t('rosterUi.actions.reject'),
      okButtonProps: { danger: true },
      cancelText: t('rosterUi.actions.cancel'),
      onOk: () => run('reject'),
    });
  const download = () =>
    downloadFile(`${runtimeConfig.apiUrl}/dashboard/roster/queue/${item.id}/zip`, {
      token,
      language: i18n.language,
      customName: item.file_name ?? `roster-${item.id}.zip`,
    }).catch(() => void message.error(t('rosterUi.item.downloadFailed')));

  const s = item.status;
  return (
    <Space wrap>
      {manage && s === 'prepared' && (
        <Button type="primary" loading={busy('approve')} onClick={() => void run('approve')}>
          {t('rosterUi.actions.approve')}
        </Button>
      )}
      {manage && s === 'actionRequired' && (
        <Button type="primary" loading={busy('confirm')} onClick={() => void run('confirm')}>
          {t('rosterUi.actions.confirm')}
        </Button>
      )}
      {manage && (s === 'staged' || s === 'prepared' || s === 'actionRequired') && (
        <Button danger loading={busy('reject')} onClick={reject}>
          {t('rosterUi.actions.reject')}
        </Button>
      )}
      {manage && canRestart(item) && (
        <Button loading={busy('restart')} onClick={() => void run('restart')}>
          {t('rosterUi.actions.restart')}
        </Button>
      )}
      {manage && refreshable && (
        <Button loading={refreshing.isLoading} onClick={() => void reread()}>
          {t('rosterUi.actions.refresh')}
        </Button>
      )}
      {item.has_file && (
        <Button icon={<DownloadOutlined />} onClick={() => void download()}>
          {t('rosterUi.item.download')}
        </Button>
      )}
    </Space>
  );
}
