import { readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoPermissionPage } from '../../../components/no-permission-page';
import { useDeleteAccountMutation } from '../api';
import type { Account } from '../accounts.types';
import { accountHref, accountsHref } from '../lib/account-paths';
import { useAccountAbilities } from '../lib/use-account-abilities';
import { AccountTarget } from './account-target';

/**
 * /accounts/:accountId/delete and /delete: deletes an account (POST delete, body force) after the user types its
 * name. Without force the API keeps an account that still has schools or users (409) and the page says so under
 * the button; with force the account goes with its schools, and its users are disabled and signed out.
 */
export function AccountDeletePage() {
  const { canDelete } = useAccountAbilities();
  if (!canDelete) return <NoPermissionPage />;
  return <AccountTarget>{(account) => <DeleteForm key={account.id} account={account} />}</AccountTarget>;
}

/** The 409's `problems`: what the account still holds, one sentence each. */
function problemsOf(error: unknown): string[] {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const problems = typeof data === 'object' && data !== null && 'problems' in data ? data.problems : undefined;
  return Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
}

function DeleteForm({ account }: { account: Account }) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [force, setForce] = useState(false);
  const [kept, setKept] = useState<{ message: string; problems: string[] } | null>(null);
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const confirmed = typed.trim() === account.name.trim();

  const submit = async () => {
    setKept(null);
    try {
      await remove({ id: account.id, force }).unwrap();
      void message.success(t('accounts.deleted', { name: account.name }));
      void navigate(accountsHref());
    } catch (error) {
      const details = readError(error as never);
      const fallback = details.status === 409 ? t('accounts.hasData') : t('accounts.deleteFailed');
      setKept({ message: details.message ?? fallback, problems: problemsOf(error) });
    }
  };

  return (
    <Flex vertical gap="large" style={{ maxWidth: 640 }}>
      <Link to={accountHref(account.id)}>{t('accounts.backToAccount')}</Link>
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
        {t('accounts.deleteTitle', { name: account.name })}
      </h1>
      <Alert type="warning" showIcon message={t('accounts.deleteWarning')} description={t('accounts.deleteExplain')} />
      <Form layout="vertical" onFinish={() => void submit()} disabled={isLoading}>
        <Form.Item
          label={t('accounts.typeName', { name: account.name })}
          htmlFor="account-delete-confirm"
          extra={t('accounts.typeNameHint')}
        >
          <Input
            id="account-delete-confirm"
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>
            {t('accounts.force')}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>
            {t('accounts.forceHint')}
          </Typography.Paragraph>
        </Form.Item>
        {kept && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            message={kept.message}
            description={
              <>
                {kept.problems.map((p) => (
                  <div key={p}>{p}</div>
                ))}
                {!force && <div>{t('accounts.hasDataHint')}</div>}
              </>
            }
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" disabled={!confirmed} loading={isLoading}>
            {t('accounts.deleteButton')}
          </Button>
          <Button onClick={() => void navigate(accountHref(account.id))}>{t('accounts.cancel')}</Button>
        </Space>
      </Form>
    </Flex>
  );
}
