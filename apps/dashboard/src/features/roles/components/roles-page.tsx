import { can, isPermission } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Flex, Input, Popconfirm, Space, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteRoleMutation, useListRolesQuery } from '../api';
import { createRoleHref, editRoleHref } from '../lib/role-paths';
import type { ListedRole } from '../roles.types';
import { MyRoleCard } from './my-role-card';

const PER_PAGE = 20;

/**
 * /roles (001 section 6, custom roles): the custom roles the viewer can see (their district's or domain's, and
 * provider-wide ones; provider staff see all), searched by name and paged; edit and delete where the viewer may
 * change the role. A role still held by users cannot be deleted: the confirmation says so and offers no delete.
 */
export function RolesPage() {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canCreate = policy ? can(policy, 'role', ['view', 'create']) : false;
  const canUpdate = policy ? can(policy, 'role', ['view', 'update']) : false;
  const canDelete = policy ? can(policy, 'role', ['view', 'delete']) : false;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isFetching, isError, refetch } = useListRolesQuery({
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
  });

  const where = (r: ListedRole) =>
    r.account_id !== null
      ? t('roles.placeAccount', { name: r.account_name ?? String(r.account_id) })
      : r.domain_id !== null
        ? t('roles.placeDomainNamed', { name: r.domain_name ?? String(r.domain_id) })
        : t('roles.placeAll');

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('roles.title')}</h1>
        {canCreate && (
          <Button type="primary" onClick={() => void navigate(createRoleHref())}>
            {t('roles.create')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('roles.intro')}
      </Typography.Paragraph>
      <MyRoleCard />
      <Flex wrap gap="small" role="search" aria-label={t('roles.search')}>
        <Input.Search
          allowClear
          aria-label={t('roles.search')}
          placeholder={t('roles.search')}
          style={{ width: 280 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      {isError && (
        <Alert
          type="error"
          showIcon
          message={t('roles.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('roles.retry')}</Button>}
        />
      )}
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<ListedRole>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: search ? t('roles.emptySearch') : t('roles.empty') }}
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
              title: t('roles.name'),
              render: (_v, r) => (
                <Flex vertical gap={2}>
                  {canUpdate ? <Link to={editRoleHref(r.id)}>{r.name}</Link> : <span>{r.name}</span>}
                  {r.description && <Typography.Text type="secondary">{r.description}</Typography.Text>}
                </Flex>
              ),
            },
            { key: 'label', title: t('roles.label'), render: (_v, r) => t(`roles.labels.${r.label}`) },
            {
              key: 'permissions',
              title: t('roles.permissions'),
              render: (_v, r) => (
                <Typography.Text>
                  {r.permissions.map((p) => (isPermission(p) ? t(`roles.permissionNames.${p}`) : p)).join(', ')}
                </Typography.Text>
              ),
            },
            { key: 'where', title: t('roles.where'), render: (_v, r) => where(r) },
            { key: 'users', title: t('roles.users'), dataIndex: 'users_count' },
            {
              key: 'actions',
              title: t('roles.actions'),
              render: (_v, r) => <RoleActions role={r} canUpdate={canUpdate} canDelete={canDelete} />,
            },
          ]}
        />
      </div>
    </Flex>
  );
}

function RoleActions({ role, canUpdate, canDelete }: { role: ListedRole; canUpdate: boolean; canDelete: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [remove] = useDeleteRoleMutation();
  const inUse = role.users_count > 0;
  return (
    <Space size={4}>
      {canUpdate && (
        <Button
          size="small"
          aria-label={`${role.manageable ? t('roles.edit') : t('roles.view')}: ${role.name}`}
          onClick={() => void navigate(editRoleHref(role.id))}
        >
          {role.manageable ? t('roles.edit') : t('roles.view')}
        </Button>
      )}
      {canDelete && role.manageable && (
        <Popconfirm
          title={t('roles.deleteConfirm', { name: role.name })}
          description={inUse ? t('roles.inUse', { count: role.users_count }) : t('roles.deleteHint')}
          okText={t('roles.delete')}
          okButtonProps={{ disabled: inUse }}
          cancelText={t('roles.cancel')}
          onConfirm={async () => {
            try {
              await remove(role.id).unwrap();
              void message.success(t('roles.deleted'));
            } catch {
              // toasted by the shared handler (409 when users took the role meanwhile)
            }
          }}
        >
          <Button size="small" aria-label={`${t('roles.delete')}: ${role.name}`}>
            {t('roles.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
