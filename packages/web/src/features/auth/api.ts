import { api } from '../../lib/api';
import type { MyInfo, SignInRequest, SignInResult } from './auth.types';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResult, SignInRequest>({
      query: (body) => ({ url: `/${__AULA_APP__}/auth/form`, method: 'POST', body }),
      transformResponse: (response: { data: SignInResult }) => response.data,
    }),
    getMy: build.query<MyInfo, void>({
      query: () => `/${__AULA_APP__}/my`,
      transformResponse: (response: { data: MyInfo }) => response.data,
      providesTags: ['My'],
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: `/${__AULA_APP__}/auth/logout`, method: 'POST' }),
    }),
  }),
});

export const { useSignInMutation, useGetMyQuery, useSignOutMutation } = authApi;
