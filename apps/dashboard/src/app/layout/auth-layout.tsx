import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Public pages (sign-in, forgot password): the brand on the left from md up, the form on the right. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Row style={{ minHeight: '100vh' }}>
      <Col xs={0} md={10} lg={12} style={{ background: 'linear-gradient(160deg, #1e3a8a 0%, #1d4ed8 100%)' }}>
        <Flex vertical justify="center" style={{ height: '100%', padding: 48 }}>
          <Typography.Text style={{ color: '#fff', fontSize: 40, fontWeight: 700 }}>{t('dashboard.appName')}</Typography.Text>
          <Typography.Paragraph style={{ color: '#fff', fontSize: 18, maxWidth: 420 }}>
            {t('dashboard.tagline')}
          </Typography.Paragraph>
        </Flex>
      </Col>
      <Col xs={24} md={14} lg={12}>
        <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
          <div style={{ width: '100%', maxWidth: 400 }}>
            <Outlet />
          </div>
        </Flex>
      </Col>
    </Row>
  );
}
