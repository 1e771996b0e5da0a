import { useAppDispatch } from '@aula/web/app/hooks.ts';
import { StatusPage } from '@aula/web/components/status-page.tsx';
import { appUrls } from '@aula/web/config/app-urls.ts';
import { REDIRECT_PARAM, href } from '@aula/web/config/paths.ts';
import { sessionStarted } from '@aula/web/features/auth/auth.slice.ts';
import { parseSsoReturn, providerName, ssoSuccessPath } from '@aula/web/features/sso/sso-params.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { OauthCallbackPage } from '@aula/web/features/sso/components/oauth-callback-page.tsx';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

/**
 * 000 sections 2 and 3: where a single sign-on returns. success stores the token and continues (a dashboard-scoped
 * sign-in is handed to the dashboard's redirect page), fail shows the message, connect explains that the account
 * must be connected first.
 */
export function SsoReturnPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sso = parseSsoReturn(params);
  const succeeded = sso.status === 'success' && sso.token !== null;
  // the role chooser's Student: the sign-in's one-time hash opens the session (docs/sso.md)
  const chosen = sso.status === 'success' && sso.token === null && sso.hash !== null && sso.type !== null;
  const toDashboard = succeeded && sso.scope === 'dashboard';

  useEffect(() => {
    if (chosen || !succeeded || !sso.token) return;
    if (toDashboard) {
      const query = new URLSearchParams({ token: sso.token });
      if (sso.redirect) query.set(REDIRECT_PARAM, sso.redirect);
      window.location.assign(`${appUrls.dashboardUrl}/redirect?${query.toString()}`);
      return;
    }
    dispatch(sessionStarted({ token: sso.token, remember: false }));
    void navigate(ssoSuccessPath(sso, window.location.origin), { replace: true });
    // the query is read once, when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const provider = sso.type === null ? '' : t(`student.account.providers.${providerName(sso.type)}`);
  const signIn = <Link to={href.signIn()}>{t('student.sso.goToSignIn')}</Link>;

  if (chosen) return <OauthCallbackPage />;
  if (succeeded) {
    return (
      <StatusPage title={t(toDashboard ? 'student.sso.openingDashboard' : 'student.sso.signingIn')} action={<Spin />} />
    );
  }
  if (sso.status === 'fail') {
    return (
      <StatusPage title={t('student.sso.failTitle')} action={signIn}>
        <span role="alert">{sso.message ?? t('student.sso.failText', { provider })}</span>
      </StatusPage>
    );
  }
  if (sso.status === 'connect') {
    return (
      <StatusPage title={t('student.sso.connectTitle')} action={signIn}>
        {sso.message ?? t('student.sso.connectText', { provider })}
      </StatusPage>
    );
  }
  return (
    <StatusPage title={t('student.sso.invalidTitle')} action={signIn}>
      {t('student.sso.invalidText')}
    </StatusPage>
  );
}
