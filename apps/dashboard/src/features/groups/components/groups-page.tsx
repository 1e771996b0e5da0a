import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { classOptionsWithAll, ALL_CLASSES_ID } from '@aula/domain/classes';
import { canDeleteGroup, GROUP_STATUSES, type GroupStatusFilter } from '@aula/domain/groups';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import {
  App,
  Button,
  Checkbox,
  Flex,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Table,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetClassQuery, useListClassesQuery } from '../../classes/api';
import { ClassHeader } from '../../classes/components/class-header';
import { classHref } from '../../classes/lib/class-paths';
import { useDeleteGroupMutation, useListGroupsQuery } from '../api';
import { useScopeSchools } from '../../people/lib/scope-schools';
import type { GroupRow, ListOf } from '../groups.types';
import { groupCreateHref, groupHref, groupUpdateHref } from '../lib/group-paths';
import { GroupTags } from './group-tags';

const PER_PAGE = 20;

// The innermost scope of the URL is the list's subject: /accounts/1/classes/5/groups lists class 5's groups.
const LIST_SCOPES = [
  ['classId', 'classes'],
  ['studentId', 'students'],
  ['teacherId', 'teachers'],
  ['orgId', 'organizations'],
  ['accountId', 'accounts'],
] as const;

/** The group lists under a class, student, teacher, school or account (001 section 2), narrowed to it. */
export function ScopedGroupsPage() {
  const params = useParams();
  const { adminId } = params;
  if (adminId !== undefined) {
    if (!/^\d{1,9}$/.test(adminId)) return <NotFoundPage />;
    return <AdminGroupsPage key={adminId} adminId={Number(adminId)} />;
  }
  const [param, scope] = LIST_SCOPES.find(([p]) => params[p] !== undefined) ?? LIST_SCOPES[4];
  const id = Number(params[param]);
  return <GroupsPage key={`${scope}/${id}`} listOf={{ scope, id }} />;
}

/**
 * /groups: the groups the caller may see (a teacher: those they made or teach), searchable, by class ('All Classes'
 * first), empty ones flagged, deleted ones listed on request; create, edit, delete, and restore through edit.
 */
/** The groups under an admin (/admins/:adminId/groups): the groups of the admin's schools. */
function AdminGroupsPage({ adminId }: { adminId: number }) {
  const schools = useScopeSchools({ scope: 'admins', id: adminId }, true);
  return <GroupsPage ofSchools={schools.ids ?? null} />;
}

