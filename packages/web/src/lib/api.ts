import {
  createApi,
  fetchBaseQuery,
  setupListeners,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import { attachApi } from '../app/store';
import { authListeners } from '../features/auth/auth.listeners';
import type { ApiError } from './api-errors';
import { withRetry } from './api-retry';
import { fetchWithEarlyCalls } from './early-calls';
import { requestLanguage } from './i18n';
import { runtimeConfig } from './runtime-config';
import { sessionRejected } from './session-actions';

export { sessionRejected };

/** What the API reads of the store: the session token, which the auth slice holds. */
interface TokenState {
  auth: { token: string | null };
}

// 503 while the API sheds load and network failures are retried with jittered back-off (lib/api-retry.ts)
const rawBaseQuery = withRetry(
  fetchBaseQuery({
    baseUrl: runtimeConfig.apiUrl,
    // a page's first calls may already be on their way (index.html's loader, lib/early-calls.ts)
    fetchFn: fetchWithEarlyCalls,
    prepareHeaders: (headers, { getState }) => {
      const { token } = (getState() as TokenState).auth;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      headers.set('Accept', 'application/json');
      headers.set('Accept-Language', requestLanguage());
      return headers;
    },
  }),
);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401) api.dispatch(sessionRejected());
  return result;
};

/** The one API slice; each feature adds its calls with `api.injectEndpoints` in its own api.ts. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['My', 'Notification', 'UserTask'],
  endpoints: () => ({}),
});

// Not part of the sign-in page: the slice joins the store when this module is first imported, with the first
// signed-in page's code (app/store.ts).
attachApi({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: api.middleware,
  setupListeners: (dispatch) => setupListeners(dispatch),
});

// cached answers belong to the user who just left: on signing out, and on a new session over an old one (an LTI
// launch or single sign-on in a tab that was signed in; otherwise the cached /my keeps the new session waiting)
authListeners.startListening({
  predicate: (_action, current, previous) =>
    (previous as TokenState).auth.token !== null &&
    (current as TokenState).auth.token !== (previous as TokenState).auth.token,
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
  },
});
