import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useScopeSchools } from '../../people/lib/scope-schools';
import { useListClassesQuery } from '../api';
import type { ClassRow, ListOf } from '../classes.types';
import { classGroupsHref, classHref, classLabGroupsHref, classSettingsHref, personName } from '../lib/class-paths';

const PER_PAGE = 20;

// The innermost scope of the URL is the list's subject: /accounts/1/teachers/3/classes lists teacher 3's classes.
const LIST_SCOPES = [
  ['groupId', 'groups'],
  ['studentId', 'students'],
  ['teacherId', 'teachers'],
  ['orgId', 'organizations'],
  ['accountId', 'accounts'],
] as const;

/** The class lists under a teacher, school, account, student or group (001 section 2's '*' lists), narrowed to it. */
export function ScopedClassesPage() {
  const params = useParams();
  const { adminId } = params;
  if (adminId !== undefined) {
    if (!/^\d{1,9}$/.test(adminId)) return <NotFoundPage />;
    return <AdminClassesPage key={adminId} adminId={Number(adminId)} />;
  }
  const [param, scope] = LIST_SCOPES.find(([p]) => params[p] !== undefined) ?? LIST_SCOPES[4];
  const id = Number(params[param]);
  return <ClassesPage key={`${scope}/${id}`} listOf={{ scope, id }} />;
}

/**
 * /classes: the classes the caller may see (a teacher: the classes they teach), searchable, each linking to its
 * summary, settings, lab groups and groups.
 */
/** The classes under an admin (/admins/:adminId/classes): the classes of the admin's schools. */
function AdminClassesPage({ adminId }: { adminId: number }) {
  const schools = useScopeSchools({ scope: 'admins', id: adminId }, true);
  return <ClassesPage ofSchools={schools.ids ?? null} />;
}

export function ClassesPage({ listOf, ofSchools }: { listOf?: ListOf; ofSchools?: number[] | null } = {}) {
  const t = useT();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'class', ['view', 'update']) : false;
  const canGroups = policy ? can(policy, 'group', 'view') : false;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListClassesQuery(
    {
      page,
      per_page: PER_PAGE,
      ...(search ? { search } : {}),
      ...(listOf ? { of: listOf } : {}),
      ...(ofSchools ? { organization_ids: ofSchools } : {}),
    },
    { skip: ofSchools === null },
  );

  return (
    <Flex vertical gap="large">
      <PageHeading>
        {ofSchools !== undefined
          ? t('scopedLists.classesOfAdmin')
          : listOf && listOf.scope !== 'classes'
            ? t(`classes.list.of.${listOf.scope}`)
            : t('classes.list.title')}
      </PageHeading>
      <Flex wrap gap="small" role="search" aria-label={t('classes.list.filters')}>
        <Input.Search
          allowClear
          aria-label={t('classes.list.search')}
          placeholder={t('classes.list.search')}
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
          loading={isFetching || ofSchools === null}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('classes.list.empty') }}
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
              title: t('classes.list.columns.name'),
              render: (_v, c) => <Link to={classHref(c.id)}>{c.name}</Link>,
            },
            { key: 'school', title: t('classes.list.columns.school'), dataIndex: 'organization_name' },
            {
              key: 'teacher',
              title: t('classes.list.columns.primaryTeacher'),
              render: (_v, c) =>
                c.primary_teacher ? (
                  personName(c.primary_teacher)
                ) : (
                  <Typography.Text type="secondary">{t('classes.summary.noTeacher')}</Typography.Text>
                ),
            },
            { key: 'students', title: t('classes.list.columns.students'), dataIndex: 'students_count' },
            {
              key: 'actions',
              title: t('classes.list.columns.actions'),
              render: (_v, c) => (
                <Space wrap size="middle">
                  {canUpdate && (
                    <Link to={classSettingsHref(c.id)} aria-label={t('classes.list.settingsOf', { name: c.name })}>
                      {t('classes.nav.settings')}
                    </Link>
                  )}
                  <Link to={classLabGroupsHref(c.id)} aria-label={t('classes.list.labGroupsOf', { name: c.name })}>
                    {t('classes.nav.labGroups')}
                  </Link>
                  {canGroups && (
                    <Link to={classGroupsHref(c.id)} aria-label={t('classes.list.groupsOf', { name: c.name })}>
                      {t('classes.nav.groups')}
                    </Link>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Typography.Text type="secondary" aria-live="polite">
        {t('classes.list.total', { count: data?.meta.total ?? 0 })}
      </Typography.Text>
    </Flex>
  );
}
