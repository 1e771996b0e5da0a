import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth/auth.slice';

/** The signed-in home; the later shell issue replaces it with the welcome dashboard. */
export function HomePage() {
  const { t } = useTranslation();
  // the session guard renders pages only once the user is loaded
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;

  return (
    <Flex vertical gap="large" style={{ maxWidth: 960, marginInline: 'auto' }}>
      <Typography.Title level={1} style={{ margin: 0 }}>
        {t('dashboard.home.welcome', { name })}
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('dashboard.home.profile')}</h2>}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('dashboard.home.name')}>{name}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.home.role')}>{t(`dashboard.roles.${user.role}`)}</Descriptions.Item>
          {user.email && <Descriptions.Item label={t('dashboard.home.email')}>{user.email}</Descriptions.Item>}
        </Descriptions>
      </Card>
    </Flex>
  );
}
