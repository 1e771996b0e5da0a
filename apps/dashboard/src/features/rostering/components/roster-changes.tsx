import { ROSTER_CHANGE_ACTIONS, ROSTER_ENTITY_TYPES, type RosterChangeAction } from '@aula/domain/roster-queue';
import type { RosterEntityType } from '@aula/domain/roster-queue';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { StatusTag } from '../../../components/status-tag';
import { changeRows, valueText } from '../lib/roster-labels';
import { useRosterQueueReviewQuery } from '../roster-queue-api';
import type { RosterChange, RosterDiffSummary } from '../roster-queue.types';

const PER_PAGE = 20;
const ACTION_TONE = {
  create: 'green',
  update: 'blue',
  disable: 'red',
  possible_match: 'default',
  skip: 'default',
} as const;

/**
 * The review (issue 16 item 6): per entity type, what the import would create, update (old -> new) and disable,
 * the users it would not merge with a possible match, searchable and paged. Tab titles carry the counts.
 */
export function RosterChanges({ queueId, summary }: { queueId: number; summary: RosterDiffSummary | null }) {
  const t = useT();
  const [entity, setEntity] = useState<RosterEntityType>('orgs');
  const count = (e: RosterEntityType) =>
    Object.entries(summary?.[e] ?? {})
      .filter(([action]) => action !== 'skip')
      .reduce((n, [, v]) => n + (v ?? 0), 0);
  return (
    <Tabs
      activeKey={entity}
      onChange={(k) => setEntity(k as RosterEntityType)}
      destroyOnHidden
      items={ROSTER_ENTITY_TYPES.map((e) => ({
        key: e,
        label: summary ? `${t(`rosterUi.review.entities.${e}`)} (${count(e)})` : t(`rosterUi.review.entities.${e}`),
        children: <ChangeTable queueId={queueId} entity={e} />,
      }))}
    />
  );
}

function ChangeTable({ queueId, entity }: { queueId: number; entity: RosterEntityType }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<RosterChangeAction | undefined>(undefined);
  const [search, setSearch] = useState('');
  const { data, isFetching } = useRosterQueueReviewQuery({
    queue_id: queueId,
    entity_type: entity,
    page,
    per_page: PER_PAGE,
    ...(action ? { action } : {}),
    ...(search ? { search } : {}),
  });
  const title = t(`rosterUi.review.entities.${entity}`);
  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" role="search" aria-label={`${title}: ${t('rosterUi.review.search')}`}>
        <Select<RosterChangeAction | 'all'>
          style={{ width: 200 }}
          aria-label={t('rosterUi.review.filter')}
          value={action ?? 'all'}
          onChange={(v) => {
            setAction(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('rosterUi.review.changeActions.all') },
            ...ROSTER_CHANGE_ACTIONS.map((a) => ({ value: a, label: t(`rosterUi.review.changeActions.${a}`) })),
          ]}
        />
        <Input.Search
          allowClear
          style={{ width: 280 }}
          aria-label={t('rosterUi.review.search')}
          placeholder={t('rosterUi.review.search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<RosterChange>
          rowKey="id"
          size="small"
          aria-label={title}
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search || action ? t('rosterUi.review.noMatch') : t('rosterUi.review.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'action',
              title: t('rosterUi.review.columns.action'),
              render: (_v, c) => (
                <StatusTag tone={ACTION_TONE[c.action]}>{t(`rosterUi.review.changeActions.${c.action}`)}</StatusTag>
              ),
            },
            { key: 'name', title: t('rosterUi.review.columns.name'), dataIndex: 'label' },
            {
              key: 'sourcedId',
              title: t('rosterUi.review.columns.sourcedId'),
              render: (_v, c) => <Typography.Text code>{c.sourced_id}</Typography.Text>,
            },
            { key: 'values', title: t('rosterUi.review.columns.changes'), render: (_v, c) => <ChangeValues c={c} /> },
          ]}
        />
      </div>
    </Flex>
  );
}

function ChangeValues({ c }: { c: RosterChange }) {
  const t = useT();
  if (c.action === 'possible_match') {
    return (
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t('rosterUi.review.matchHint')}</Typography.Text>
        {(c.candidates ?? []).map((m) => (
          <span key={m.id}>
            <Tag>{`${m.first_name} ${m.last_name}`}</Tag>
            {[m.email, m.username].filter(Boolean).join(' · ')}
          </span>
        ))}
      </Flex>
    );
  }
  if (c.action === 'disable') return null;
  const rows = changeRows(c.changes);
  if (rows.length === 0) return null;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((r) => (
        <li key={r.field}>
          <Typography.Text type="secondary">{r.field}: </Typography.Text>
          {'old' in r ? (
            <>
              <del>{valueText(t, r.old)}</del> → <strong>{valueText(t, r.value)}</strong>
            </>
          ) : (
            valueText(t, r.value)
          )}
        </li>
      ))}
    </ul>
  );
}
