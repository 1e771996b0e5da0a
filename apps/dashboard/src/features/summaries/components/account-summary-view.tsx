import type { AccountSummary, SetupFlag } from '@aula/domain/summaries';
import { SETUP_FLAGS } from '@aula/domain/summaries';
import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { FigureCard } from './figure-card';

const grid = { xs: 24, sm: 12, md: 8, xl: 4 } as const;

/**
 * The figures of an account summary (002 section 3): totals of schools, classes, courses, students and rostering,
 * the people and work beside them, licences, and the setup flags as a checklist. Licences and rostering imports are
 * not built yet, so the API sends them as null and they read "Not set up".
 */
export function AccountSummaryView({ summary, rosterHref }: { summary: AccountSummary; rosterHref?: string }) {
  const t = useT();
  const { token } = theme.useToken();
  const { totals, stats } = summary;
  const heading = { fontSize: token.fontSizeHeading4, margin: '0 0 12px' };

  return (
    <Flex vertical gap="large">
      <section aria-labelledby="account-totals-heading">
        <h2 id="account-totals-heading" style={heading}>
          {t('summaries.account.totals')}
        </h2>
        <Row gutter={[16, 16]}>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.schools')} value={totals.schools} />
          </Col>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.classes')} value={totals.classes} />
          </Col>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.courses')} value={totals.courses} />
          </Col>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.students')} value={totals.students} />
          </Col>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.rostering')} value={totals.rostering} />
          </Col>
          <Col {...grid}>
            <FigureCard title={t('summaries.account.licenses')} value={summary.licenses} />
          </Col>
        </Row>
      </section>
      <section aria-labelledby="account-stats-heading">
        <h2 id="account-stats-heading" style={heading}>
          {t('summaries.account.stats')}
        </h2>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} lg={6}>
            <FigureCard title={t('summaries.account.teachers')} value={stats.teachers} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <FigureCard title={t('summaries.account.administrators')} value={stats.administrators} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <FigureCard title={t('summaries.account.groups')} value={stats.groups} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <FigureCard title={t('summaries.account.assignments')} value={stats.assignments} />
          </Col>
        </Row>
      </section>
      <SetupChecklist setup={summary.setup} rosterHref={rosterHref} />
    </Flex>
  );
}

/** rosterHref: the account's OneRoster imports, linked beside the import flags for those who may open them. */
function SetupChecklist({ setup, rosterHref }: { setup: AccountSummary['setup']; rosterHref?: string | undefined }) {
  const t = useT();
  const { token } = theme.useToken();
  const status = (flag: SetupFlag) => {
    const value = setup[flag];
    if (value === null) return <Tag>{t('summaries.notSetUp')}</Tag>;
    return value ? (
      <Tag color="success">{t('summaries.account.done')}</Tag>
    ) : (
      <Tag>{t('summaries.account.notDone')}</Tag>
    );
  };
  return (
    <section aria-labelledby="account-setup-heading">
      <h2 id="account-setup-heading" style={{ fontSize: token.fontSizeHeading4, margin: '0 0 4px' }}>
        {t('summaries.account.setup')}
      </h2>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('summaries.account.setupIntro')}
      </Typography.Paragraph>
      <Card size="small">
        <ul aria-label={t('summaries.account.setup')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {SETUP_FLAGS.map((flag, i) => (
            <li
              key={flag}
              data-flag={flag}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 12,
                padding: '8px 0',
                borderTop: i === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <span>{t(`summaries.account.flags.${flag}`)}</span>
              <Flex gap="small" align="center">
                {rosterHref && flag === 'import_processed' && <Link to={rosterHref}>{t('rosterUi.setupLink')}</Link>}
                {status(flag)}
              </Flex>
            </li>
          ))}
        </ul>
      </Card>
      {SETUP_FLAGS.some((f) => setup[f] === null) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('summaries.account.notBuilt')}
        </Typography.Paragraph>
      )}
    </section>
  );
}
