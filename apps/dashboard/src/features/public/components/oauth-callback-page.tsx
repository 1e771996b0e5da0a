import { useAppDispatch } from '@aula/web/app/hooks.ts';
import { StatusPage } from '@aula/web/components/status-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { useOauthSignInMutation } from '@aula/web/features/auth/api.ts';
import { sessionStarted } from '@aula/web/features/auth/auth.slice.ts';
import { parseProviderCode, providerName } from '@aula/web/features/sso/sso-params.ts';
import { errorMessages, readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

/**
 * 001 sections 2 and 7: /oauth/1 ClassLink, /oauth/2 Clever, /oauth/3 LTI, /oauth/4 Google. The provider's query
 * parameters go to POST /dashboard/auth/oauth/{provider}; its token starts the session. Until the API offers single
 * sign-on (a 404 or 501), the page says so instead of pretending.
 */
export function OauthCallbackPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { provider: rawProvider } = useParams();
  const [params] = useSearchParams();
  const provider = parseProviderCode(rawProvider);
  const [signIn, { isError, error, isSuccess }] = useOauthSignInMutation();
  const started = useRef(false);

  useEffect(() => {
    // once per visit: the provider's code can be exchanged only once (StrictMode runs effects twice)
    if (provider === null || started.current) return;
    started.current = true;
    void signIn({ provider, params: Object.fromEntries(params) })
      .unwrap()
      .then(async (result) => {
        dispatch(sessionStarted({ token: result.token, remember: false }));
        await navigate(href.home(), { replace: true });
      })
      .catch(() => undefined);
  }, [dispatch, navigate, params, provider, signIn]);

  const backToSignIn = <Link to={href.signIn()}>{t('dashboard.public.backToSignIn')}</Link>;
  if (provider === null) {
    return (
      <StatusPage title={t('dashboard.public.oauthUnknownTitle')} action={backToSignIn}>
        {t('dashboard.public.oauthUnknownText')}
      </StatusPage>
    );
  }
  const name = t(`dashboard.account.providers.${providerName(provider)}`);
  if (isError) {
    const { status } = readError(error);
    const text =
      status === 404 || status === 501
        ? t('dashboard.public.oauthUnavailable', { provider: name })
        : errorMessages(error, t('dashboard.toasts.unreachable')).join(' ');
    return (
      <StatusPage title={t('dashboard.public.oauthFailedTitle', { provider: name })} action={backToSignIn}>
        <span role="alert">{text}</span>
      </StatusPage>
    );
  }
  return (
    <StatusPage title={t('dashboard.public.oauthSigningIn', { provider: name })} action={isSuccess ? null : <Spin />} />
  );
}
