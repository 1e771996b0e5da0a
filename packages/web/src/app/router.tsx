import type { ComponentType } from 'react';
import {
  Navigate,
  RouterContextProvider,
  createBrowserRouter,
  createContext as createRouterContext,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../config/paths';
import { RedirectIfSignedIn, RequireSession } from './guards';
import { AuthLayout } from './layout/auth-layout';
import { lazyRoute } from './lazy-route';
import type { AppStore } from './store';

/**
 * The app's store, as a route's `loader` finds it in its `context` (`context.get(storeContext)`). The apps' routes use
 * loaders only to start a page's data request beside its code (React Router runs a route's static loader in parallel
 * with its `lazy`), never to hold the page: the page reads the data through RTK Query as usual
 * (docs/performance-front-end.md).
 */
export const storeContext = createRouterContext<AppStore>();

/** A loader's arguments, with the router's context that holds the store. */
export type AppLoaderArgs = LoaderFunctionArgs<Readonly<RouterContextProvider>>;

export interface AppRoutes {
  /** The app's sign-in page, loaded on demand. */
  signInPage: () => Promise<ComponentType>;
  /** The app's own signed-in pages (home first); every other path is page-not-found. */
  routes: RouteObject[];
  /** Public pages of the app outside the sign-in layout (return pages, error, coming soon); each brings its own. */
  publicRoutes?: RouteObject[];
  /** The app's main navigation (its own landmark), shown beside every signed-in page; the student app has none. */
  navigation?: ComponentType;
  /** The app's own signed-in header controls (lazy), e.g. the dashboard's notifications. */
  HeaderItems?: ComponentType;
}

// The sign-in layout, the guards and the error page ship in the first bundle; the signed-in shell (its header,
// menu and real-time connection) and every page load on demand, so the sign-in page does not carry them.
export function createAppRouter(
  { signInPage, routes, publicRoutes = [], navigation, HeaderItems }: AppRoutes,
  store: AppStore,
) {
  return createBrowserRouter(
    [
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
                children: [{ path: paths.signIn, lazy: lazyRoute(signInPage, { startCatalogue: true }) }],
              },
              {
                path: paths.forgotPassword,
                lazy: lazyRoute(() =>
                  import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
                ),
              },
              {
                path: paths.resetPasswordToken,
                lazy: lazyRoute(() =>
                  import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
                ),
              },
              // a reset link without its token cannot do anything: ask for a new one
              { path: paths.resetPassword, element: <Navigate to={paths.forgotPassword} replace /> },
            ],
          },
          ...publicRoutes,
          {
            Component: RequireSession,
            children: [
              {
                // the user info (/my) and the API slice, with the first signed-in page
                lazy: lazyRoute(() => import('./require-session').then((m) => m.RequireUser)),
                children: [
                  {
                    lazy: lazyRoute(() =>
                      import('./layout/app-layout').then(({ AppLayout }) => {
                        const SignedInLayout = () => <AppLayout navigation={navigation} HeaderItems={HeaderItems} />;
                        return SignedInLayout;
                      }),
                    ),
                    children: [
                      ...routes,
                      // both apps: connect a single sign-on identity after signing in with the password (docs/sso.md)
                      {
                        path: paths.oauthConnect,
                        lazy: lazyRoute(() =>
                          import('../features/sso/components/oauth-connect-page').then((m) => m.OauthConnectPage),
                        ),
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
        ],
      },
    ],
    { getContext: () => new RouterContextProvider(new Map([[storeContext, store]])) },
  );
}
