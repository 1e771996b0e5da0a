import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectSettings } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Descriptions, Empty, Flex, Typography, theme } from 'antd';

/** Settings of /my whose name says they are about notifications. */
const NOTIFICATION_SETTING = /^notification|^notify/;

/**
 * The user's notification preferences, when the account has any. None exist yet (the API's user settings are the
 * language switch, auto logout and the language), so this says so and where notifications go instead.
 */
export function NotificationsSettings() {
  const t = useT();
  const { token } = theme.useToken();
  const preferences = useAppSelector(selectSettings).filter((s) => NOTIFICATION_SETTING.test(s.setting));

  if (preferences.length > 0) {
    return (
      <>
        <Typography.Paragraph type="secondary">{t('dashboard.settings.notificationsIntro')}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small">
          {preferences.map((p) => (
            <Descriptions.Item key={p.setting} label={p.setting}>
              {String(p.value)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </>
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <strong>{t('dashboard.settings.notificationsEmpty')}</strong>
          <span style={{ color: token.colorTextSecondary }}>{t('dashboard.settings.notificationsLive')}</span>
        </Flex>
      }
    />
  );
}
