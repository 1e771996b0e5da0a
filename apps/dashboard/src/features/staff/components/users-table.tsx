import { useT } from '@aula/web/lib/i18n.ts';
import { tableHeight } from '@aula/web/lib/table-height.ts';
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { userHref } from '../lib/staff-paths';
import type { Paged, User } from '../staff.types';
import { UserStatus } from './user-status';

export const PER_PAGE = 20;

/** The staff list and the user search: each row's name opens the user's edit page. */
export function UsersTable({
  data,
  loading,
  page,
  onPage,
  empty,
  accountName,
  schools = true,
}: {
  data: Paged<User> | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  /** Shown with an account column (provider and domain viewers, who see several accounts). */
  accountName?: (id: number | null) => string;
  /** The schools column (the provider's staff belong to none). */
  schools?: boolean;
}) {
  const t = useT();
  const none = <Typography.Text type="secondary">{t('staff.none')}</Typography.Text>;
  const fullName = (u: User) => u.full_name ?? `${u.first_name} ${u.last_name}`;
  return (
    <div style={{ minWidth: 0, overflowX: 'auto' }}>
      <Table<User>
        rowKey="id"
        loading={loading}
        dataSource={data?.data ?? []}
        scroll={{ y: tableHeight(window.innerHeight, 'account') }}
        locale={{ emptyText: empty }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: data?.meta.total ?? 0,
          showSizeChanger: false,
          onChange: onPage,
        }}
        columns={[
          {
            key: 'name',
            title: t('staff.name'),
            render: (_v, u) => <Link to={userHref(u.id)}>{fullName(u)}</Link>,
          },
          { key: 'email', title: t('staff.email'), render: (_v, u) => u.email ?? none },
          { key: 'role', title: t('staff.role'), render: (_v, u) => t(`dashboard.roles.${u.role}`) },
          ...(accountName
            ? [
                {
                  key: 'account',
                  title: t('staff.account'),
                  render: (_v: unknown, u: User) => accountName(u.account_id),
                },
              ]
            : []),
          ...(schools
            ? [
                {
                  key: 'schools',
                  title: t('staff.schools'),
                  render: (_v: unknown, u: User) =>
                    u.organizations && u.organizations.length > 0
                      ? u.organizations.map((o) => o.name).join(', ')
                      : none,
                },
              ]
            : []),
          { key: 'status', title: t('staff.status'), render: (_v, u) => <UserStatus user={u} /> },
        ]}
      />
    </div>
  );
}
