import { SSO_PROVIDERS, type SsoProvider } from '@aula/domain/sso';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useGetAccountSettingsQuery } from '../../accounts/api';
import type { Account } from '../../accounts/accounts.types';
import { AccountTarget } from '../../accounts/components/account-target';
import { accountOptionsHref } from '../../accounts/lib/account-paths';
import { useAccountAbilities } from '../../accounts/lib/use-account-abilities';
import {
  useDeleteSsoConfigMutation,
  useListSsoConfigsQuery,
  useSaveSsoConfigMutation,
  useTestSsoConfigMutation,
} from '../api';
import { SsoProviderCard } from './sso-provider-card';

/**
 * /accounts/:accountId/sso-providers and /sso-providers (the viewer's own district): the district's ClassLink,
 * Clever and Google connections (issue 17 item 6), each set up, changed, tested and deleted on its card. Those who
 * may change the account (district, domain and provider administrators) edit; account viewers read.
 */
export function SsoSettingsPage() {
  return <AccountTarget>{(account) => <SsoSettings key={account.id} account={account} />}</AccountTarget>;
}

function SsoSettings({ account }: { account: Account }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { canUpdate } = useAccountAbilities();
  const { data, isLoading, error, refetch } = useListSsoConfigsQuery(account.id);
  const settings = useGetAccountSettingsQuery(account.id);
  const [save] = useSaveSsoConfigMutation();
  const [remove] = useDeleteSsoConfigMutation();
  const [test] = useTestSsoConfigMutation();
  const ssoOn = (settings.data?.find((s) => s.setting === 'sso')?.value as { enabled?: boolean } | undefined)?.enabled;
  const name = (provider: SsoProvider) => t(`ssoSettings.providers.${provider}`);
  const fail = (err: unknown) => {
    for (const text of errorMessages(err as Parameters<typeof errorMessages>[0], t('ssoSettings.failed')))
      void message.error(text);
  };

  return (
    <Flex vertical gap="large">
      {canUpdate && <Link to={accountOptionsHref(account.id)}>{t('ssoSettings.back')}</Link>}
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('ssoSettings.title')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>
          {t('ssoSettings.intro', { name: account.name })}
        </p>
      </div>
      {isLoading ? (
        <PageLoader />
      ) : error || !data ? (
        <Alert
          type="error"
          showIcon
          message={errorMessages(error, t('ssoSettings.loadFailed'))[0]}
          action={<Button onClick={() => void refetch()}>{t('ssoSettings.retry')}</Button>}
        />
      ) : (
        <>
          {settings.data && ssoOn !== true && <Alert type="info" showIcon message={t('ssoSettings.ssoOff')} />}
          {!canUpdate && <Typography.Text type="secondary">{t('ssoSettings.readOnly')}</Typography.Text>}
          {data.length === 0 && <Typography.Text type="secondary">{t('ssoSettings.empty')}</Typography.Text>}
          {SSO_PROVIDERS.map((provider) => (
            <SsoProviderCard
              key={provider}
              provider={provider}
              config={data.find((c) => c.provider === provider) ?? null}
              canEdit={canUpdate}
              onSave={async (body) => {
                await save({ accountId: account.id, provider, body }).unwrap();
                void message.success(t('ssoSettings.saved', { provider: name(provider) }));
              }}
              onTest={async (body) => {
                try {
                  return await test({ accountId: account.id, provider, body }).unwrap();
                } catch (err) {
                  fail(err);
                  return null;
                }
              }}
              onDelete={async () => {
                await remove({ accountId: account.id, provider }).unwrap();
                void message.success(t('ssoSettings.removed', { provider: name(provider) }));
              }}
              onError={fail}
            />
          ))}
        </>
      )}
    </Flex>
  );
}
