import { Button, Checkbox, Flex, Form, Input, theme, type FormRule } from 'antd';
import { lazy, Suspense, useEffect, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { requiredRule } from '../../../lib/form-rules';
import { useSignInMutation } from '../api';
import type { SignInRequest } from '../auth.types';
import { useT } from '../../../lib/i18n';

// The error alert (AntD's Alert with its icons and styles) is not part of the first screen: it loads once the page is
// idle, or when the form is sent, so it is there before the server answers. If it cannot load (the server is out of
// reach), the messages show in a plain alert instead.
function loadSignInError() {
  return import('./sign-in-error').catch(() => ({ default: PlainSignInError }));
}
const SignInError = lazy(loadSignInError);

function PlainSignInError({ messages }: { messages: string[] }) {
  return (
    <div role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

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
  const { token } = theme.useToken();
  const [signIn, { isLoading, error, reset }] = useSignInMutation();
  const messages = error ? errorMessages(error, t(`${__AULA_APP__}.toasts.unreachable`)) : [];

  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => void loadSignInError(), { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);

  const onFinish = async ({ login, password, rememberMe }: SignInValues) => {
    void loadSignInError();
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
        {/* plain elements in AntD's heading and secondary-text styles: Typography (with its ellipsis, copy and edit
            machinery, a TextArea and a Tooltip) would be a large part of the first screen's JavaScript */}
        <h1
          style={{
            margin: '0 0 8px',
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading1,
            lineHeight: token.lineHeightHeading1,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t(`${__AULA_APP__}.signIn.title`)}
        </h1>
        <span style={{ color: token.colorTextSecondary }}>{t(`${__AULA_APP__}.signIn.subtitle`)}</span>
      </div>

      {messages.length > 0 && (
        <Suspense fallback={null}>
          <SignInError messages={messages} />
        </Suspense>
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
