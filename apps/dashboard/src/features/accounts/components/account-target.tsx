import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useGetAccountQuery } from '../api';
import type { Account } from '../accounts.types';
import { accountsHref } from '../lib/account-paths';
import { useAccountAbilities } from '../lib/use-account-abilities';

/**
 * The account a page acts on: the :accountId of the URL, or, on /edit-account, /options and /delete without one,
 * the viewer's own account. Loading shows the page loader; an account the viewer cannot see (another district's,
 * or none with that id) shows page not found, as the API answers 404 for both.
 */
export function AccountTarget({ children }: { children: (account: Account) => ReactNode }) {
  const params = useParams();
  const { ownAccountId } = useAccountAbilities();
  const id = params.accountId !== undefined ? Number(params.accountId) : ownAccountId;
  if (id === null) return <ChooseAccount />;
  return <LoadAccount key={id} id={id} render={children} />;
}

function LoadAccount({ id, render }: { id: number; render: (account: Account) => ReactNode }) {
  const { data, isLoading, isError } = useGetAccountQuery(id);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <>{render(data)}</>;
}

function ChooseAccount() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('accounts.chooseTitle')}</h1>}
      subTitle={t('accounts.chooseHint')}
      extra={
        <Button type="primary" onClick={() => void navigate(accountsHref())}>
          {t('accounts.toList')}
        </Button>
      }
    />
  );
}
