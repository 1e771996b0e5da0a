import { canDeleteGroup } from '@aula/domain/groups';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { App, Button, Descriptions, Flex, Popconfirm, Space, Table, Typography, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { classHref, personName } from '../../classes/lib/class-paths';
import { useDeleteGroupMutation, useGetGroupQuery } from '../api';
import type { GroupMember } from '../groups.types';
import { groupUpdateHref, groupsHref } from '../lib/group-paths';
import { GroupTags } from './group-tags';

/** /groups/:groupId, the group summary: its details, learners (flagged when there are none), teachers and classes. */
export function GroupSummaryPage() {
  const { groupId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <GroupSummary groupId={Number(raw)} />;
}

function GroupSummary({ groupId }: { groupId: number }) {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'group', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'group', ['view', 'delete']) : false;
  const canClasses = policy ? can(policy, 'class', 'view') : false;
  const { data: group, isLoading, isError } = useGetGroupQuery(groupId);
  const [remove, { isLoading: removing }] = useDeleteGroupMutation();
  if (isLoading) return <PageLoader />;
  if (isError || !group) return <NotFoundPage />;

  const none = (key: 'groups.summary.noClasses' | 'groups.summary.noTeachers') => (
    <Typography.Text type="secondary">{t(key)}</Typography.Text>
  );
  const people = (list: GroupMember[], empty: string) => (
    <Table<GroupMember>
      rowKey="id"
      size="small"
      dataSource={list}
      pagination={list.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: empty }}
      columns={[
        { key: 'name', title: t('groups.summary.name'), render: (_v, p) => personName(p) },
        { key: 'login', title: t('groups.summary.login'), render: (_v, p) => p.username ?? p.email ?? '' },
      ]}
    />
  );

  return (
    <Flex vertical gap="large">
      <Link to={groupsHref()}>{t('groups.summary.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex align="center" gap="small" wrap>
          <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{group.name}</h1>
          <GroupTags group={group} />
        </Flex>
        <Space wrap>
          {canUpdate && (
            <Button
              type={group.deleted ? 'primary' : 'default'}
              onClick={() => void navigate(groupUpdateHref(group.id))}
            >
              {group.deleted ? t('groups.list.restore') : t('groups.summary.edit')}
            </Button>
          )}
          {canDelete && canDeleteGroup(group) && (
            <Popconfirm
              title={t('groups.list.deleteConfirm', { name: group.name })}
              okText={t('groups.list.delete')}
              cancelText={t('groups.form.cancel')}
              onConfirm={async () => {
                await remove(group.id).unwrap();
                void message.success(t('groups.list.deleted', { name: group.name }));
              }}
            >
              <Button loading={removing}>{t('groups.list.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      <Descriptions
        bordered
        column={1}
        items={[
          {
            key: 'type',
            label: t('groups.form.learnerType'),
            children: t(`groups.learnerTypes.${group.learner_type}`),
          },
          {
            key: 'school',
            label: t('groups.form.school'),
            children: group.organization_name ?? t('groups.wholeDistrict'),
          },
          {
            key: 'classes',
            label: t('groups.form.classes'),
            children: group.classes.length ? (
              <Flex wrap gap={8}>
                {group.classes.map((c) =>
                  canClasses ? (
                    <Link key={c.id} to={classHref(c.id)}>
                      {c.name}
                    </Link>
                  ) : (
                    <span key={c.id}>{c.name}</span>
                  ),
                )}
              </Flex>
            ) : (
              none('groups.summary.noClasses')
            ),
          },
          {
            key: 'createdBy',
            label: t('groups.summary.createdBy'),
            children: group.created_by ? personName(group.created_by) : '',
          },
          ...(group.deleted && group.deleted_at
            ? [
                {
                  key: 'deleted',
                  label: t('groups.summary.deletedOn'),
                  children: dates.date(group.deleted_at),
                },
              ]
            : []),
        ]}
      />
      <section aria-labelledby="group-learners">
        <h2 id="group-learners" style={{ fontSize: 20 }}>
          {t('groups.summary.learners', { count: group.students_count })}
        </h2>
        {people(group.users.students, t('groups.emptyHelp'))}
      </section>
      <section aria-labelledby="group-teachers">
        <h2 id="group-teachers" style={{ fontSize: 20 }}>
          {t('groups.summary.teachers', { count: group.teachers_count })}
        </h2>
        {group.users.teachers.length ? people(group.users.teachers, '') : none('groups.summary.noTeachers')}
      </section>
    </Flex>
  );
}
