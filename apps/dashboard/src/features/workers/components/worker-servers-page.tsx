import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Input, Table, Tag, theme } from 'antd';
import { useState } from 'react';
import { JOB_STATES, useSearchWorkersQuery, type WorkerQueue } from '../api';

/**
 * /worker-servers (001 section 2, the technology resource): the background job queues this deployment's workers
 * run, with their schedule, retry policy and jobs in each state, searchable by name.
 */
export function WorkerServersPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const { data, isFetching, refetch } = useSearchWorkersQuery(search ? { search } : {}, {
    refetchOnMountOrArgChange: true,
  });
  const meta = data?.meta;
  const dash = '—';

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('workers.title')}</h1>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('workers.intro')}</p>
        </div>
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t('workers.refresh')}
        </Button>
      </Flex>
      {meta && (
        <Flex wrap gap="small">
          <Tag color={meta.worker_here ? 'green' : 'default'}>
            {meta.worker_here ? t('workers.workerHere') : t('workers.workerElsewhere')}
          </Tag>
          <Tag color={meta.queue === 'up' ? 'green' : meta.queue === 'down' ? 'red' : 'default'}>
            {t(`workers.queue.${meta.queue}`)}
          </Tag>
        </Flex>
      )}
      {meta?.queue === 'down' && <Alert type="error" showIcon message={t('workers.queueDown')} />}
      <Flex wrap gap="small" role="search" aria-label={t('workers.search')}>
        <Input.Search
          allowClear
          aria-label={t('workers.search')}
          placeholder={t('workers.search')}
          style={{ width: 260 }}
          onSearch={(v) => setSearch(v.trim())}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<WorkerQueue>
          rowKey="name"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('workers.empty') }}
          pagination={false}
          columns={[
            {
              key: 'name',
              title: t('workers.name'),
              render: (_v, q) => <code style={{ whiteSpace: 'nowrap' }}>{q.name}</code>,
            },
            { key: 'cron', title: t('workers.schedule'), render: (_v, q) => q.cron ?? t('workers.onDemand') },
            { key: 'retry', title: t('workers.retries'), render: (_v, q) => q.retry_limit ?? dash },
            {
              key: 'expire',
              title: t('workers.expires'),
              render: (_v, q) => q.expire_in_seconds ?? dash,
            },
            ...JOB_STATES.map((s) => ({
              key: s,
              title: t(`workers.states.${s}`),
              align: 'right' as const,
              render: (_v: unknown, q: WorkerQueue) => (q.by_state ? q.by_state[s] : dash),
            })),
          ]}
        />
      </div>
    </Flex>
  );
}
