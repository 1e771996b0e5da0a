import { ADMIN_ROLES } from '@aula/domain/people';
import type { Role } from '@aula/domain/roles';
import { useT } from '@aula/web/lib/i18n.ts';
import { tableHeight } from '@aula/web/lib/table-height.ts';
import { Button, Descriptions, Drawer, Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useListStaffQuery } from '../api';
import { listScopeOf, staffFilterOf } from '../lib/list-scope';
import { useScopeSchools } from '../lib/scope-schools';
import type { StaffUser } from '../people.types';
import { ListHeader } from './list-header';
import { TagList } from './tag-list';
import { StatusTag } from '../../../components/status-tag';

const PER_PAGE = 20;
type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * /admins and the lists under an account or school: district and school administrators, each with a profile
 * (schools, role, status) in a side panel.
 */
export function AdminsPage() {
  const scope = listScopeOf(useParams());
  return <AdminsList key={scope ? `${scope.scope}/${scope.id}` : 'all'} />;
}

function AdminsList() {
  const t = useT();
  const scope = listScopeOf(useParams());
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<AdminRole>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<StaffUser | null>(null);
  // under a class, teacher, student or group: the administrators of its schools
  const bySchools = scope !== null && scope.scope !== 'accounts' && scope.scope !== 'organizations';
  const schools = useScopeSchools(scope, bySchools);
  const { data, isFetching } = useListStaffQuery(
    {
      page,
      per_page: PER_PAGE,
      roles: role ? [role] : [...ADMIN_ROLES],
      withRelations: true,
      ...(bySchools ? { organization_ids: schools.ids ?? [] } : staffFilterOf(scope)),
      ...(search ? { search } : {}),
    },
    { skip: bySchools && schools.ids === undefined },
  );
  const none = <Typography.Text type="secondary">{t('people.common.none')}</Typography.Text>;
  const schoolTags = (u: StaffUser) => (
    <TagList items={(u.organizations ?? []).map((o) => ({ id: o.id, label: o.name }))} />
  );
  const roleName = (r: Role) => t(`dashboard.roles.${r}`);

  return (
    <Flex vertical gap="large">
      <ListHeader title={t('people.admins.title')} listName={t('people.admins.listName')} scope={scope} />
      <Flex wrap gap="small" role="search" aria-label={t('people.admins.search')}>
        <Input.Search
          allowClear
          aria-label={t('people.admins.search')}
          placeholder={t('people.admins.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<AdminRole>
          allowClear
          aria-label={t('people.admins.role')}
          placeholder={t('people.admins.allRoles')}
          style={{ width: 240 }}
          value={role}
          onChange={(v) => {
            setRole(v);
            setPage(1);
          }}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
        />
      </Flex>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>
        <Table<StaffUser>
          rowKey="id"
          loading={isFetching || (bySchools && schools.ids === undefined)}
          dataSource={data?.data ?? []}
          scroll={{ y: tableHeight(window.innerHeight, 'account') }}
          locale={{ emptyText: t('people.admins.empty') }}
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
              render: (_v, u) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(u)}>
                  {u.full_name}
                </Button>
              ),
            },
            { key: 'role', title: t('people.admins.role'), render: (_v, u) => roleName(u.role) },
            { key: 'email', title: t('people.common.email'), render: (_v, u) => u.email ?? none },
            { key: 'schools', title: t('people.common.schools'), render: (_v, u) => schoolTags(u) },
            {
              key: 'status',
              title: t('people.common.status'),
              render: (_v, u) =>
                u.disabled ? (
                  <StatusTag tone="red">{t('people.common.disabled')}</StatusTag>
                ) : (
                  t('people.common.active')
                ),
            },
          ]}
        />
      </div>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${t('people.admins.profile')}: ${open.full_name}` : t('people.admins.profile')}
        closeIcon={<span aria-label={t('people.admins.close')}>×</span>}
      >
        {open && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('people.common.name')}>{open.full_name}</Descriptions.Item>
            <Descriptions.Item label={t('people.admins.role')}>{roleName(open.role)}</Descriptions.Item>
            <Descriptions.Item label={t('people.common.email')}>{open.email ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('people.common.schools')}>{schoolTags(open)}</Descriptions.Item>
            <Descriptions.Item label={t('people.common.status')}>
              {open.disabled ? t('people.common.disabled') : t('people.common.active')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </Flex>
  );
}
