import '@aula/web/app/global.css';
import './app/main-navigation.css';
import { lazyRoute } from '@aula/web/app/lazy-route.ts';
import { mountApp } from '@aula/web/app/mount.tsx';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { setTldrawLicenseKey } from '@aula/activity/questions/tldraw-licence.ts';
import { RouteErrorPage } from '@aula/web/components/route-error-page.tsx';
import { paths } from '@aula/web/config/paths.ts';
import { lazy } from 'react';
import { dashboard } from '@aula/i18n/locales/en/dashboard';
import { ROUTES } from './config/routes';

// The guard and the navigation use @aula/domain's permission functions (and with them zod), so they load with
// the first signed-in page, not with sign-in.
const MainNavigation = lazy(() => import('./app/main-navigation').then((m) => ({ default: m.MainNavigation })));

// the drawing question's editor takes tldraw's licence key from the server's configuration
setTldrawLicenseKey(runtimeConfig.tldrawLicenseKey);

// The staff dashboard: the shared shell (@aula/web) with the dashboard's sign-in page, its route table behind
// the route guards of 001 section 2, and its main navigation.
mountApp({
  // the dashboard's area of the English start catalogue (the sign-in page's texts)
  english: { dashboard },
  signInPage: () => import('./features/auth/components/sign-in-page').then((m) => m.SignInPage),
  navigation: MainNavigation,
  // the search box, notifications and the live-update dot; loaded after sign-in, so the sign-in page does not carry them
  HeaderItems: lazy(() => import('./app/header-items')),
  // 001 section 2, public routes besides sign-in and the password reset
  publicRoutes: [
    {
      path: paths.redirect,
      lazy: lazyRoute(() => import('./features/public/components/redirect-page').then((m) => m.RedirectPage)),
    },
    { path: paths.error, element: <RouteErrorPage /> },
    {
      path: paths.comingSoon,
      lazy: lazyRoute(() => import('./features/public/components/coming-soon-page').then((m) => m.ComingSoonPage)),
    },
    {
      path: paths.comingSoonLti,
      lazy: lazyRoute(() => import('./features/public/components/coming-soon-page').then((m) => m.ComingSoonLtiPage)),
    },
    {
      path: paths.oauthScope,
      lazy: lazyRoute(() =>
        import('@aula/web/features/sso/components/role-chooser-page.tsx').then((m) => m.RoleChooserPage),
      ),
    },
    {
      path: paths.oauthCallback,
      lazy: lazyRoute(() =>
        import('@aula/web/features/sso/components/oauth-callback-page.tsx').then((m) => m.OauthCallbackPage),
      ),
    },
  ],
  routes: [
    {
      lazy: lazyRoute(() => import('./app/route-guard').then((m) => m.RouteGuard)),
      children: ROUTES.map((def) => ({ path: def.path, lazy: lazyRoute(def.page) })),
    },
  ],
});
