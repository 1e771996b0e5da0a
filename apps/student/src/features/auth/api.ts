import { api } from '../../lib/api';
import type { MyInfo, SignInRequest, SignInResult } from './auth.types';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResult, SignInRequest>({
      query: (body) => ({ url: '/student/auth/form', method: 'POST', body }),
      transformResponse: (response: { data: SignInResult }) => response.data,
    }),
    getMy: build.query<MyInfo, void>({
      query: () => '/student/my',
      transformResponse: (response: { data: MyInfo }) => response.data,
      providesTags: ['My'],
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: '/student/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useSignInMutation, useGetMyQuery, useSignOutMutation } = authApi;
