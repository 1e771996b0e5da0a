import '../lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { selectToken } from '../features/auth/auth.slice';
import type { EnglishAppArea } from '@aula/i18n/locales/en-start';
import { addEnglishAppArea, i18nReady } from '../lib/i18n';
import { runtimeConfig } from '../lib/runtime-config';
import { Providers, type AntdDefaults } from './providers';
import { createAppRouter, type AppRoutes } from './router';
import { StaticPageHead } from './static-page-head';
import { createStore } from './store';
import { applyThemeToDocument } from './theme';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Settles once the router has loaded the code of the first page (its lazy routes). */
function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts a front end: favicon, store, router and providers, rendered into index.html's #root. Until then #root
 * shows the static sign-in page or loading text of index.html (sign-in-shell.ts). `english` is the app's own area of
 * the English catalogue, part of what the sign-in page needs (the rest loads with the other pages, lazyRoute).
 */
export function mountApp({
  antd,
  english,
  ...routes
}: AppRoutes & { antd?: AntdDefaults; english: EnglishAppArea }): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  addEnglishAppArea(english);

  applyThemeToDocument(runtimeConfig.theme);
  // in a task of its own, apart from evaluating the scripts: two shorter tasks keep the page responsive
  setTimeout(() => start(container, routes, antd), 0);
}

function start(container: HTMLElement, routes: AppRoutes, antd: AntdDefaults | undefined): void {
  const store = createStore();
  // A stored session's user info (/my), which every signed-in page waits for, is asked for now, beside the first
  // page's code, not after it: RequireUser (require-session.tsx) finds it loaded or on its way (one request either way).
  // The API slice (RTK Query) is not part of the sign-in page: it is imported here, beside the page's code.
  if (selectToken(store.getState()) !== null) {
    void import('../features/auth/api').then(({ authApi }) =>
      store.dispatch(authApi.endpoints.getMy.initiate(undefined, { subscribe: false })),
    );
  }
  const router = createAppRouter(routes, store);

  // The first render waits for the stored language's catalogue and the first page's code, so it replaces the
  // static page with the real one in one step (no loading screen in between). It renders as a transition, which
  // React splits into short tasks: the page stays responsive while it builds.
  void Promise.all([i18nReady, routerReady(router)]).then(() => {
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <Providers store={store} antd={antd}>
            <RouterProvider router={router} />
            <StaticPageHead />
          </Providers>
        </StrictMode>,
      );
    });
  });
}
