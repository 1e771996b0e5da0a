import { emailSchema } from '@aula/domain/auth';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { useRequestPasswordResetMutation } from '../api';

/**
 * Step one of the password reset (001 section 7). The server answers the same neutral message whether or not the
 * address has an account (DESIGN.md 9); that message is what the page shows.
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [request, { data, isLoading, error, reset }] = useRequestPasswordResetMutation();
  const failure = error ? errorMessages(error, t(`${__AULA_APP__}.toasts.unreachable`)) : [];

  return (
    <Flex vertical gap="large">
      <div>
        <Typography.Title level={1} style={{ marginBottom: 8 }}>
          {t(`${__AULA_APP__}.account.forgotTitle`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t(`${__AULA_APP__}.account.forgotIntro`)}</Typography.Text>
      </div>
      {data && <Alert type="success" showIcon role="status" title={data.message ?? t('auth.resetRequested')} />}
      {failure.length > 0 && <Alert type="error" showIcon role="alert" title={failure.join(' ')} />}
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: '' }}
        onFinish={({ email }) =>
          void request({ email: email.trim() })
            .unwrap()
            .catch(() => undefined)
        }
        onValuesChange={() => reset()}
        disabled={isLoading}
      >
        <Form.Item
          name="email"
          label={t(`${__AULA_APP__}.account.email`)}
          rules={[schemaRule(emailSchema, () => t('fields.email'))]}
          validateTrigger="onBlur"
        >
          <Input
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
            autoFocus
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          {t(`${__AULA_APP__}.account.sendLink`)}
        </Button>
      </Form>
      <Link to={href.signIn()}>{t(`${__AULA_APP__}.account.backToSignIn`)}</Link>
    </Flex>
  );
}
