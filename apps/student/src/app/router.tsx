import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../config/paths';
import { RedirectIfSignedIn, RequireSession } from './guards';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { lazyRoute } from './lazy-route';

// Layouts and guards are small and shared by every page, so they ship in the first bundle; pages load on demand.
export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      // shown while the first page's code loads
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          Component: AuthLayout,
          children: [
            {
              Component: RedirectIfSignedIn,
              children: [
                {
                  path: paths.signIn,
                  lazy: lazyRoute(() => import('../features/auth/components/sign-in-page').then((m) => m.SignInPage)),
                },
              ],
            },
            {
              path: paths.forgotPassword,
              lazy: lazyRoute(() =>
                import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
              ),
            },
          ],
        },
        {
          Component: RequireSession,
          children: [
            {
              Component: AppLayout,
              children: [
                {
                  path: paths.home,
                  lazy: lazyRoute(() => import('../features/home/components/home-page').then((m) => m.HomePage)),
                },
                {
                  path: paths.notFound,
                  lazy: lazyRoute(() => import('../components/not-found-page').then((m) => m.NotFoundPage)),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
