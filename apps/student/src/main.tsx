import '@aula/web/app/global.css';
import { lazyRoute } from '@aula/web/app/lazy-route.ts';
import { mountApp } from '@aula/web/app/mount.tsx';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { setTldrawLicenseKey } from '@aula/activity/questions/tldraw-licence.ts';
import { paths } from '@aula/web/config/paths.ts';
import { student } from '@aula/i18n/locales/en/student';
import { STUDENT_BUTTON_MIN_WIDTH } from './config/buttons';
import { prefetchAttempt, revalidateOnAttempt } from './features/work/prefetch-attempt';

// the drawing question's editor takes tldraw's licence key from the server's configuration
setTldrawLicenseKey(runtimeConfig.tldrawLicenseKey);

// The student app: the shared shell (@aula/web) with the student sign-in page and the student's own pages.
mountApp({
  // the student's area of the English start catalogue (the sign-in page's texts)
  english: { student },
  signInPage: () => import('./features/auth/components/sign-in-page').then((m) => m.SignInPage),
  // 000 section 2: the single-sign-on and LTI return pages and the OAuth role chooser
  publicRoutes: [
    {
      path: paths.ssoReturn,
      lazy: lazyRoute(() => import('./features/sso/components/sso-return-page').then((m) => m.SsoReturnPage)),
    },
    {
      path: paths.ltiReturn,
      lazy: lazyRoute(() => import('./features/sso/components/lti-return-page').then((m) => m.LtiReturnPage)),
    },
    {
      // /oauth/1 ClassLink, /oauth/2 Clever, /oauth/4 Google: the provider returns here (docs/sso.md)
      path: paths.oauthCallback,
      lazy: lazyRoute(() =>
        import('@aula/web/features/sso/components/oauth-callback-page.tsx').then((m) => m.OauthCallbackPage),
      ),
    },
    {
      path: paths.oauthScope,
      lazy: lazyRoute(() =>
        import('@aula/web/features/sso/components/role-chooser-page.tsx').then((m) => m.RoleChooserPage),
      ),
    },
  ],
  routes: [
    {
      path: paths.home,
      lazy: lazyRoute(() => import('./features/home/components/home-page').then((m) => m.HomePage)),
    },
    {
      // the player and the review: the renderer, Dexie and the save queue load with this route only
      path: paths.work,
      // the attempt is asked for beside the route's code, not once the page renders
      loader: prefetchAttempt,
      shouldRevalidate: revalidateOnAttempt,
      lazy: lazyRoute(() => import('./features/work/components/work-page').then((m) => m.WorkPage)),
    },
  ],
  antd: { button: { style: { minWidth: STUDENT_BUTTON_MIN_WIDTH } } },
});
