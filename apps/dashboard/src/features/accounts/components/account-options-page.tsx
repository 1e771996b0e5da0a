import { TECHNOLOGY_FIELDS } from '@aula/domain/tenancy';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Card, Flex, List, Space, Switch, theme } from 'antd';
import { Link } from 'react-router';
import { useGetAccountSettingsQuery, useToggleTechnologySettingMutation } from '../api';
import type { Account, AccountSettingKind } from '../accounts.types';
import {
  accountHref,
  accountSettingsHref,
  deleteAccountHref,
  editAccountHref,
  ssoProvidersHref,
} from '../lib/account-paths';
import { useAccountAbilities } from '../lib/use-account-abilities';
import { AccountTarget } from './account-target';

/**
 * /accounts/:accountId/options and /options (the viewer's own account): the account's technology switches, each
 * saved at once with POST toggle technology setting (field, value), and links to its settings, edit and delete.
 */
export function AccountOptionsPage() {
  return <AccountTarget>{(account) => <Options key={account.id} account={account} />}</AccountTarget>;
}

function Options({ account }: { account: Account }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { canDelete } = useAccountAbilities();
  const { data, isLoading, isError, refetch } = useGetAccountSettingsQuery(account.id, {
    refetchOnMountOrArgChange: true,
  });
  const [toggle, { isLoading: saving, originalArgs }] = useToggleTechnologySettingMutation();
  const enabled = (field: AccountSettingKind) => {
    const value = data?.find((s) => s.setting === field)?.value as { enabled?: boolean } | undefined;
    return value?.enabled === true;
  };

  const change = async (field: AccountSettingKind, value: boolean) => {
    try {
      await toggle({ id: account.id, field, value }).unwrap();
      void message.success(
        t(value ? 'accounts.toggledOn' : 'accounts.toggledOff', { name: t(`accounts.kinds.${field}`) }),
      );
    } catch {
      // toasted by the shared handler; the switch keeps the stored value
    }
  };

  return (
    <Flex vertical gap="large">
      <Link to={accountHref(account.id)}>{t('accounts.backToAccount')}</Link>
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('accounts.optionsTitle')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>
          {t('accounts.optionsIntro', { name: account.name })}
        </p>
      </div>
      <Card
        title={<h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{t('accounts.technology')}</h2>}
        style={{ maxWidth: 720 }}
      >
        {isLoading ? (
          <PageLoader />
        ) : isError || !data ? (
          <Alert
            type="error"
            showIcon
            message={t('accounts.settingsLoadFailed')}
            action={<Button onClick={() => void refetch()}>{t('accounts.retry')}</Button>}
          />
        ) : (
          <List
            dataSource={[...TECHNOLOGY_FIELDS]}
            renderItem={(field) => (
              <List.Item
                extra={
                  <Switch
                    aria-label={t(`accounts.kinds.${field}`)}
                    checked={enabled(field)}
                    loading={saving && originalArgs?.field === field}
                    disabled={saving}
                    onChange={(v) => void change(field, v)}
                  />
                }
              >
                <List.Item.Meta
                  title={t(`accounts.kinds.${field}`)}
                  description={
                    field === 'sso' ? (
                      <>
                        {t(`accounts.kindHints.${field}`)}{' '}
                        <Link to={ssoProvidersHref(account.id)} style={{ textDecoration: 'underline' }}>
                          {t('ssoSettings.manage')}
                        </Link>
                      </>
                    ) : (
                      t(`accounts.kindHints.${field}`)
                    )
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      <Space wrap>
        <Link to={accountSettingsHref(account.id)}>{t('accounts.settingsTitle')}</Link>
        <Link to={editAccountHref(account.id)}>{t('accounts.editLink')}</Link>
        {canDelete && <Link to={deleteAccountHref(account.id)}>{t('accounts.deleteLink')}</Link>}
      </Space>
    </Flex>
  );
}
