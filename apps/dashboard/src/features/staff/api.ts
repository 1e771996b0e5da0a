import type { StaffRole } from '@aula/domain/roles';
import { api } from '@aula/web/lib/api.ts';
import type { NamedRef, Paged, User, UserCreateInput, UserSearchRequest, UserUpdateInput } from './staff.types';

// Staff and users (001 section 7, Users): search, create, get, update, password, role, organizations, restore and
// delete under /dashboard/users, with the accounts, schools and custom roles the forms pick from.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['StaffUser'] });

export const staffApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<Paged<User>, UserSearchRequest>({
      query: (body) => ({ url: `${D}/users/search`, method: 'POST', body }),
      providesTags: ['StaffUser'],
    }),
    getUser: build.query<User, number>({
      query: (id) => `${D}/users/${id}`,
      transformResponse: data<User>,
      providesTags: (_r, _e, id) => [{ type: 'StaffUser', id }],
    }),
    createUser: build.mutation<User, UserCreateInput>({
      query: (body) => ({ url: `${D}/users`, method: 'POST', body }),
      transformResponse: data<User>,
      invalidatesTags: ['StaffUser'],
    }),
    updateUser: build.mutation<User, { id: number } & UserUpdateInput>({
      query: ({ id, ...body }) => ({ url: `${D}/users/${id}`, method: 'PUT', body }),
      transformResponse: data<User>,
      invalidatesTags: ['StaffUser'],
    }),
    setUserRole: build.mutation<User, { id: number; role: StaffRole; role_id?: number; organization_ids?: number[] }>({
      query: ({ id, ...body }) => ({ url: `${D}/users/${id}/role`, method: 'PATCH', body }),
      transformResponse: data<User>,
      invalidatesTags: ['StaffUser'],
    }),
    setUserOrganizations: build.mutation<User, { id: number; organization_ids: number[] }>({
      query: ({ id, ...body }) => ({ url: `${D}/users/${id}/organizations`, method: 'POST', body }),
      transformResponse: data<User>,
      invalidatesTags: ['StaffUser'],
    }),
    setUserPassword: build.mutation<void, { id: number; password: string; password_confirmation: string }>({
      query: ({ id, ...body }) => ({ url: `${D}/users/${id}/password`, method: 'PATCH', body }),
    }),
    restoreUser: build.mutation<User, number>({
      query: (id) => ({ url: `${D}/users/${id}/restore`, method: 'PATCH' }),
      transformResponse: data<User>,
      invalidatesTags: ['StaffUser'],
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['StaffUser'],
    }),
    /** Districts provider and domain staff place a user in. */
    listUserAccounts: build.query<NamedRef[], void>({
      query: () => ({ url: `${D}/accounts/list`, method: 'POST', body: { page: 1, per_page: 300 } }),
      transformResponse: data<NamedRef[]>,
    }),
    /** The schools of one account a user may belong to. */
    listAccountSchools: build.query<NamedRef[], number>({
      query: (accountId) => ({
        url: `${D}/organizations/all`,
        method: 'POST',
        body: { account_id: accountId, page: 1, per_page: 300 },
      }),
      transformResponse: data<NamedRef[]>,
    }),
    /** Domains provider staff place a domain-level user in. */
    listUserDomains: build.query<NamedRef[], void>({
      query: () => `${D}/domains/my-list`,
      transformResponse: data<NamedRef[]>,
    }),
    /** Custom roles the caller can see, for a custom-role user. */
    listCustomRoles: build.query<NamedRef[], void>({
      query: () => ({ url: `${D}/roles/list`, method: 'POST', body: { page: 1, per_page: 300 } }),
      transformResponse: data<NamedRef[]>,
    }),
  }),
});

export const {
  useSearchUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useSetUserRoleMutation,
  useSetUserOrganizationsMutation,
  useSetUserPasswordMutation,
  useRestoreUserMutation,
  useDeleteUserMutation,
  useListUserAccountsQuery,
  useListAccountSchoolsQuery,
  useListUserDomainsQuery,
  useListCustomRolesQuery,
} = staffApi;