export function GroupsPage({ listOf, ofSchools }: { listOf?: ListOf; ofSchools?: number[] | null } = {}) {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'group', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'group', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'group', ['view', 'delete']) : false;
  const canClasses = policy ? can(policy, 'class', 'view') : false;
  const byClass = listOf?.scope === 'classes';

  const [search, setSearch] = useState('');
  const [classId, setClassId] = useState<number>(ALL_CLASSES_ID);
  const [status, setStatus] = useState<GroupStatusFilter>('active');
  const [emptyOnly, setEmptyOnly] = useState(false);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListGroupsQuery(
    {
      page,
      per_page: PER_PAGE,
      status,
      ...(search ? { search } : {}),
      ...(classId !== ALL_CLASSES_ID ? { class_id: classId } : {}),
      ...(emptyOnly ? { empty: true } : {}),
      ...(listOf ? { of: listOf } : {}),
      ...(ofSchools ? { organization_ids: ofSchools } : {}),
    },
    { skip: ofSchools === null },
  );
  const { data: classes } = useListClassesQuery({ page: 1, per_page: 300 }, { skip: byClass || !canClasses });
  const [remove] = useDeleteGroupMutation();
  // the groups of one class sit among the class's pages
  const { data: ofClass } = useGetClassQuery(listOf?.id ?? 0, { skip: !byClass });

  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Flex vertical gap="large">
      {ofClass && <ClassHeader cls={ofClass} current="groups" title={t('groups.list.of.classes')} />}
      <Flex justify={ofClass ? 'end' : 'space-between'} align="center" wrap gap="middle">
        {!ofClass && (
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
            {ofSchools !== undefined
              ? t('scopedLists.groupsOfAdmin')
              : listOf && listOf.scope !== 'groups'
                ? t(`groups.list.of.${listOf.scope}`)
                : t('groups.list.title')}
          </h1>
        )}
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(groupCreateHref(byClass ? listOf.id : undefined))}>
            {t('groups.list.create')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap="small" align="center" role="search" aria-label={t('groups.list.filters')}>
        <Input.Search
          allowClear
          aria-label={t('groups.list.search')}
          placeholder={t('groups.list.search')}
          style={{ width: 240 }}
          onSearch={(v) => filtered(setSearch)(v.trim())}
        />
        {!byClass && canClasses && (
          <Select<number>
            aria-label={t('groups.list.class')}
            style={{ width: 240 }}
            value={classId}
            onChange={filtered(setClassId)}
            showSearch
            optionFilterProp="label"
            options={classOptionsWithAll(classes?.data ?? [], t('classes.allClasses')).map((o) => ({
              value: o.id,
              label: o.name,
            }))}
          />
        )}
        <Segmented<GroupStatusFilter>
          aria-label={t('groups.list.status')}
          value={status}
          onChange={filtered(setStatus)}
          options={GROUP_STATUSES.map((s) => ({ value: s, label: t(`groups.list.statuses.${s}`) }))}
        />
        <Checkbox checked={emptyOnly} onChange={(e) => filtered(setEmptyOnly)(e.target.checked)}>
          {t('groups.list.emptyOnly')}
        </Checkbox>
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<GroupRow>
          rowKey="id"
          loading={isFetching || ofSchools === null}
          dataSource={data?.data ?? []}
          locale={{ emptyText: t('groups.list.empty') }}
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
              title: t('groups.list.columns.name'),
              render: (_v, g) => (
                <Flex wrap gap={6} align="center">
                  <Link to={groupHref(g.id)}>{g.name}</Link>
                  <GroupTags group={g} />
                </Flex>
              ),
            },
            { key: 'learners', title: t('groups.list.columns.learners'), dataIndex: 'students_count' },
            { key: 'teachers', title: t('groups.list.columns.teachers'), dataIndex: 'teachers_count' },
            {
              key: 'classes',
              title: t('groups.list.columns.classes'),
              render: (_v, g) => (
                <Flex wrap gap={8}>
                  {g.classes.map((c) =>
                    canClasses ? (
                      <Link key={c.id} to={classHref(c.id)}>
                        {c.name}
                      </Link>
                    ) : (
                      <span key={c.id}>{c.name}</span>
                    ),
                  )}
                </Flex>
              ),
            },
            {
              key: 'school',
              title: t('groups.list.columns.school'),
              render: (_v, g) => g.organization_name ?? t('groups.wholeDistrict'),
            },
            {
              key: 'actions',
              title: t('groups.list.columns.actions'),
              render: (_v, g) => (
                <Space wrap size={4}>
                  {canUpdate && (
                    <Link to={groupUpdateHref(g.id)} aria-label={t('groups.list.editOf', { name: g.name })}>
                      {g.deleted ? t('groups.list.restore') : t('groups.list.edit')}
                    </Link>
                  )}
                  {canDelete && canDeleteGroup(g) && (
                    <Popconfirm
                      title={t('groups.list.deleteConfirm', { name: g.name })}
                      okText={t('groups.list.delete')}
                      cancelText={t('groups.form.cancel')}
                      onConfirm={async () => {
                        await remove(g.id).unwrap();
                        void message.success(t('groups.list.deleted', { name: g.name }));
                      }}
                    >
                      <Button size="small" aria-label={t('groups.list.deleteOf', { name: g.name })}>
                        {t('groups.list.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Typography.Text type="secondary" aria-live="polite">
        {t('groups.list.total', { count: data?.meta.total ?? 0 })}
      </Typography.Text>
    </Flex>
  );
}
