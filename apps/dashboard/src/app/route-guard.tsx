import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { href } from '@aula/web/config/paths.ts';
import { selectCurrentUser, selectOrganizationIds, selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { routePaths } from '../config/route-paths';
import { decideRoute } from './route-decision';

/**
 * Wraps every row of the route table (inside the shell's session guard, so the user and policy are loaded) and
 * applies 001 section 2's route guards to the current path.
 */
export function RouteGuard() {
  const location = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const policy = useAppSelector(selectPolicy);
  const organizationIds = useAppSelector(selectOrganizationIds);
  const decision = decideRoute(user && { ...user, organizationIds, policy }, location.pathname);

  switch (decision) {
    case 'ok':
      return <Outlet />;
    case 'not-found':
      return <NotFoundPage />;
    case 'sign-in':
      return <Navigate to={href.signIn(`${location.pathname}${location.search}`)} replace />;
    case 'no-permission':
      return <Navigate to={routePaths.noPermissions} replace />;
    default:
      return <Navigate to={decision} replace />;
  }
}
