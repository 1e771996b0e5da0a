import { Button, Flex, Typography, theme } from 'antd';
import { useSearchParams } from 'react-router';
import { appUrls } from '../../../config/app-urls';
import { useT } from '../../../lib/i18n';
import { parseSsoReturn, roleChooserTarget } from '../sso-params';

/**
 * 000 section 2: 'Choose Your Role' after a single sign-on that could belong to either app. Student continues on
 * the student host, Staff on the dashboard host, each at its oauth path with type, status and scope.
 */
export function RoleChooserPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const { type, status, hash } = parseSsoReturn(params);
  const year = new Date().getFullYear();

  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <Flex component="main" vertical align="center" justify="center" gap="large" style={{ flex: 1, padding: 24 }}>
        <Typography.Title level={1} style={{ margin: 0, textAlign: 'center' }}>
          {t(`${__AULA_APP__}.account.roleChooserTitle`)}
        </Typography.Title>
        {type !== null && status !== null ? (
          <>
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t(`${__AULA_APP__}.account.roleChooserIntro`)}
            </Typography.Text>
            <Flex gap="middle" wrap justify="center">
              <Button type="primary" size="large" href={roleChooserTarget('student', { type, status, hash }, appUrls)}>
                {t(`${__AULA_APP__}.account.roleStudent`)}
              </Button>
              <Button
                type="primary"
                size="large"
                href={roleChooserTarget('dashboard', { type, status, hash }, appUrls)}
              >
                {t(`${__AULA_APP__}.account.roleStaff`)}
              </Button>
            </Flex>
          </>
        ) : (
          <Typography.Text role="alert">{t(`${__AULA_APP__}.account.roleChooserIncomplete`)}</Typography.Text>
        )}
      </Flex>
      <footer style={{ padding: 16, textAlign: 'center', color: token.colorTextSecondary }}>
        {t(`${__AULA_APP__}.account.rightsReserved`, { year })}
      </footer>
    </Flex>
  );
}
