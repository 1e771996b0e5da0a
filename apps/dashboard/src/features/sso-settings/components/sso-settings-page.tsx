import { SSO_PROVIDERS } from '@aula/domain/sso';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useGetAccountSettingsQuery } from '../../accounts/api';
import type { Account } from '../../accounts/accounts.types';
import { AccountTarget } from '../../accounts/components/account-target';
import { accountOptionsHref } from '../../accounts/lib/account-paths';
import { useAccountAbilities } from '../../accounts/lib/use-account-abilities';
import { useListSsoConfigsQuery } from '../api';
import { SsoOwnerCards } from './sso-owner-cards';

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
  const { canUpdate } = useAccountAbilities();
  const { data, isLoading, error, refetch } = useListSsoConfigsQuery({ kind: 'account', id: account.id });
  const settings = useGetAccountSettingsQuery(account.id);
  const ssoOn = (settings.data?.find((s) => s.setting === 'sso')?.value as { enabled?: boolean } | undefined)?.enabled;

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
          <SsoOwnerCards
            owner={{ kind: 'account', id: account.id }}
            providers={SSO_PROVIDERS}
            configs={data}
            canEdit={canUpdate}
          />
        </>
      )}
    </Flex>
  );
}
