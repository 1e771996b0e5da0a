import { api } from '@aula/web/lib/api.ts';
import type {
  AccountPage,
  AccountSettings,
  PlatformStatus,
  TechnologyField,
  TechnologyFlags,
} from './technology.types';

// /tech-settings: POST /dashboard/accounts/list (search, paging), POST /dashboard/accounts/technology-settings (the
// page's flags in one read) and POST /dashboard/accounts/:id/toggle-technology-setting (field, value).
// /status: GET /dashboard/status. Endpoint names start with 'tech'/'platform' so they clash with no other area's.

const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['TechnologyFlags'] });

export const technologyApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    techAccounts: build.query<AccountPage, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: '/dashboard/accounts/list', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    techFlags: build.query<TechnologyFlags[], number[]>({
      query: (ids) => ({ url: '/dashboard/accounts/technology-settings', method: 'POST', body: { account_ids: ids } }),
      transformResponse: data<TechnologyFlags[]>,
      providesTags: ['TechnologyFlags'],
      keepUnusedDataFor: 0,
    }),
    techToggle: build.mutation<AccountSettings, { id: number; field: TechnologyField; value: boolean }>({
      query: ({ id, ...body }) => ({
        url: `/dashboard/accounts/${id}/toggle-technology-setting`,
        method: 'POST',
        body,
      }),
      transformResponse: data<AccountSettings>,
      invalidatesTags: ['TechnologyFlags'],
    }),
    platformStatus: build.query<PlatformStatus, void>({
      query: () => '/dashboard/status',
      transformResponse: data<PlatformStatus>,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useTechAccountsQuery, useTechFlagsQuery, useTechToggleMutation, usePlatformStatusQuery } = technologyApi;
