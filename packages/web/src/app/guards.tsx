import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { StatusPage } from '../components/status-page';
import { REDIRECT_PARAM, href, safeRedirect } from '../config/paths';
import { useGetMyQuery } from '../features/auth/api';
import { selectCurrentUser, selectSessionEndedBy, selectToken } from '../features/auth/auth.slice';
import { useAppSelector } from './hooks';
import { useT } from '../lib/i18n';

// Loaded after the first page: it brings the domain's auth rules (and zod), which the first bundle does without.
const ChangePasswordPrompt = lazy(() =>
  import('../features/auth/components/change-password-prompt').then((m) => ({ default: m.ChangePasswordPrompt })),
);

/**
 * Protected routes (001 section 2): without a token the user goes to sign-in; with one, the user info is
 * (re)loaded from /my before any page renders, so every page can rely on the user, role and permissions.
 */
export function RequireSession() {
  const t = useT();
  const location = useLocation();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectCurrentUser);
  const endedBy = useAppSelector(selectSessionEndedBy);
  const my = useGetMyQuery(undefined, { skip: token === null });

  if (token === null) {
    const returnTo = endedBy === 'user' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={href.signIn(returnTo)} replace />;
  }
  if (user)
    return (
      <>
        <Outlet />
        <Suspense fallback={null}>
          <ChangePasswordPrompt />
        </Suspense>
      </>
    );
  if (my.isError) {
    // a 401 already signed the user out; anything else (server down) gets a way to try again
    return (
      <StatusPage
        title={t(`${__AULA_APP__}.pages.errorTitle`)}
        action={
          <Button type="primary" onClick={() => void my.refetch()}>
            {t(`${__AULA_APP__}.pages.retry`)}
          </Button>
        }
      />
    );
  }
  return <PageLoader />;
}

/** Public-only routes (sign-in): a signed-in user goes where they were heading, or home. */
export function RedirectIfSignedIn() {
  const token = useAppSelector(selectToken);
  const [params] = useSearchParams();
  if (token !== null) return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
  return <Outlet />;
}
