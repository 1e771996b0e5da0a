import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Input, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useListClassesQuery } from '../api';
import type { ClassRow } from '../classes.types';
import { classHref, classLabGroupsHref } from '../lib/class-paths';

const PER_PAGE = 20;

/**
 * /lab-groups: lab groups live inside a class (/classes/{id}/lab-groups), so this page lists the classes the viewer
 * may see (POST classes/list, a teacher's own), searchable and paged, each linking to its lab groups.
 */
export function LabGroupsIndexPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListClassesQuery({ page, per_page: PER_PAGE, ...(search ? { search } : {}) });

  return (
    <Flex vertical gap="large">
      <Flex vertical gap="small">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('morePages.labGroups.title')}</h1>
        <Typography.Text type="secondary">{t('morePages.labGroups.intro')}</Typography.Text>
      </Flex>
      <Flex wrap gap="small" role="search" aria-label={t('morePages.labGroups.search')}>
        <Input.Search
          allowClear
          aria-label={t('morePages.labGroups.search')}
          placeholder={t('morePages.labGroups.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<ClassRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('morePages.labGroups.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'name',
              title: t('morePages.labGroups.class'),
              render: (_v, c) => <Link to={classHref(c.id)}>{c.name}</Link>,
            },
            { key: 'school', title: t('morePages.labGroups.school'), dataIndex: 'organization_name' },
            { key: 'students', title: t('morePages.labGroups.students'), dataIndex: 'students_count' },
            {
              key: 'labGroups',
              title: t('morePages.labGroups.open'),
              render: (_v, c) => (
                <Link to={classLabGroupsHref(c.id)} aria-label={t('morePages.labGroups.openOf', { name: c.name })}>
                  {t('morePages.labGroups.open')}
                </Link>
              ),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
