import { can } from '@aula/domain/permissions';
import { STAFF_ROLES, type StaffRole } from '@aula/domain/roles';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Checkbox, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useListUserAccountsQuery, useSearchUsersQuery } from '../api';
import { seesProviderStaff } from '../lib/grants';
import { userCreateHref } from '../lib/staff-paths';
import { PageHeader } from './page-header';
import { PER_PAGE, UsersTable } from './users-table';

/** /user: search the staff users the viewer may see, by name or email and role, with pages. */
export function UsersPage() {
  const t = useT();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const provider = !!user && seesProviderStaff(user, policy);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<StaffRole>();
  const [deleted, setDeleted] = useState(false);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSearchUsersQuery({
    page,
    per_page: PER_PAGE,
    withRelations: true,
    ...(role ? { role } : { roles: [...STAFF_ROLES] }),
    ...(search ? { search } : {}),
    ...(deleted ? { include_deleted: true } : {}),
  });
  const { data: accounts = [] } = useListUserAccountsQuery(undefined, { skip: !provider });
  const accountName = (id: number | null) =>
    id === null ? t('staff.noAccount') : (accounts.find((a) => a.id === id)?.name ?? `#${id}`);

  return (
    <Flex vertical gap="large">
      <PageHeader
        title={t('staff.usersTitle')}
        intro={t('staff.usersIntro')}
        extra={
          can(policy, 'user', 'create') || can(policy, 'teacher', 'create') ? (
            <Button type="primary" onClick={() => void navigate(userCreateHref())}>
              {t('staff.createUser')}
            </Button>
          ) : null
        }
      />
      <Flex wrap gap="small" align="center" role="search" aria-label={t('staff.search')}>
        <Input.Search
          allowClear
          aria-label={t('staff.search')}
          placeholder={t('staff.search')}
          style={{ width: 300 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
        />
        <Select<StaffRole>
          allowClear
          aria-label={t('staff.role')}
          placeholder={t('staff.allRoles')}
          style={{ width: 240 }}
          value={role}
          onChange={(v) => {
            setRole(v);
            setPage(1);
          }}
          options={STAFF_ROLES.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) }))}
        />
        <Checkbox
          checked={deleted}
          onChange={(e) => {
            setDeleted(e.target.checked);
            setPage(1);
          }}
        >
          {t('staff.showDeleted')}
        </Checkbox>
      </Flex>
      <UsersTable
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
        empty={t('staff.usersEmpty')}
        {...(provider ? { accountName } : {})}
      />
    </Flex>
  );
}
