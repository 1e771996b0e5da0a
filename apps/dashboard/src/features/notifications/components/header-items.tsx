import { BellOutlined } from '@ant-design/icons';
import { REALTIME_EVENTS, type ConnectionState } from '@aula/domain/realtime';
import { NOTIFICATION_TOAST_SECONDS } from '@aula/domain/toasts';
import { useAppDispatch, useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { useConnectionState, useRealtimeEvent } from '@aula/web/features/realtime/realtime-provider.tsx';
import { api } from '@aula/web/lib/api.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { toastError } from '@aula/web/lib/notifier.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { App, Badge, Button, Empty, Flex, Popover, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  notificationsApi,
  useListNotificationsQuery,
  useReadAllNotificationsMutation,
  useReadNotificationMutation,
} from '../api';
import { describeNotification, shouldToast, type NotificationLink } from '../notification-text';
import type { AppNotification } from '../notification.types';

const STATE_COLOURS: Record<ConnectionState, 'success' | 'processing' | 'default' | 'warning' | 'error'> = {
  initialized: 'default',
  connecting: 'processing',
  connected: 'success',
  unavailable: 'warning',
  failed: 'error',
  disconnected: 'default',
};

/** A dot in the header telling whether live updates arrive. */
function ConnectionIndicator() {
  const t = useT();
  const state = useConnectionState();
  const label = t('dashboard.realtime.label', { state: t(`dashboard.realtime.${state}`) });
  return (
    <span role="status" aria-label={label} title={label} data-testid="realtime-state" data-state={state}>
      <Badge status={STATE_COLOURS[state]} />
    </span>
  );
}

/** Opens where a notification leads: a download (the user's task file) or a dashboard page. */
function useFollowLink() {
  const t = useT();
  const token = useAppSelector(selectToken);
  const navigate = useNavigate();
  return (link: NotificationLink) => {
    if (link.kind === 'route') {
      void navigate(link.path);
      return;
    }
    downloadFile(`${runtimeConfig.apiUrl}/dashboard/user-tasks/${link.taskId}/download`, {
      token,
      language: i18n.language,
      customName: link.fileName ?? undefined,
    }).catch(() => toastError(t('dashboard.notifications.downloadFailed')));
  };
}

function linkLabel(link: NotificationLink) {
  return link.kind === 'download' ? 'dashboard.notifications.download' : link.label;
}

// Each pushed notification is toasted once per tab, by its hash (001 section 3: event with hash).
const toasted = new Set<string>();

/** Live notifications: added to the bell's list as they arrive, toasted for 30 seconds when their type says so. */
function useLiveNotifications() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { notification } = App.useApp();
  const [read] = useReadNotificationMutation();
  const follow = useFollowLink();

  useRealtimeEvent(REALTIME_EVENTS.notificationCreated, (payload) => {
    const n = payload as AppNotification;
    if (!n || typeof n.id !== 'string') return;
    dispatch(
      notificationsApi.util.updateQueryData('listNotifications', undefined, (draft) => {
        if (draft.data.some((x) => x.id === n.id)) return;
        draft.data.unshift(n);
        draft.meta.total += 1;
        if (n.status === 'unread') draft.meta.unread += 1;
      }),
    );
    if (!shouldToast(n) || toasted.has(n.hash)) return;
    toasted.add(n.hash);
    const text = describeNotification(n);
    const open =
      text.level === 'error' ? notification.error : text.level === 'success' ? notification.success : notification.info;
    const link = text.link;
    open({
      key: n.hash,
      title: t(text.key, text.params),
      duration: NOTIFICATION_TOAST_SECONDS,
      placement: 'topRight',
      description: link ? (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => {
            // following the toast's link handles the notification
            void read(n.id);
            notification.destroy(n.hash);
            follow(link);
          }}
        >
          {t(linkLabel(link))}
        </Button>
      ) : undefined,
      props: { 'data-testid': 'notification-toast' },
    });
  });

  // a user task changed (queued, started, finished): any list showing tasks refetches
  useRealtimeEvent(REALTIME_EVENTS.userTaskChanged, () => {
    dispatch(api.util.invalidateTags(['UserTask']));
  });
}

function NotificationItem({ n, onHandled }: { n: AppNotification; onHandled: (n: AppNotification) => void }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const follow = useFollowLink();
  const text = describeNotification(n);
  const unread = n.status === 'unread';
  return (
    <li
      style={{
        listStyle: 'none',
        padding: '8px 12px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: unread ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex vertical gap={2}>
        <Button
          type="text"
          onClick={() => onHandled(n)}
          style={{
            height: 'auto',
            padding: 0,
            textAlign: 'start',
            whiteSpace: 'normal',
            fontWeight: unread ? 600 : 400,
          }}
          aria-label={unread ? `${t('dashboard.notifications.unread')}: ${t(text.key, text.params)}` : undefined}
        >
          {unread && <Badge status="processing" style={{ marginInlineEnd: 6 }} />}
          {t(text.key, text.params)}
        </Button>
        <Flex justify="space-between" align="center" gap="small">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dates.dateTime(n.created_at)}
          </Typography.Text>
          {text.link && (
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => {
                onHandled(n);
                if (text.link) follow(text.link);
              }}
            >
              {t(linkLabel(text.link))}
            </Button>
          )}
        </Flex>
      </Flex>
    </li>
  );
}

/** The header bell: unread count, and the list of the newest notifications with mark-as-read. */
function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const list = useListNotificationsQuery();
  const [read] = useReadNotificationMutation();
  const [readAll, { isLoading: readingAll }] = useReadAllNotificationsMutation();
  const unread = list.data?.meta.unread ?? 0;
  const items = list.data?.data ?? [];
  const onHandled = (n: AppNotification) => {
    if (n.status === 'unread') void read(n.id);
  };

  const content = (
    <div style={{ width: 340, maxWidth: 'calc(100vw - 32px)' }} data-testid="notifications-panel">
      <Flex justify="space-between" align="center" style={{ padding: '4px 12px 8px' }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('dashboard.notifications.title')}
        </Typography.Title>
        <Button size="small" onClick={() => void readAll()} disabled={unread === 0} loading={readingAll}>
          {t('dashboard.notifications.markAllRead')}
        </Button>
      </Flex>
      {list.isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : list.isError ? (
        <Typography.Text type="danger" style={{ display: 'block', padding: 12 }}>
          {t('dashboard.notifications.loadFailed')}
        </Typography.Text>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.notifications.empty')} />
      ) : (
        <ul
          style={{ margin: 0, padding: 0, maxHeight: 400, overflowY: 'auto' }}
          aria-label={t('dashboard.notifications.title')}
        >
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onHandled={onHandled} />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={content}
      arrow={false}
      styles={{ container: { padding: '8px 0 0' } }}
    >
      <Button
        type="text"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={
          unread > 0 ? t('dashboard.notifications.bellUnread', { count: unread }) : t('dashboard.notifications.bell')
        }
        data-testid="notifications-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notifications-count">
            <BellOutlined aria-hidden style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}

/** The dashboard's header controls: live-update state and notifications. */
export default function HeaderItems() {
  useLiveNotifications();
  return (
    <Flex align="center" gap="small">
      <ConnectionIndicator />
      <NotificationBell />
    </Flex>
  );
}
