import { isPermission } from '@aula/domain/permissions';
import { useT } from '@aula/web/lib/i18n.ts';
import { Card, Descriptions, Skeleton } from 'antd';
import { useMyRolesQuery } from '../api';

/** The viewer's own role and permissions (GET /dashboard/roles/my). */
export function MyRoleCard() {
  const t = useT();
  const { data, isLoading } = useMyRolesQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (!data) return null;
  const role = data.custom_role ? data.custom_role.name : t(`dashboard.roles.${data.role}`);
  const permissions = data.permissions.map((p) => (isPermission(p) ? t(`roles.permissionNames.${p}`) : p)).join(', ');
  return (
    <Card size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('roles.myRole')}>{role}</Descriptions.Item>
        <Descriptions.Item label={t('roles.myPermissions')}>{permissions}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
