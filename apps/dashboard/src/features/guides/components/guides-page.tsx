import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Input, Popconfirm, Space, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { activityViewHref } from '../../activity-builder/lib/builder-paths';
import { useDeleteGuideMutation, useListGuidesQuery } from '../api';
import type { Guide } from '../guides.types';
import { formatFileSize, guideFileKind } from '../lib/guide-form-data';
import { guideCreateHref, guideEditHref } from '../lib/guide-paths';
import { GuideDownloadButton } from './guide-download-button';

const PER_PAGE = 20;

/**
 * /guides (guide-management): the guides the caller reads, the domain's shared ones and their district's own, with
 * search and paging; add, edit and delete for those who may. A district's editor sees the domain's guides but
 * changes only their own (the API answers 403 otherwise), so those rows have no edit or delete.
 */
export function GuidesPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const user = useAppSelector(selectCurrentUser);
  const canCreate = policy ? can(policy, 'guide', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'guide', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'guide', ['view', 'delete']) : false;
  const mine = (g: Guide) => !user?.account_id || g.account_id === user.account_id;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isFetching } = useListGuidesQuery({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });
  const [remove] = useDeleteGuideMutation();

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('guides.title')}</h1>
          <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('guides.intro')}</p>
        </div>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(guideCreateHref())}>
            {t('guides.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('guides.search')}>
        <Input.Search
          allowClear
          aria-label={t('guides.search')}
          placeholder={t('guides.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Guide>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search ? t('guides.noMatch') : t('guides.empty') }}
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
              title: t('guides.name'),
              render: (_v, g) => (
                <Flex vertical>
                  <Typography.Text strong>{g.title}</Typography.Text>
                  {g.description && (
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                      {g.description}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              key: 'file',
              title: t('guides.file'),
              render: (_v, g) => (
                <Space>
                  <Typography.Text type="secondary">
                    {t('guides.fileLabel', { kind: guideFileKind(g.file.type), size: formatFileSize(g.file.size) })}
                  </Typography.Text>
                  <GuideDownloadButton guide={g} size="small" />
                </Space>
              ),
            },
            {
              key: 'activities',
              title: t('guides.activities'),
              render: (_v, g) =>
                g.activities.length ? (
                  <Flex wrap gap={4}>
                    {g.activities.map((a) => (
                      <Tag key={a.id} style={{ marginInlineEnd: 0 }}>
                        <Link to={activityViewHref(a.id)}>{a.title}</Link>
                      </Tag>
                    ))}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('guides.noActivities')}</Typography.Text>
                ),
            },
            {
              key: 'owner',
              title: t('guides.owner'),
              render: (_v, g) =>
                g.account_id === null ? (
                  <Tag color="blue">{t('guides.wholeDomain')}</Tag>
                ) : (
                  <Tag>{t('guides.district')}</Tag>
                ),
            },
            {
              key: 'actions',
              title: t('guides.actions'),
              render: (_v, g) =>
                mine(g) && (
                  <Space>
                    {canUpdate && (
                      <Button
                        size="small"
                        aria-label={`${t('guides.edit')}: ${g.title}`}
                        onClick={() => void navigate(guideEditHref(g.id))}
                      >
                        {t('guides.edit')}
                      </Button>
                    )}
                    {canDelete && (
                      <Popconfirm
                        title={t('guides.deleteConfirm', { name: g.title })}
                        description={t('guides.deleteHint')}
                        okText={t('guides.delete')}
                        cancelText={t('guides.cancel')}
                        onConfirm={async () => {
                          try {
                            await remove(g.id).unwrap();
                            void message.success(t('guides.deleted'));
                          } catch {
                            // toasted by the shared handler
                          }
                        }}
                      >
                        <Button size="small" danger aria-label={`${t('guides.delete')}: ${g.title}`}>
                          {t('guides.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
