import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, Flex, Input, Space, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Activity } from '../activity-builder.types';
import { useArchiveActivityMutation, useListBuilderActivitiesQuery } from '../api';
import { activityPreviewHref, activityViewHref, builderHref } from '../lib/builder-paths';
import { StatusTag } from '../../../components/status-tag';

const PER_PAGE = 20;

/**
 * /archive: the archived activities (001 section 7, POST activities/archive), searchable and paged; each opens (the
 * builder for builders, the details page otherwise) and previews; builders restore one (POST activities/{id}/unarchive).
 */
export function ArchivePage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const canBuild = policy ? can(policy, 'activity-builder', ['view', 'update']) : false;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListBuilderActivitiesQuery({
    archived: true,
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
  });
  const [unarchive, { isLoading: restoring, originalArgs }] = useArchiveActivityMutation();

  const restore = async (a: Activity) => {
    try {
      await unarchive({ id: a.id, archived: false }).unwrap();
      void message.success(t('morePages.archive.restored', { title: a.title }));
    } catch {
      // toasted by the shared handler
    }
  };

  return (
    <Flex vertical gap="large">
      <Flex vertical gap="small">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('morePages.archive.title')}</h1>
        <Typography.Text type="secondary">{t('morePages.archive.intro')}</Typography.Text>
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('morePages.archive.search')}>
        <Input.Search
          allowClear
          aria-label={t('morePages.archive.search')}
          placeholder={t('morePages.archive.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Activity>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t(search ? 'morePages.archive.emptySearch' : 'morePages.archive.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'title',
              title: t('morePages.archive.title_'),
              render: (_v, a) => (
                <Link to={canBuild ? builderHref(a.id) : activityViewHref(a.id)} style={{ overflowWrap: 'anywhere' }}>
                  {a.title}
                </Link>
              ),
            },
            {
              key: 'kind',
              title: t('dashboard.builder.fields.kind'),
              render: (_v, a) => t(`dashboard.builder.kinds.${a.kind}`),
            },
            {
              key: 'status',
              title: t('dashboard.builder.fields.status'),
              render: (_v, a) => (
                <StatusTag tone={a.status === 'published' ? 'green' : 'default'}>
                  {t(`dashboard.builder.status.${a.status}`)}
                </StatusTag>
              ),
            },
            { key: 'updated', title: t('morePages.archive.updated'), render: (_v, a) => dates.date(a.updated_at) },
            {
              key: 'actions',
              title: t('morePages.archive.actions'),
              render: (_v, a) => (
                <Space wrap size="middle">
                  <Link
                    to={activityPreviewHref(a.id)}
                    aria-label={t('morePages.archive.previewOf', { title: a.title })}
                  >
                    {t('morePages.archive.preview')}
                  </Link>
                  {canBuild && (
                    <Button
                      size="small"
                      aria-label={t('morePages.archive.restoreOf', { title: a.title })}
                      loading={restoring && originalArgs?.id === a.id}
                      onClick={() => void restore(a)}
                    >
                      {t('morePages.archive.restore')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Typography.Text type="secondary" aria-live="polite">
        {t('dashboard.builder.list.total', { count: data?.meta.total ?? 0 })}
      </Typography.Text>
    </Flex>
  );
}
