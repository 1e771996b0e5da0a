import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { authListeners, watchOtherTabs } from '../features/auth/auth.listeners';
import { authSlice } from '../features/auth/auth.slice';
import { api } from '../lib/api';
import { apiErrorToasts } from '../lib/api-error-toasts';

export function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [authSlice.name]: authSlice.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(authListeners.middleware).concat(api.middleware, apiErrorToasts),
  });
  setupListeners(store.dispatch);
  watchOtherTabs(() => store.getState(), store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
