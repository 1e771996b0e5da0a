import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { tableHeight } from '@aula/web/lib/table-height.ts';
import { Checkbox, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useListStudentsQuery } from '../api';
import { classroomName } from '@aula/domain/classes';
import { listScopeOf, studentScopeOf } from '../lib/list-scope';
import { useScopeSchools } from '../lib/scope-schools';
import { studentHref } from '../lib/people-paths';
import type { Student } from '../people.types';
import { ListHeader } from './list-header';
import { TagList } from './tag-list';
import { StatusTag } from '../../../components/status-tag';

const PER_PAGE = 20;

/**
 * /students and the scoped lists (/accounts/:id/students, /organizations/:id/students, /classes/:id/students,
 * /teachers/:id/students, /groups/:id/students): the students the caller reaches, with their classes, schools and
 * groups; each opens the student's profile (inside a class, the class student page).
 */
export function StudentsPage() {
  const params = useParams();
  const scope = listScopeOf(params);
  return <StudentsList key={scope ? `${scope.scope}/${scope.id}` : 'all'} />;
}

function StudentsList() {
  const t = useT();
  const scope = listScopeOf(useParams());
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  // a teacher (no organization context) reaches the students of their own classes anyway
  const policy = useAppSelector(selectPolicy);
  const offerMine = !scope && policy?.context.organization === true;
  const [page, setPage] = useState(1);
  // under an admin: the students of the admin's schools
  const bySchools = scope?.scope === 'admins';
  const schools = useScopeSchools(scope, bySchools);
  const studentScope = bySchools ? { organization_ids: schools.ids ?? [] } : studentScopeOf(scope);
  const classId = scope?.scope === 'classes' ? scope.id : undefined;
  const { data, isFetching } = useListStudentsQuery(
    {
      page,
      per_page: PER_PAGE,
      withRelations: true,
      ...(search ? { search } : {}),
      ...(studentScope ? { scope: studentScope } : {}),
      ...(mine ? { mine: true } : {}),
    },
    { skip: bySchools && schools.ids === undefined },
  );
  const none = <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;

  return (
    <Flex vertical gap="large">
      <ListHeader title={t('people.students.title')} listName={t('people.students.listName')} scope={scope} />
      <Flex wrap gap="small" align="center" role="search" aria-label={t('people.students.search')}>
        <Input.Search
          allowClear
          aria-label={t('people.students.search')}
          placeholder={t('people.students.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        {offerMine && (
          <Checkbox
            checked={mine}
            onChange={(e) => {
              setMine(e.target.checked);
              setPage(1);
            }}
          >
            {t('people.students.myOnly')}
          </Checkbox>
        )}
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<Student>
          rowKey="id"
          loading={isFetching || (bySchools && schools.ids === undefined)}
          dataSource={data?.data ?? []}
          scroll={{ y: tableHeight(window.innerHeight, 'student') }}
          locale={{ emptyText: t('people.students.empty') }}
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
              render: (_v, s) => <Link to={studentHref(s.id, classId)}>{s.full_name}</Link>,
            },
            { key: 'username', title: t('people.common.username'), render: (_v, s) => s.username ?? s.email ?? none },
            {
              key: 'classes',
              title: t('people.common.classes'),
              render: (_v, s) => (
                <TagList items={(s.classes ?? []).map((c) => ({ id: c.id, label: classroomName(c) }))} />
              ),
            },
            {
              key: 'schools',
              title: t('people.common.schools'),
              render: (_v, s) => <TagList items={(s.organizations ?? []).map((o) => ({ id: o.id, label: o.name }))} />,
            },
            {
              key: 'groups',
              title: t('people.common.groups'),
              render: (_v, s) => <TagList items={(s.groups ?? []).map((g) => ({ id: g.id, label: g.name }))} />,
            },
            {
              key: 'status',
              title: t('people.common.status'),
              render: (_v, s) =>
                s.disabled ? (
                  <StatusTag tone="red">{t('people.common.disabled')}</StatusTag>
                ) : (
                  t('people.common.active')
                ),
            },
          ]}
        />
      </div>
      <Typography.Text type="secondary" aria-live="polite">
        {t('people.students.total', { count: data?.meta.total ?? 0 })}
      </Typography.Text>
    </Flex>
  );
}
