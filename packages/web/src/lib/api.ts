import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ApiError } from './api-errors';
import { withRetry } from './api-retry';
import { requestLanguage } from './i18n';
import { runtimeConfig } from './runtime-config';

/** Dispatched on any 401: the token is missing, expired or revoked (001 section 4). */
export const sessionRejected = createAction('session/rejected');

/** What the API reads of the store: the session token, which the auth slice holds. */
interface TokenState {
  auth: { token: string | null };
}

// 503 while the API sheds load and network failures are retried with jittered back-off (lib/api-retry.ts)
const rawBaseQuery = withRetry(
  fetchBaseQuery({
    baseUrl: runtimeConfig.apiUrl,
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
