import { Flex, Spin, theme } from 'antd';
import { useT } from '../lib/i18n';

export function PageLoader() {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '60vh' }} role="status">
      <Spin size="large" />
      <span style={{ color: token.colorTextSecondary }}>{t(`${__AULA_APP__}.pages.loading`)}</span>
    </Flex>
  );
}
