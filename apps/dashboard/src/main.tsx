import '@aula/web/app/global.css';
import { lazyRoute } from '@aula/web/app/lazy-route.ts';
import { mountApp } from '@aula/web/app/mount.tsx';
import { RouteErrorPage } from '@aula/web/components/route-error-page.tsx';
import { paths } from '@aula/web/config/paths.ts';

// The staff dashboard: the shared shell (@aula/web) with the dashboard's sign-in page and its own pages.
mountApp({
  signInPage: () => import('./features/auth/components/sign-in-page').then((m) => m.SignInPage),
  navigationLabel: 'dashboard.layout.mainNavigation',
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
        import('./features/public/components/oauth-callback-page').then((m) => m.OauthCallbackPage),
      ),
    },
  ],
  routes: [
    {
      path: paths.home,
      lazy: lazyRoute(() => import('./features/home/components/home-page').then((m) => m.HomePage)),
    },
    ...[paths.settings, paths.settingsSection].map((path) => ({
      path,
      lazy: lazyRoute(() => import('./features/settings/components/settings-page').then((m) => m.SettingsPage)),
    })),
  ],
});
