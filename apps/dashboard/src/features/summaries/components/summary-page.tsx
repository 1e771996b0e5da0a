import { useAppSelector } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { can } from '@aula/domain/permissions';
import { Card, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useGetAccountSummaryQuery, useListMySchoolsQuery } from '../api';
import { summaryKindOf } from '../lib/summary-kind';
import { AccountSummaryView } from './account-summary-view';
import { LoadFailed } from './load-failed';
import { StaffSummaryView } from './staff-summary-view';
import { TeacherHome } from './teacher-home';

/**
 * /summary, the 'Dashboard' menu item (resource 'report'): the summary that fits the viewer (docs/summaries.md):
 * provider staff the staff summary, an account-context viewer their account's, a school admin links to their schools'
 * pages (where the organization summary is), a teacher their classes and the assignments due.
 */
export function SummaryPage() {
  const t = useT();
  const { token } = theme.useToken();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  if (!user) return null;
  const kind = summaryKindOf({ role: user.role, account_id: user.account_id, policy });

  return (
    <Flex vertical gap="large">
      <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('summaries.page.title')}</h1>
      {kind === 'staff' && <StaffSummaryView />}
      {kind === 'account' && user.account_id !== null && <MyAccountSummary accountId={user.account_id} />}
      {kind === 'schools' && <MySchools />}
      {kind === 'classes' && (
        <>
          <Typography.Text type="secondary">{t('summaries.page.teacherIntro')}</Typography.Text>
          <TeacherHome />
        </>
      )}
      {kind === 'none' && <Typography.Text type="secondary">{t('summaries.page.none')}</Typography.Text>}
    </Flex>
  );
}

function MyAccountSummary({ accountId }: { accountId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const { data, isLoading, refetch } = useGetAccountSummaryQuery(accountId, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoader />;
  if (!data) return <LoadFailed onRetry={() => void refetch()} />;
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <h2 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
          {t('summaries.page.account', { name: data.account.name })}
        </h2>
        {can(policy, 'account') && <Link to={`/accounts/${accountId}`}>{t('summaries.page.openAccount')}</Link>}
      </Flex>
      <AccountSummaryView summary={data} />
    </Flex>
  );
}

function MySchools() {
  const t = useT();
  const { token } = theme.useToken();
  const { data, isLoading, isError, refetch } = useListMySchoolsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <LoadFailed onRetry={() => void refetch()} />;
  return (
    <section aria-labelledby="my-schools-heading">
      <h2 id="my-schools-heading" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
        {t('summaries.page.schools')}
      </h2>
      <Typography.Paragraph type="secondary">{t('summaries.page.schoolsIntro')}</Typography.Paragraph>
      <Card size="small">
        {data.length === 0 ? (
          <Typography.Text type="secondary">{t('summaries.page.noSchools')}</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {data.map((s) => (
              <li key={s.id}>
                <Link to={`/organizations/${s.id}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
