import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { StatusPage } from '../../../components/status-page';
import { appUrls } from '../../../config/app-urls';
import { href } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-errors';
import { useT } from '../../../lib/i18n';
import { useOauthSignInMutation } from '../../auth/api';
import { sessionStarted } from '../../auth/auth.slice';
import { nextAfterSso } from '../sso-handoff';
import { parseProviderCode, providerName } from '../sso-params';

/**
 * 001 sections 2 and 7, both apps: /oauth/1 ClassLink, /oauth/2 Clever, /oauth/4 Google. The provider's query goes
 * to POST /{app}/auth/oauth/{provider}; a session of this app starts here, one of the other app is handed to its
 * host, several roles open 'Choose Your Role', an unknown identity offers the connect step. Also the landing of
 * the role chooser (its one-time hash) and of a refused start (status=fail with the message).
 */
export function OauthCallbackPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { provider: rawProvider } = useParams();
  const [params] = useSearchParams();
  const provider = parseProviderCode(rawProvider ?? params.get('type'));
  const [signIn, { isError, error }] = useOauthSignInMutation();
  const [connectPath, setConnectPath] = useState<string | null>(null);
  const started = useRef(false);
  const failed = params.get('status') === 'fail';

  useEffect(() => {
    // once per visit: the provider's code can be exchanged only once (StrictMode runs effects twice)
    if (provider === null || failed || started.current) return;
    started.current = true;
    void signIn({ provider, params: Object.fromEntries(params) })
      .unwrap()
      .then(async (result) => {
        const next = nextAfterSso(result, __AULA_APP__, appUrls);
        if (next.kind === 'session') {
          dispatch(sessionStarted({ token: next.token, remember: false }));
          await navigate(next.path, { replace: true });
        } else if (next.kind === 'leave') window.location.assign(next.href);
        else if (next.kind === 'choose') await navigate(next.path, { replace: true });
        else setConnectPath(next.connectPath);
      })
      .catch(() => undefined);
  }, [dispatch, navigate, params, provider, signIn, failed]);

  const backToSignIn = <Link to={href.signIn()}>{t('sso.backToSignIn')}</Link>;
  if (provider === null) {
    return (
      <StatusPage title={t('sso.stateInvalid')} action={backToSignIn}>
        {null}
      </StatusPage>
    );
  }
  const name = t(`${__AULA_APP__}.account.providers.${providerName(provider)}`);
  if (failed || isError) {
    const text = failed
      ? (params.get('message') ?? t('sso.providerError'))
      : errorMessages(error, t('sso.providerError')).join(' ');
    return (
      <StatusPage title={t('sso.failTitle', { provider: name })} action={backToSignIn}>
        <span role="alert">{text}</span>
      </StatusPage>
    );
  }
  if (connectPath) {
    return (
      <StatusPage
        title={t('sso.connectTitle')}
        action={
          <Button type="primary" href={href.signIn(connectPath)}>
            {t('sso.connectSignIn')}
          </Button>
        }
      >
        {t('sso.connectText', { provider: name })}
      </StatusPage>
    );
  }
  return <StatusPage title={t('sso.signingIn', { provider: name })} action={<Spin />} />;
}
