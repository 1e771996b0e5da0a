import { useDisconnectOauthMutation, useGetOauthConnectionsQuery } from '@aula/web/features/auth/api.ts';
import type { OauthConnection } from '@aula/web/features/auth/auth.types.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, Empty, Flex, List, Popconfirm, Spin, Typography } from 'antd';

/** 001 section 9: MMM DD, YYYY. */

/** OAuth connections (GET /dashboard/auth/get-oauth-connections) and disconnect (DELETE /dashboard/settings/oauth). */
export function IntegrationsSettings() {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const connections = useGetOauthConnectionsQuery();
  const [disconnect, { isLoading: disconnecting }] = useDisconnectOauthMutation();

  const name = (c: OauthConnection) =>
    c.provider === 'unknown' ? String(c.login_type) : t(`dashboard.account.providers.${c.provider}`);

  const onDisconnect = async (c: OauthConnection) => {
    try {
      await disconnect({ login_type: c.login_type }).unwrap();
      void message.success(t('dashboard.settings.disconnected', { provider: name(c) }));
    } catch {
      // the response handler toasts the failure
    }
  };

  let body;
  if (connections.isLoading) body = <Spin />;
  else if (connections.isError)
    body = (
      <Flex vertical gap="small" align="start">
        <Typography.Text role="alert">{t('dashboard.settings.loadFailed')}</Typography.Text>
        <Button onClick={() => void connections.refetch()}>{t('dashboard.settings.retry')}</Button>
      </Flex>
    );
  else if (!connections.data?.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.settings.integrationsEmpty')} />;
  else
    body = (
      <List
        dataSource={connections.data}
        rowKey="id"
        renderItem={(c) => (
          <List.Item
            actions={[
              <Popconfirm
                key="disconnect"
                title={t('dashboard.settings.disconnectConfirm', { provider: name(c) })}
                okText={t('dashboard.settings.disconnect')}
                cancelText={t('dashboard.settings.cancel')}
                onConfirm={() => onDisconnect(c)}
              >
                <Button danger loading={disconnecting}>
                  {t('dashboard.settings.disconnect')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={name(c)}
              description={[c.email, t('dashboard.settings.connectedOn', { date: dates.date(c.created_at) })]
                .filter(Boolean)
                .join(' · ')}
            />
          </List.Item>
        )}
      />
    );

  return (
    <>
      <Typography.Paragraph type="secondary">{t('dashboard.settings.integrationsIntro')}</Typography.Paragraph>
      {body}
    </>
  );
}
