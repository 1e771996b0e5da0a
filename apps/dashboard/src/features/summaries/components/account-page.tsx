import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Flex, Tag, Typography, theme } from 'antd';
import { Link, useParams } from 'react-router';
import { rosterHistoryHref } from '../../rostering/lib/roster-paths';
import { useGetAccountSummaryQuery } from '../api';
import { visibleAccountAreas } from '../lib/account-areas';
import { isNotFound } from '../lib/query-error';
import { AccountSummaryView } from './account-summary-view';
import { LoadFailed } from './load-failed';

/**
 * /accounts/:accountId, the account landing page (issue 15 item 1; a district administrator's home redirects here):
 * the account's name and type, its summary (002 section 3) and links to the areas the viewer's role may open.
 */
export function AccountPage() {
  const { accountId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <AccountLanding accountId={Number(raw)} />;
}

function AccountLanding({ accountId }: { accountId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const { data, isLoading, error, refetch } = useGetAccountSummaryQuery(accountId, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <PageLoader />;
  if (isNotFound(error)) return <NotFoundPage />;
  if (!data) return <LoadFailed onRetry={() => void refetch()} />;
  const { account } = data;
  const areas = visibleAccountAreas(policy, account.id);

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{account.name}</h1>
        <Flex wrap gap="small" align="center" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t('summaries.account.type')}:</Typography.Text>
          <Tag data-testid="account-type">
            {t(`summaries.accountTypes.${String(account.type) as '1' | '2' | '3' | '4'}`)}
          </Tag>
          {account.is_demo && <Tag>{t('summaries.demo')}</Tag>}
          <Typography.Text type="secondary">
            {t('summaries.account.districtId')}: {account.district_id}
          </Typography.Text>
        </Flex>
      </div>
      <nav aria-labelledby="account-areas-heading">
        <h2 id="account-areas-heading" style={{ fontSize: token.fontSizeHeading4, margin: '0 0 12px' }}>
          {t('summaries.account.areas')}
        </h2>
        {areas.length === 0 ? (
          <Typography.Text type="secondary">{t('summaries.account.noAreas')}</Typography.Text>
        ) : (
          <Card size="small">
            <Flex wrap gap="middle">
              {areas.map((a) => (
                <Link key={a.key} to={a.path}>
                  {t(`summaries.account.links.${a.key}`)}
                </Link>
              ))}
            </Flex>
          </Card>
        )}
      </nav>
      <AccountSummaryView
        summary={data}
        rosterHref={can(policy, 'one-roster', 'view') ? rosterHistoryHref(account.id) : undefined}
      />
    </Flex>
  );
}
