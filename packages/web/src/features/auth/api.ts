import { api } from '../../lib/api';
import type { SsoSignInResult } from '../sso/sso-handoff';
import type {
  ChangePasswordRequest,
  MyInfo,
  OauthConnection,
  ResetPasswordRequest,
  UpdateMySettingsRequest,
} from './auth.types';

// Signing in and the sign-in providers are plain calls (sign-in-calls.ts): the sign-in page does without RTK Query.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMy: build.query<MyInfo, void>({
      query: () => `/${__AULA_APP__}/my`,
      transformResponse: (response: { data: MyInfo }) => response.data,
      providesTags: ['My'],
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: `/${__AULA_APP__}/auth/logout`, method: 'POST' }),
    }),
    // Password reset (001 section 7): step one emails a link, step two checks it, step three sets the password.
    requestPasswordReset: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: `/${__AULA_APP__}/reset-password`, method: 'POST', body }),
      transformResponse: (response: { data: { message?: string } }) => response.data,
    }),
    validateResetToken: build.query<{ email: string | null }, string>({
      query: (token) => ({ url: `/${__AULA_APP__}/reset-password/${encodeURIComponent(token)}`, method: 'POST' }),
      transformResponse: (response: { data: { email: string | null } }) => response.data,
      // a link is checked once per visit; the answer changes when it is used
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<{ message?: string }, ResetPasswordRequest>({
      query: (body) => ({ url: `/${__AULA_APP__}/reset-password`, method: 'PUT', body }),
      transformResponse: (response: { data: { message?: string } }) => response.data,
    }),
    changePassword: build.mutation<{ message?: string }, ChangePasswordRequest>({
      query: (body) => ({ url: `/${__AULA_APP__}/settings/password`, method: 'PATCH', body }),
      transformResponse: (response: { data: { message?: string } }) => response.data,
      // /my stops listing the change-password action once the password is no longer the email
      invalidatesTags: ['My'],
    }),
    updateMySettings: build.mutation<void, UpdateMySettingsRequest>({
      query: (body) => ({ url: `/${__AULA_APP__}/settings`, method: 'PATCH', body }),
      invalidatesTags: ['My'],
    }),
    // The connections are part of the user's info (/my lists them too), so they share its tag.
    getOauthConnections: build.query<OauthConnection[], void>({
      query: () => `/${__AULA_APP__}/auth/get-oauth-connections`,
      transformResponse: (response: { data: OauthConnection[] }) => response.data,
      providesTags: ['My'],
    }),
    disconnectOauth: build.mutation<void, { login_type: 1 | 2 | 3 | 4 }>({
      query: (body) => ({ url: `/${__AULA_APP__}/settings/oauth`, method: 'DELETE', body }),
      invalidatesTags: ['My'],
    }),
    /** 001 section 7: the OAuth callback pages hand the provider's query parameters to the API. */
    oauthSignIn: build.mutation<SsoSignInResult, { provider: number; params: Record<string, string> }>({
      query: ({ provider, params }) => ({
        url: `/${__AULA_APP__}/auth/oauth/${provider}`,
        method: 'POST',
        body: params,
      }),
      transformResponse: (response: { data: SsoSignInResult }) => response.data,
    }),
    /** GET /oauth/{provider}/connect?hash=: the signed-in user takes the identity a sign-in found no user for */
    connectOauth: build.mutation<{ login_type: number }, { provider: number; hash: string }>({
      query: ({ provider, hash }) => ({ url: `/oauth/${provider}/connect`, method: 'GET', params: { hash } }),
      transformResponse: (response: { data: { login_type: number } }) => response.data,
      invalidatesTags: ['My'],
    }),
  }),
});

export const {
  useGetMyQuery,
  useSignOutMutation,
  useRequestPasswordResetMutation,
  useValidateResetTokenQuery,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useUpdateMySettingsMutation,
  useGetOauthConnectionsQuery,
  useDisconnectOauthMutation,
  useOauthSignInMutation,
  useConnectOauthMutation,
} = authApi;
