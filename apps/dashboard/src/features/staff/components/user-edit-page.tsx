import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectCurrentUser, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Card, Flex } from 'antd';
import { Link, useParams } from 'react-router';
import { useGetUserQuery } from '../api';
import { canManageUser } from '../lib/grants';
import { usersHref } from '../lib/staff-paths';
import { PageHeader } from './page-header';
import { UserAccessPanel } from './user-access-panel';
import { UserDetailsForm } from './user-details-form';
import { UserRoleForm } from './user-role-form';
import { UserStatus } from './user-status';

/** /user/:userId: edit a staff user's details, role and schools; reset their password, disable, delete, restore. */
export function UserEditPage() {
  const { userId = '' } = useParams();
  if (!/^\d{1,9}$/.test(userId)) return <NotFoundPage />;
  return <UserEdit key={userId} id={Number(userId)} />;
}

function UserEdit({ id }: { id: number }) {
  const t = useT();
  const me = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const { data: user, isLoading, error } = useGetUserQuery(id);
  if (isLoading) return <PageLoader />;
  if (!user) {
    const status = error && 'status' in error ? error.status : null;
    if (status === 404 || status === 403) return <NotFoundPage />;
    return <Alert type="error" showIcon message={t('staff.loadFailed')} />;
  }
  const name = `${user.first_name} ${user.last_name}`;
  const self = me?.id === user.id;
  const manage = !!me && !self && canManageUser(me, policy, user.role);
  const readOnly = user.deleted || !manage;
  return (
    <Flex vertical gap="large">
      <Link to={usersHref()}>{t('staff.back')}</Link>
      <PageHeader title={`${t('staff.editTitle')}: ${name}`} extra={<UserStatus user={user} />} />
      {user.deleted && <Alert type="warning" showIcon message={t('staff.isDeleted')} />}
      {!user.deleted && user.disabled && <Alert type="warning" showIcon message={t('staff.isDisabled')} />}
      {self && <Alert type="info" showIcon message={t('staff.self')} />}
      {!self && !manage && <Alert type="info" showIcon message={t('staff.readOnly')} />}
      <Card title={t('staff.details')} size="small">
        <UserDetailsForm user={user} readOnly={readOnly} />
      </Card>
      <Card title={t('staff.roleAndSchools')} size="small">
        <UserRoleForm user={user} readOnly={readOnly} />
      </Card>
      {manage && (
        <Card title={t('staff.access')} size="small">
          <UserAccessPanel user={user} name={name} />
        </Card>
      )}
    </Flex>
  );
}
