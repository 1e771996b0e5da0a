import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import type { CombinedState } from '@reduxjs/toolkit/query';
import { authListeners, watchOtherTabs } from '../features/auth/auth.listeners';
import { authSlice, type AuthState } from '../features/auth/auth.slice';
import { apiErrorToasts } from '../lib/api-error-toasts';

/**
 * The API slice (lib/api.ts) as the store takes it. It is not part of the first screen: the sign-in page works
 * without RTK Query (docs/performance-front-end.md), and the slice joins every store, existing and future, when
 * lib/api.ts is first imported, which happens with the first signed-in page's code.
 */
export interface LazyApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware;
  /** RTK Query's focus and online listeners for a store (setupListeners). */
  setupListeners: (dispatch: AppStore['dispatch']) => void;
}

// the API slice's state (lib/api.ts's tag types)
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as lib/api.ts's createApi has it: no endpoints of its own
type ApiState = CombinedState<{}, 'My' | 'Notification' | 'UserTask', 'api'>;
const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<{ api: ApiState }>();
/**
 * The state as the app's code sees it. `api` is there once the API slice has joined; only code that comes with the
 * API slice (RTK Query's thunks and hooks, pages) reads it, so it is typed as present, as RTK Query's thunks expect.
 */
interface StoreState {
  auth: AuthState;
  api: ApiState;
}
const apiMiddleware = createDynamicMiddleware();
let attached: LazyApi | null = null;
const waiting = new Set<AppStore>();

function joinApi(store: AppStore, lazyApi: LazyApi): void {
  lazyApi.setupListeners(store.dispatch);
  // the API's part of the state exists from the next action on: dispatch one now, before anything reads it
  store.dispatch({ type: 'api/attached' });
}

/** Adds the API slice's reducer and middleware to every store (lib/api.ts calls it once). */
export function attachApi(lazyApi: LazyApi): void {
  if (attached) return;
  attached = lazyApi;
  rootReducer.inject({ reducerPath: lazyApi.reducerPath, reducer: lazyApi.reducer });
  apiMiddleware.addMiddleware(lazyApi.middleware);
  for (const store of waiting) joinApi(store, lazyApi);
  waiting.clear();
}

export function createStore() {
  const store = configureStore({
    reducer: rootReducer as unknown as Reducer<StoreState>,
    middleware: (getDefault) =>
      getDefault().prepend(authListeners.middleware).concat(apiMiddleware.middleware, apiErrorToasts),
  });
  if (attached) joinApi(store, attached);
  else waiting.add(store);
  watchOtherTabs(() => store.getState(), store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
