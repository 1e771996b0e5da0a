import { api } from '@aula/web/lib/api.ts';
import type {
  Account,
  AccountInput,
  AccountListFilter,
  AccountSetting,
  AccountSettingKind,
  Paged,
} from './accounts.types';

// Account calls (001 section 7): POST list, POST check district id, POST create, GET and PUT one, GET and POST
// settings (one batch), POST toggle technology setting (field, value), POST delete (force).

const D = '/dashboard/accounts';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Account', 'AccountSettings'] });

export const accountsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listAccounts: build.query<Paged<Account>, AccountListFilter>({
      query: (body) => ({ url: `${D}/list`, method: 'POST', body }),
      providesTags: ['Account'],
    }),
    getAccount: build.query<Account, number>({
      query: (id) => `${D}/${id}`,
      transformResponse: data<Account>,
      providesTags: (_r, _e, id) => [{ type: 'Account', id }],
    }),
    checkDistrictId: build.mutation<{ unique: true }, { districtId: string; id?: number }>({
      query: (body) => ({ url: `${D}/check-district-id`, method: 'POST', body }),
      transformResponse: data<{ unique: true }>,
    }),
    createAccount: build.mutation<Account, AccountInput>({
      query: (body) => ({ url: D, method: 'POST', body }),
      transformResponse: data<Account>,
      invalidatesTags: ['Account'],
    }),
    updateAccount: build.mutation<Account, { id: number } & AccountInput>({
      query: ({ id, domain_id: _domain, ...body }) => ({ url: `${D}/${id}`, method: 'PUT', body }),
      transformResponse: data<Account>,
      invalidatesTags: ['Account'],
    }),
    getAccountSettings: build.query<AccountSetting[], number>({
      query: (id) => `${D}/${id}/settings`,
      transformResponse: data<AccountSetting[]>,
      providesTags: (_r, _e, id) => [{ type: 'AccountSettings', id }],
    }),
    saveAccountSettings: build.mutation<AccountSetting[], { id: number; settings: AccountSetting[] }>({
      query: ({ id, settings }) => ({ url: `${D}/${id}/settings`, method: 'POST', body: { settings } }),
      transformResponse: data<AccountSetting[]>,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AccountSettings', id }],
    }),
    toggleTechnologySetting: build.mutation<
      AccountSetting[],
      { id: number; field: AccountSettingKind; value: boolean }
    >({
      query: ({ id, field, value }) => ({
        url: `${D}/${id}/toggle-technology-setting`,
        method: 'POST',
        body: { field, value },
      }),
      transformResponse: data<AccountSetting[]>,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AccountSettings', id }],
    }),
    deleteAccount: build.mutation<void, { id: number; force: boolean }>({
      query: ({ id, force }) => ({ url: `${D}/${id}/delete`, method: 'POST', body: { force } }),
      invalidatesTags: ['Account'],
    }),
    listAccountDomains: build.query<{ id: number; name: string }[], void>({
      query: () => '/dashboard/domains/my-list',
      transformResponse: data<{ id: number; name: string }[]>,
    }),
  }),
});

export const {
  useListAccountsQuery,
  useGetAccountQuery,
  useCheckDistrictIdMutation,
  useCreateAccountMutation,
  useUpdateAccountMutation,
  useGetAccountSettingsQuery,
  useSaveAccountSettingsMutation,
  useToggleTechnologySettingMutation,
  useDeleteAccountMutation,
  useListAccountDomainsQuery,
} = accountsApi;
