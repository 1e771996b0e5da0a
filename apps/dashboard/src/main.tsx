import '@aula/web/app/global.css';
import { lazyRoute } from '@aula/web/app/lazy-route.ts';
import { mountApp } from '@aula/web/app/mount.tsx';
import { paths } from '@aula/web/config/paths.ts';
import { lazy } from 'react';

// The staff dashboard: the shared shell (@aula/web) with the dashboard's sign-in page and its own pages.
mountApp({
  signInPage: () => import('./features/auth/components/sign-in-page').then((m) => m.SignInPage),
  navigationLabel: 'dashboard.layout.mainNavigation',
  // notifications and the live-update dot; loaded after sign-in, so the sign-in page does not carry them
  HeaderItems: lazy(() => import('./features/notifications/components/header-items')),
  routes: [
    {
      path: paths.home,
      lazy: lazyRoute(() => import('./features/home/components/home-page').then((m) => m.HomePage)),
    },
  ],
});
