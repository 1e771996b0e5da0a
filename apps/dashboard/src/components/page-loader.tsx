import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '60vh' }} role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{t('dashboard.pages.loading')}</Typography.Text>
    </Flex>
  );
}
