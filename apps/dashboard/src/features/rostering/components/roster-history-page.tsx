import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { formatDateTime } from '@aula/web/lib/date-format.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useListAccountOptionsQuery } from '../../academic-sessions/api';
import { useRosterHistoryLive } from '../hooks/use-roster-live';
import { rosterHistoryHref, rosterReviewHref, rosterSourcesHref, rosterValidationHref } from '../lib/roster-paths';
import { dataTypeLabel } from '../lib/roster-labels';
import { isRunning } from '../lib/roster-status';
import { useRosterQueueHistoryQuery } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';
import { RosterAccountPicker } from './roster-account-picker';
import { RosterImportButton } from './roster-import-button';
import { RosterStatusTag } from './roster-status-tag';

const PER_PAGE = 20;
/** Provider staff on every account's history have no one channel to follow: the page is read again this often. */
const POLL_MS = 10_000;

/**
 * /one-roster-history (002 sections 2 and 4; issue 16 items 4 and 8): the OneRoster import history, newest first,
 * common for provider and domain staff (with an account filter), a district's own for its staff. It follows the
 * account's roster channel: a new import appears on page 1, a changed one is replaced. Roster managers start an
 * import from a zip here.
 */
export function RosterHistoryPage() {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const user = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const ownAccountId = user?.account_id ?? undefined;
  const staff = ownAccountId === undefined;
  const filtered = Number(params.get('account_id')) || undefined;
  const accountId = ownAccountId ?? filtered;
  const canImport = policy ? can(policy, 'one-roster', ['view', 'create']) : false;
  const [page, setPage] = useState(1);
  const args = { page, per_page: PER_PAGE, account_id: accountId };
  const { live } = useRosterHistoryLive(args);
  const { data, isFetching, isError } = useRosterQueueHistoryQuery(args, { pollingInterval: live ? 0 : POLL_MS });
  const { data: accounts = [] } = useListAccountOptionsQuery('', { skip: !staff });
  const accountName = (id: number) => accounts.find((a) => a.id === id)?.name ?? `#${id}`;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <PageHeading>{t('rosterUi.title')}</PageHeading>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('rosterUi.intro')}</p>
        </div>
        <Flex gap="small" wrap align="center">
          {live && <Tag color="green">{t('rosterUi.live')}</Tag>}
          <Link to={rosterSourcesHref()}>{t('rosterUi.sources')}</Link>
          <Link to={rosterValidationHref()}>{t('rosterUi.validate')}</Link>
          {canImport && (
            <RosterImportButton ownAccountId={ownAccountId} defaultAccountId={filtered} onStarted={() => setPage(1)} />
          )}
        </Flex>
      </Flex>
      {staff && (
        <Flex wrap gap="small" role="search" aria-label={t('rosterUi.account')}>
          <RosterAccountPicker
            allowClear
            value={filtered}
            onChange={(id) => {
              setPage(1);
              setParams(id ? { account_id: String(id) } : {}, { replace: true });
            }}
          />
        </Flex>
      )}
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<RosterQueueItem>
          rowKey="id"
          loading={isFetching && !data}
          dataSource={isError ? [] : (data?.data ?? [])}
          locale={{ emptyText: t('rosterUi.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'id',
              title: t('rosterUi.columns.id'),
              render: (_v, r) => <Link to={rosterReviewHref(r.id)}>{t('rosterUi.item.title', { id: r.id })}</Link>,
            },
            ...(staff
              ? [
                  {
                    key: 'account',
                    title: t('rosterUi.columns.account'),
                    render: (_v: unknown, r: RosterQueueItem) => (
                      <Link to={rosterHistoryHref(r.account_id)}>{accountName(r.account_id)}</Link>
                    ),
                  },
                ]
              : []),
            {
              key: 'source',
              title: t('rosterUi.columns.dataType'),
              render: (_v, r) => dataTypeLabel(t, r.data_type),
            },
            { key: 'file', title: t('rosterUi.columns.file'), render: (_v, r) => r.file_name ?? '—' },
            {
              key: 'status',
              title: t('rosterUi.columns.status'),
              render: (_v, r) => <RosterStatusTag status={r.status} />,
            },
            { key: 'created', title: t('rosterUi.columns.created'), render: (_v, r) => when(r.created_at) },
            { key: 'processed', title: t('rosterUi.columns.processed'), render: (_v, r) => when(r.processed_at) },
            {
              key: 'actions',
              title: t('rosterUi.columns.actions'),
              render: (_v, r) => (
                <Button
                  size="small"
                  type={isRunning(r.status) ? 'default' : 'link'}
                  aria-label={t('rosterUi.openItem', { id: r.id })}
                  onClick={() => void navigate(rosterReviewHref(r.id))}
                >
                  {t('rosterUi.open')}
                </Button>
              ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
