import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoPermissionPage } from '../../../components/no-permission-page';
import { useSearchUsersQuery } from '../api';
import { seesProviderStaff } from '../lib/grants';
import { userCreateHref, usersHref } from '../lib/staff-paths';
import { PageHeader } from './page-header';
import { PER_PAGE, UsersTable } from './users-table';

/** /staff: the provider's staff, the users placed in no account (global-staff-management; domain admins see theirs). */
export function StaffPage() {
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  if (!user || !seesProviderStaff(user, policy)) return <NoPermissionPage />;
  return <StaffList canCreate={can(policy, 'user', 'create')} />;
}

function StaffList({ canCreate }: { canCreate: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSearchUsersQuery({
    page,
    per_page: PER_PAGE,
    no_account: true,
    ...(search ? { search } : {}),
  });
  return (
    <Flex vertical gap="large">
      <PageHeader
        title={t('staff.staffTitle')}
        intro={t('staff.staffIntro')}
        extra={
          <Flex gap="small" align="center">
            <Link to={usersHref()}>{t('staff.searchUsers')}</Link>
            {canCreate && (
              <Button type="primary" onClick={() => void navigate(userCreateHref())}>
                {t('staff.createUser')}
              </Button>
            )}
          </Flex>
        }
      />
      <Flex wrap gap="small" role="search" aria-label={t('staff.search')}>
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
      </Flex>
      <UsersTable
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
        empty={t('staff.staffEmpty')}
        schools={false}
      />
    </Flex>
  );
}
