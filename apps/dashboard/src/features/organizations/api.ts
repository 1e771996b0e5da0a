import { api } from '@aula/web/lib/api.ts';
import type {
  AccountOption,
  Organization,
  OrganizationFilters,
  OrganizationInput,
  OrganizationSummary,
  Paged,
} from './organizations.types';

// The organization calls (001 section 7 "Organizations: POST all and my", plus create, get and update; 002 section 3
// organization summary). The account picker of provider and domain staff reads POST /dashboard/accounts/list.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Organization'] });

export const organizationsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<Paged<Organization>, OrganizationFilters>({
      query: (body) => ({ url: `${D}/organizations/all`, method: 'POST', body }),
      providesTags: ['Organization'],
    }),
    getOrganization: build.query<Organization, number>({
      query: (id) => `${D}/organizations/${id}`,
      transformResponse: data<Organization>,
      providesTags: (_r, _e, id) => [{ type: 'Organization', id }],
    }),
    getOrganizationSummary: build.query<OrganizationSummary, number>({
      query: (id) => ({ url: `${D}/summaries/organization`, method: 'POST', body: { organization_id: id } }),
      transformResponse: data<OrganizationSummary>,
      providesTags: (_r, _e, id) => [{ type: 'Organization', id }],
    }),
    createOrganization: build.mutation<Organization, OrganizationInput>({
      query: (body) => ({ url: `${D}/organizations`, method: 'POST', body }),
      transformResponse: data<Organization>,
      invalidatesTags: ['Organization'],
    }),
    updateOrganization: build.mutation<Organization, { id: number } & OrganizationInput>({
      query: ({ id, account_id: _account, ...body }) => ({ url: `${D}/organizations/${id}`, method: 'PUT', body }),
      transformResponse: data<Organization>,
      invalidatesTags: ['Organization'],
    }),
    listOrganizationAccounts: build.query<AccountOption[], string>({
      query: (search) => ({
        url: `${D}/accounts/list`,
        method: 'POST',
        body: { per_page: 50, ...(search ? { search } : {}) },
      }),
      transformResponse: data<AccountOption[]>,
    }),
  }),
});

export const {
  useListOrganizationsQuery,
  useGetOrganizationQuery,
  useGetOrganizationSummaryQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useListOrganizationAccountsQuery,
} = organizationsApi;
