import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, Descriptions, Flex, Progress, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { PageHeading } from '../../../components/page-heading';
import { useRosterItemLive } from '../hooks/use-roster-live';
import { dataTypeLabel, importTypeLabel } from '../lib/roster-labels';
import { rosterHistoryHref } from '../lib/roster-paths';
import { hasReview, isRunning, progressOf } from '../lib/roster-status';
import { useRosterQueueItemQuery } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';
import { RosterChanges } from './roster-changes';
import { RosterItemActions } from './roster-item-actions';
import { RosterLog } from './roster-log';
import { RosterStatusTag } from './roster-status-tag';

/** While the socket is not following the item (provider staff off their channel, a dropped connection). */
const POLL_MS = 3_000;

/**
 * /one-roster-review/:queueId (002 section 2; issue 16 items 4-8): one import with its live status and progress,
 * the sanity figures when it waits for a confirmation, the review of its changes, and its log. Roster managers
 * approve, confirm, reject or restart it here; everyone who sees the history may read it.
 */
export function RosterReviewPage() {
  const t = useT();
  const queueId = Number(useParams().queueId);
  const policy = useAppSelector(selectPolicy);
  const manage = policy ? can(policy, 'one-roster', ['view', 'update']) : false;
  const first = useRosterQueueItemQuery(queueId, { skip: !Number.isInteger(queueId) || queueId <= 0 });
  const { live } = useRosterItemLive(queueId, first.data?.account_id);
  const running = first.data ? isRunning(first.data.status) : false;
  const {
    data: item,
    isLoading,
    isError,
  } = useRosterQueueItemQuery(queueId, {
    skip: !Number.isInteger(queueId) || queueId <= 0,
    pollingInterval: running && !live ? POLL_MS : 0,
  });

  if (isLoading) return <Spin tip={t('rosterUi.item.loading')} fullscreen={false} />;
  if (isError || !item) return <PageMessage title={t('rosterUi.item.notFound')} />;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const progress = progressOf(item.status);

  return (
    <Flex vertical gap="large">
      <Link to={rosterHistoryHref()}>{t('rosterUi.item.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex align="center" gap="middle">
          <PageHeading>{t('rosterUi.item.title', { id: item.id })}</PageHeading>
          <span role="status" aria-live="polite" aria-label={t('rosterUi.columns.status')}>
            <RosterStatusTag status={item.status} />
          </span>
        </Flex>
        <RosterItemActions item={item} manage={manage} />
      </Flex>
      {progress !== null && (
        <div>
          <Typography.Text type="secondary">{t('rosterUi.item.running')}</Typography.Text>
          <Progress percent={progress} status="active" aria-label={t('rosterUi.item.progress')} />
        </div>
      )}
      {item.error && <Alert type="error" showIcon message={t('rosterUi.item.error')} description={item.error} />}
      {item.status === 'actionRequired' && item.sanity && <SanityFigures sanity={item.sanity} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        title={t('rosterUi.item.details')}
        items={[
          { key: 'source', label: t('rosterUi.columns.dataType'), children: dataTypeLabel(t, item.data_type) },
          { key: 'file', label: t('rosterUi.columns.file'), children: item.file_name ?? '—' },
          { key: 'import', label: t('rosterUi.columns.importType'), children: importTypeLabel(t, item.import_type) },
          { key: 'created', label: t('rosterUi.columns.created'), children: when(item.created_at) },
          { key: 'approved', label: t('rosterUi.item.approvedAt'), children: when(item.approved_at) },
          { key: 'processed', label: t('rosterUi.columns.processed'), children: when(item.processed_at) },
        ]}
      />
      <section aria-labelledby="roster-review-heading">
        <Typography.Title level={2} id="roster-review-heading" style={{ marginTop: 0 }}>
          {t('rosterUi.review.title')}
        </Typography.Title>
        {hasReview(item.status, item.diff_summary !== null) ? (
          <>
            <Typography.Paragraph type="secondary">{t('rosterUi.review.intro')}</Typography.Paragraph>
            <RosterChanges queueId={item.id} summary={item.diff_summary} />
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('rosterUi.review.waiting')}</Typography.Paragraph>
        )}
      </section>
      <section aria-labelledby="roster-log-heading">
        <Typography.Title level={2} id="roster-log-heading" style={{ marginTop: 0 }}>
          {t('rosterUi.log.title')}
        </Typography.Title>
        <RosterLog queueId={item.id} />
      </section>
    </Flex>
  );
}

function SanityFigures({ sanity }: { sanity: NonNullable<RosterQueueItem['sanity']> }) {
  const t = useT();
  const kinds = ['users', 'classes', 'enrollments'] as const;
  return (
    <Alert
      type="warning"
      showIcon
      message={t('rosterUi.sanity.title')}
      description={
        <>
          <p style={{ marginTop: 0 }}>{t('rosterUi.sanity.intro', { share: Math.round(sanity.share * 1000) / 10 })}</p>
          <ul style={{ margin: 0 }}>
            {kinds.map((k) => (
              <li key={k}>
                <strong>{t(`rosterUi.sanity.${k}`)}</strong>:{' '}
                {t('rosterUi.sanity.figure', { disable: sanity[k].disable, existing: sanity[k].existing })}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
