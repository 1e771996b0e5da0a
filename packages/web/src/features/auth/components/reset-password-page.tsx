import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { toastSuccess } from '../../../lib/notifier';
import { useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '../api';
import { confirmPasswordRules, newPasswordRules } from '../lib/password-rules';

const FIELDS = ['password', 'password_confirmation'] as const;

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/**
 * Steps two and three of the password reset (001 section 7): the link's token is checked on load; a spent or
 * expired link says so and offers a new request; otherwise the new password, twice, then sign-in.
 */
export function ResetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [form] = Form.useForm<ResetValues>();
  const validation = useValidateResetTokenQuery(token, { skip: token === '' });
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();

  if (validation.isLoading || validation.isFetching) return <PageLoader />;

  if (validation.isError || token === '') {
    return (
      <Flex vertical gap="large">
        <Typography.Title level={1} style={{ marginBottom: 0 }}>
          {t(`${__AULA_APP__}.account.linkInvalidTitle`)}
        </Typography.Title>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessages(validation.error, t('auth.resetUrlInvalid')).join(' ')}
        />
        <Link to={href.forgotPassword()}>{t(`${__AULA_APP__}.account.requestNewLink`)}</Link>
      </Flex>
    );
  }

  const onFinish = async (values: ResetValues) => {
    try {
      const result = await resetPassword({ token, ...values }).unwrap();
      // long enough to read on the sign-in page
      toastSuccess(result.message ?? t('auth.passwordUpdated'), 10);
      await navigate(href.signIn(), { replace: true });
    } catch (failure) {
      form.setFields(serverFieldErrors(failure, FIELDS));
    }
  };
  // a link that expired while the page was open: the same message as on load
  const linkError = error && serverFieldErrors(error, FIELDS).length === 0;
  const email = validation.data?.email;

  return (
    <Flex vertical gap="large">
      <div>
        <Typography.Title level={1} style={{ marginBottom: 8 }}>
          {t(`${__AULA_APP__}.account.resetTitle`)}
        </Typography.Title>
        <Typography.Text type="secondary">
          {email ? t(`${__AULA_APP__}.account.resetIntro`, { email }) : t(`${__AULA_APP__}.account.resetIntroNoEmail`)}
        </Typography.Text>
      </div>
      {linkError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessages(error, t(`${__AULA_APP__}.toasts.unreachable`)).join(' ')}
          action={<Link to={href.forgotPassword()}>{t(`${__AULA_APP__}.account.requestNewLink`)}</Link>}
        />
      )}
      <Form<ResetValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={isLoading}
      >
        {/* lets password managers store the new password under the right account */}
        <input type="hidden" autoComplete="username" value={email ?? ''} readOnly />
        <Form.Item
          name="password"
          label={t(`${__AULA_APP__}.account.newPassword`)}
          extra={t(`${__AULA_APP__}.account.passwordHint`)}
          rules={newPasswordRules()}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="new-password" size="large" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t(`${__AULA_APP__}.account.confirmPassword`)}
          dependencies={['password']}
          rules={confirmPasswordRules()}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          {t(`${__AULA_APP__}.account.savePassword`)}
        </Button>
      </Form>
      <Link to={href.signIn()}>{t(`${__AULA_APP__}.account.backToSignIn`)}</Link>
    </Flex>
  );
}
