import { useT } from '@aula/web/lib/i18n.ts';
import { tableHeight } from '@aula/web/lib/table-height.ts';
import { Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useListStaffQuery } from '../api';
import { classroomName } from '@aula/domain/classes';
import { listScopeOf, staffFilterOf } from '../lib/list-scope';
import { useScopeSchools } from '../lib/scope-schools';
import { teacherHref } from '../lib/people-paths';
import type { StaffUser } from '../people.types';
import { ListHeader } from './list-header';
import { TagList } from './tag-list';

const PER_PAGE = 20;

/**
 * /teachers and the scoped lists (under an account, school, class, student or group): the teachers the caller may
 * see, with their schools and classes; each opens the teacher's profile.
 */
export function TeachersPage() {
  const scope = listScopeOf(useParams());
  return <TeachersList key={scope ? `${scope.scope}/${scope.id}` : 'all'} />;
}

function TeachersList() {
  const t = useT();
  const scope = listScopeOf(useParams());
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // under an admin: the teachers of the admin's schools
  const bySchools = scope?.scope === 'admins';
  const schools = useScopeSchools(scope, bySchools);
  const { data, isFetching } = useListStaffQuery(
    {
      page,
      per_page: PER_PAGE,
      role: 'teacher',
      withRelations: true,
      ...(bySchools ? { organization_ids: schools.ids ?? [] } : staffFilterOf(scope)),
      ...(search ? { search } : {}),
    },
    { skip: bySchools && schools.ids === undefined },
  );
  const none = <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;

  return (
    <Flex vertical gap="large">
      <ListHeader title={t('people.teachers.title')} listName={t('people.teachers.listName')} scope={scope} />
      <Flex wrap gap="small" role="search" aria-label={t('people.teachers.search')}>
        <Input.Search
          allowClear
          aria-label={t('people.teachers.search')}
          placeholder={t('people.teachers.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<StaffUser>
          rowKey="id"
          loading={isFetching || (bySchools && schools.ids === undefined)}
          dataSource={data?.data ?? []}
          scroll={{ y: tableHeight(window.innerHeight, 'teacher') }}
          locale={{ emptyText: t('people.teachers.empty') }}
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
              title: t('people.common.name'),
              render: (_v, u) => <Link to={teacherHref(u.id)}>{u.full_name}</Link>,
            },
            { key: 'email', title: t('people.common.email'), render: (_v, u) => u.email ?? none },
            {
              key: 'schools',
              title: t('people.common.schools'),
              render: (_v, u) => <TagList items={(u.organizations ?? []).map((o) => ({ id: o.id, label: o.name }))} />,
            },
            {
              key: 'classes',
              title: t('people.common.classes'),
              render: (_v, u) => (
                <TagList items={(u.classes ?? []).map((c) => ({ id: c.id, label: classroomName(c) }))} />
              ),
            },
            {
              key: 'students',
              title: t('people.teachers.students'),
              render: (_v, u) => (u.classes ?? []).reduce((n, c) => n + c.students_count, 0),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
