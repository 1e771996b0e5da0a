import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { createStore } from './app/store';
import { applyFavicon } from './app/theme';
import { runtimeConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyFavicon(runtimeConfig.theme);
const store = createStore();
const router = createRouter();

createRoot(container).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
