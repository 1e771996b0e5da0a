import { Alert, Button, Checkbox, Flex, Form, Input, Typography, type FormRule } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { requiredRule } from '../../../lib/form-rules';
import { useSignInMutation } from '../api';
import type { SignInRequest } from '../auth.types';
import { useT } from '../../../lib/i18n';

interface SignInValues {
  login: string;
  password: string;
  rememberMe: boolean;
}

/** The login field is what differs between the apps: staff sign in with an email address, students often not. */
export interface LoginField {
  label: string;
  rule: FormRule;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/**
 * 001 section 2: Sign In, login, password, Remember me, Forgot password?. A successful sign-in stores the token;
 * the public-route guard then leaves this page.
 */
export function SignInForm({ loginField }: { loginField: LoginField }) {
  const t = useT();
  const [signIn, { isLoading, error, reset }] = useSignInMutation();
  const messages = error ? errorMessages(error, t(`${__AULA_APP__}.toasts.unreachable`)) : [];

  const onFinish = async ({ login, password, rememberMe }: SignInValues) => {
    const request: SignInRequest = { login: login.trim(), password, rememberMe };
    try {
      await signIn(request).unwrap();
    } catch {
      // shown from the mutation's error below
    }
  };

  return (
    <Flex vertical gap="large">
      <div>
        <Typography.Title level={1} style={{ marginBottom: 8 }}>
          {t(`${__AULA_APP__}.signIn.title`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t(`${__AULA_APP__}.signIn.subtitle`)}</Typography.Text>
      </div>

      {messages.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={messages.length === 1 ? messages[0] : undefined}
          description={
            messages.length > 1 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}

      <Form<SignInValues>
        layout="vertical"
        requiredMark={false}
        initialValues={{ login: '', password: '', rememberMe: false }}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => reset()}
        disabled={isLoading}
      >
        <Form.Item name="login" label={loginField.label} rules={[loginField.rule]} validateTrigger="onBlur">
          <Input
            inputMode={loginField.inputMode}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t(`${__AULA_APP__}.signIn.password`)}
          // loginFormSchema's password rule, without zod
          rules={[requiredRule(() => t('fields.password'))]}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t(`${__AULA_APP__}.signIn.rememberMe`)}</Checkbox>
          </Form.Item>
          <Link to={href.forgotPassword()}>{t(`${__AULA_APP__}.signIn.forgotPassword`)}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          {t(`${__AULA_APP__}.signIn.submit`)}
        </Button>
      </Form>
    </Flex>
  );
}
