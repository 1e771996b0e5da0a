import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, href, safeRedirect } from '../config/paths';
import { selectSessionEndedBy, selectToken } from '../features/auth/auth.slice';
import { useAppSelector } from './hooks';

/**
 * Protected routes (001 section 2): without a token the user goes to sign-in. With one, the route below
 * (RequireUser, require-session.tsx, loaded with the first signed-in page) loads the user info from /my first.
 */
export function RequireSession() {
  const location = useLocation();
  const token = useAppSelector(selectToken);
  const endedBy = useAppSelector(selectSessionEndedBy);

  if (token === null) {
    const returnTo = endedBy === 'user' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={href.signIn(returnTo)} replace />;
  }
  return <Outlet />;
}

/** Public-only routes (sign-in): a signed-in user goes where they were heading, or home. */
export function RedirectIfSignedIn() {
  const token = useAppSelector(selectToken);
  const [params] = useSearchParams();
  if (token !== null) return <Navigate to={safeRedirect(params.get(REDIRECT_PARAM))} replace />;
  return <Outlet />;
}
