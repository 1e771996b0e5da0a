import { Button, Flex, theme, type InputRef } from 'antd';
// Checkbox without its Group, Input and Password from their own modules: `Input` from 'antd' is a namespace that
// brings OTP, Search, TextArea and Group
import Checkbox from 'antd/es/checkbox/Checkbox';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useRef, type FormEvent, type HTMLAttributes } from 'react';
import { Link } from 'react-router';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { requiredCheck, type FieldCheck } from '../../../lib/form-rules';
import type { SignInRequest } from '../auth.types';
import { useSignInFields, type CheckedField, type SignInValues } from '../hooks/use-sign-in-fields';
import { useSignIn } from '../sign-in-calls';
import { englishComplete, useT } from '../../../lib/i18n';
import { helpId, SignInField } from './sign-in-field';

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

/** The login field is what differs between the apps: staff sign in with an email address, students often not. */
export interface LoginField {
  label: string;
  check: FieldCheck;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** What an input of the form says to assistive technology about its message: invalid, and where the message is. */
function describedBy(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': helpId(id) } : {};
}

/**
 * 001 section 2: Sign In, login, password, Remember me, Forgot password?. A successful sign-in stores the token;
 * the public-route guard then leaves this page. Not an AntD Form (decision 0008): its state and checks are
 * useSignInFields, its items SignInField, in the same look and with the same messages.
 */
export function SignInForm({ loginField }: { loginField: LoginField }) {
  const t = useT();
  const { token } = theme.useToken();
  const [signIn, { isLoading, error, reset }] = useSignIn();
  const messages = error ? errorMessages(error, t(`${__AULA_APP__}.toasts.unreachable`)) : [];
  const form = useSignInFields({
    login: loginField.check,
    // loginFormSchema's password rule, without zod
    password: requiredCheck(() => t('fields.password')),
  });
  const loginInput = useRef<InputRef>(null);
  const passwordInput = useRef<InputRef>(null);
  const loginError = form.errorOf('login');
  const passwordError = form.errorOf('password');

  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    // once the page is idle: the error alert, and the rest of the English catalogue, which every page after this one
    // (signed-in pages, Forgot password?) waits for
    const id = requestIdleCallback(
      () => {
        void loadSignInError();
        englishComplete().catch(() => undefined);
      },
      { timeout: 5000 },
    );
    return () => cancelIdleCallback(id);
  }, []);

  const change = <K extends keyof SignInValues>(field: K, value: SignInValues[K]) => {
    form.setValue(field, value);
    // the server's message is about what was sent
    reset();
  };

  const send = async ({ login, password, rememberMe }: SignInValues) => {
    void loadSignInError();
    const request: SignInRequest = { login: login.trim(), password, rememberMe };
    // a failure is shown from the call's error below
    await signIn(request);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid: CheckedField | undefined = form.checkAll();
    if (invalid) (invalid === 'login' ? loginInput : passwordInput).current?.focus();
    else void send(form.values);
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

      {/* noValidate: the browser's own checks would block the form's translated messages */}
      <form noValidate onSubmit={onSubmit}>
        <SignInField id="login" label={loginField.label} error={loginError}>
          <Input
            id="login"
            ref={loginInput}
            value={form.values.login}
            onChange={(e) => change('login', e.target.value)}
            onBlur={() => form.checkField('login')}
            status={loginError ? 'error' : undefined}
            {...describedBy('login', loginError)}
            inputMode={loginField.inputMode}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
            disabled={isLoading}
            autoFocus
          />
        </SignInField>
        <SignInField id="password" label={t(`${__AULA_APP__}.signIn.password`)} error={passwordError}>
          <Password
            id="password"
            ref={passwordInput}
            value={form.values.password}
            onChange={(e) => change('password', e.target.value)}
            onBlur={() => form.checkField('password')}
            status={passwordError ? 'error' : undefined}
            {...describedBy('password', passwordError)}
            autoComplete="current-password"
            size="large"
            disabled={isLoading}
          />
        </SignInField>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Checkbox
            id="rememberMe"
            checked={form.values.rememberMe}
            onChange={(e) => change('rememberMe', e.target.checked)}
            disabled={isLoading}
          >
            {t(`${__AULA_APP__}.signIn.rememberMe`)}
          </Checkbox>
          <Link to={href.forgotPassword()}>{t(`${__AULA_APP__}.signIn.forgotPassword`)}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading} disabled={isLoading}>
          {t(`${__AULA_APP__}.signIn.submit`)}
        </Button>
      </form>
    </Flex>
  );
}
