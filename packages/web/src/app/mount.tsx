import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from '../lib/i18n';
import { runtimeConfig } from '../lib/runtime-config';
import { Providers, type AntdDefaults } from './providers';
import { createAppRouter, type AppRoutes } from './router';
import { createStore } from './store';
import { applyFavicon } from './theme';

/** Starts a front end: favicon, store, router and providers, rendered into index.html's #root. */
export function mountApp({ antd, ...routes }: AppRoutes & { antd?: AntdDefaults }): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  applyFavicon(runtimeConfig.theme);
  const store = createStore();
  const router = createAppRouter(routes);

  // the first paint is in the language stored on this device: its catalogue loads before anything renders
  void i18nReady.then(() => {
    createRoot(container).render(
      <StrictMode>
        <Providers store={store} antd={antd}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
