import { api } from '@aula/web/lib/api.ts';
import type { CatalogueEntry, ListedRole, MyRoles, Paged, RoleInput } from './roles.types';

// Roles (001 section 7): POST list, GET my, POST create, GET one, PUT update, DELETE; and the permission catalogue
// the form picks from. Provider staff choose a new role's domain from GET /dashboard/domains/my-list.

const D = '/dashboard/roles';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Role'] });

export const rolesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<Paged<ListedRole>, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: `${D}/list`, method: 'POST', body }),
      providesTags: ['Role'],
    }),
    getRole: build.query<ListedRole, number>({
      query: (id) => `${D}/${id}`,
      transformResponse: data<ListedRole>,
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
    myRoles: build.query<MyRoles, void>({
      query: () => `${D}/my`,
      transformResponse: data<MyRoles>,
      providesTags: ['Role'],
    }),
    permissionCatalogue: build.query<CatalogueEntry[], void>({
      query: () => `${D}/permissions`,
      transformResponse: data<CatalogueEntry[]>,
    }),
    createRole: build.mutation<ListedRole, RoleInput>({
      query: (body) => ({ url: D, method: 'POST', body }),
      transformResponse: data<ListedRole>,
      invalidatesTags: ['Role'],
    }),
    updateRole: build.mutation<ListedRole, { id: number } & RoleInput>({
      query: ({ id, domain_id: _domain, ...body }) => ({ url: `${D}/${id}`, method: 'PUT', body }),
      transformResponse: data<ListedRole>,
      invalidatesTags: ['Role'],
    }),
    deleteRole: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Role'],
    }),
    roleDomains: build.query<{ id: number; name: string }[], void>({
      query: () => '/dashboard/domains/my-list',
      transformResponse: data<{ id: number; name: string }[]>,
    }),
  }),
});

export const {
  useListRolesQuery,
  useGetRoleQuery,
  useMyRolesQuery,
  usePermissionCatalogueQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useRoleDomainsQuery,
} = rolesApi;
