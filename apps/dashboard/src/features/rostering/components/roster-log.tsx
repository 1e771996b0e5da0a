import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { StatusTag } from '../../../components/status-tag';
import { useRosterQueueLogQuery, useRosterQueueLogSummaryQuery } from '../roster-queue-api';
import type { RosterLogEntry } from '../roster-queue.types';

const PER_PAGE = 20;
const LEVEL_TONE = { error: 'red', warning: 'default', info: 'blue' } as const;
type Level = keyof typeof LEVEL_TONE;
const isLevel = (l: string): l is Level => l in LEVEL_TONE;

/** An import's log (issue 16 item 8): the summary (messages per file and level), then every message, paged. */
export function RosterLog({ queueId }: { queueId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data: summary } = useRosterQueueLogSummaryQuery(queueId);
  const { data, isFetching } = useRosterQueueLogQuery({ id: queueId, page, per_page: PER_PAGE });
  const level = (l: string) =>
    isLevel(l) ? <StatusTag tone={LEVEL_TONE[l]}>{t(`rosterUi.log.levels.${l}`)}</StatusTag> : l;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3} style={{ margin: 0 }} id="roster-log-summary">
        {t('rosterUi.log.summary')}
      </Typography.Title>
      <Table
        size="small"
        aria-labelledby="roster-log-summary"
        rowKey={(r) => `${r.file ?? ''}:${r.level}`}
        pagination={false}
        dataSource={summary?.counts ?? []}
        locale={{ emptyText: t('rosterUi.log.noSummary') }}
        columns={[
          {
            key: 'file',
            title: t('rosterUi.log.columns.file'),
            render: (_v, r) => r.file ?? t('rosterUi.log.wholeImport'),
          },
          { key: 'level', title: t('rosterUi.log.columns.level'), render: (_v, r) => level(r.level) },
          { key: 'count', title: t('rosterUi.log.columns.count'), dataIndex: 'count' },
        ]}
      />
      <Typography.Title level={3} style={{ margin: 0 }} id="roster-log">
        {t('rosterUi.log.messages')}
      </Typography.Title>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<RosterLogEntry>
          size="small"
          aria-labelledby="roster-log"
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('rosterUi.log.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'level', title: t('rosterUi.log.columns.level'), render: (_v, r) => level(r.level) },
            { key: 'file', title: t('rosterUi.log.columns.file'), render: (_v, r) => r.file ?? '—' },
            { key: 'row', title: t('rosterUi.log.columns.row'), render: (_v, r) => r.row ?? '—' },
            { key: 'column', title: t('rosterUi.log.columns.column'), render: (_v, r) => r.column ?? '—' },
            { key: 'message', title: t('rosterUi.log.columns.message'), dataIndex: 'message' },
          ]}
        />
      </div>
    </Flex>
  );
}
