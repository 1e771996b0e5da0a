import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Col, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useGetStaffSummaryQuery } from '../api';
import { FigureCard } from './figure-card';
import { LoadFailed } from './load-failed';

const TOTALS = ['accounts', 'organizations', 'teachers', 'students'] as const;

/**
 * The provider staff's summary (002 section 3): totals of accounts, organizations, teachers and students, each with
 * how many are demo ones, the empty accounts, and licences (expired, expiring soon), which read "Not set up" until
 * licences are built.
 */
export function StaffSummaryView() {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const { data, isLoading, isError, refetch } = useGetStaffSummaryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const heading = { fontSize: token.fontSizeHeading4, margin: '0 0 12px' };

  return (
    <section aria-labelledby="staff-summary-heading">
      <h2 id="staff-summary-heading" style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        {t('summaries.staff.title')}
      </h2>
      <Typography.Paragraph type="secondary">{t('summaries.staff.intro')}</Typography.Paragraph>
      {isLoading ? (
        <Skeleton active />
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : (
        <Flex vertical gap="large">
          <Row gutter={[16, 16]}>
            {TOTALS.map((key) => (
              <Col key={key} xs={24} sm={12} lg={6} data-figure={key}>
                <FigureCard
                  title={t(`summaries.staff.${key}`)}
                  value={data.totals[key].total}
                  extra={t('summaries.demoCount', { count: data.totals[key].demo })}
                />
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <section aria-labelledby="empty-accounts-heading">
                <h3 id="empty-accounts-heading" style={heading}>
                  {t('summaries.staff.emptyAccounts')}: {data.empty_accounts.total}
                </h3>
                <Card size="small">
                  <Typography.Paragraph type="secondary">{t('summaries.staff.emptyIntro')}</Typography.Paragraph>
                  {data.empty_accounts.total === 0 ? (
                    <Typography.Text>{t('summaries.staff.noEmptyAccounts')}</Typography.Text>
                  ) : (
                    <>
                      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                        {data.empty_accounts.accounts.map((a) => (
                          <li key={a.id}>
                            {can(policy, 'account') ? <Link to={`/accounts/${a.id}`}>{a.name}</Link> : a.name}
                          </li>
                        ))}
                      </ul>
                      {data.empty_accounts.accounts.length < data.empty_accounts.total && (
                        <Typography.Text type="secondary">
                          {t('summaries.staff.shownOf', {
                            shown: data.empty_accounts.accounts.length,
                            total: data.empty_accounts.total,
                          })}
                        </Typography.Text>
                      )}
                    </>
                  )}
                </Card>
              </section>
            </Col>
            <Col xs={24} lg={12}>
              <section aria-labelledby="staff-licences-heading">
                <h3 id="staff-licences-heading" style={heading}>
                  {t('summaries.staff.licenses')}
                </h3>
                <Row gutter={[16, 16]}>
                  <Col xs={24} sm={12}>
                    <FigureCard title={t('summaries.staff.expired')} value={data.licenses.expired} />
                  </Col>
                  <Col xs={24} sm={12}>
                    <FigureCard title={t('summaries.staff.expireSoon')} value={data.licenses.expire_soon} />
                  </Col>
                </Row>
              </section>
            </Col>
          </Row>
        </Flex>
      )}
    </section>
  );
}
