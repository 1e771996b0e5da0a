import { Alert, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { useT } from '../../../lib/i18n';

/** Placeholder until the reset-password flow (001 section 7) has its screens. */
export function ForgotPasswordPage() {
  const t = useT();
  return (
    <Flex vertical gap="large">
      <Typography.Title level={1} style={{ marginBottom: 0 }}>
        {t(`${__AULA_APP__}.forgotPassword.title`)}
      </Typography.Title>
      <Alert type="info" showIcon title={t(`${__AULA_APP__}.forgotPassword.comingSoon`)} />
      <Link to={href.signIn()}>{t(`${__AULA_APP__}.forgotPassword.backToSignIn`)}</Link>
    </Flex>
  );
}
