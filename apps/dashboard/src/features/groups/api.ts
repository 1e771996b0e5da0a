import { api } from '@aula/web/lib/api.ts';
import type { GroupDetail, GroupFilters, GroupInput, GroupRelations, GroupRow, ListOf, Paged } from './groups.types';

// The group calls (001 section 7 "Groups": POST list, my list, create, relations; PUT update and restore; GET one;
// DELETE) and the lists under a class, teacher, school, student or account.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Group', 'Class'] });

export const groupsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listGroups: build.query<Paged<GroupRow>, GroupFilters & { of?: ListOf }>({
      query: ({ of, ...body }) => ({
        url: of ? `${D}/${of.scope}/${of.id}/groups` : `${D}/groups/list`,
        method: 'POST',
        body,
      }),
      providesTags: ['Group'],
    }),
    getGroup: build.query<GroupDetail, number>({
      query: (id) => `${D}/groups/${id}`,
      transformResponse: data<GroupDetail>,
      providesTags: (_r, _e, id) => [{ type: 'Group', id }],
    }),
    groupRelations: build.query<GroupRelations, { class_ids?: number[] }>({
      query: (body) => ({ url: `${D}/groups/relations`, method: 'POST', body }),
      transformResponse: data<GroupRelations>,
    }),
    /** The schools a new group may be placed in, for callers who see schools (admins). */
    listGroupSchools: build.query<{ id: number; name: string }[], void>({
      query: () => ({ url: `${D}/organizations/all`, method: 'POST', body: { per_page: 300 } }),
      transformResponse: data<{ id: number; name: string }[]>,
    }),
    createGroup: build.mutation<GroupDetail, GroupInput>({
      query: (body) => ({ url: `${D}/groups`, method: 'POST', body }),
      transformResponse: data<GroupDetail>,
      invalidatesTags: ['Group', 'Class'],
    }),
    updateGroup: build.mutation<GroupDetail, { id: number } & Partial<GroupInput>>({
      query: ({ id, organization_id: _o, ...body }) => ({ url: `${D}/groups/${id}`, method: 'PUT', body }),
      transformResponse: data<GroupDetail>,
      invalidatesTags: ['Group', 'Class'],
    }),
    restoreGroup: build.mutation<GroupDetail, number>({
      query: (id) => ({ url: `${D}/groups/${id}/restore`, method: 'PUT' }),
      transformResponse: data<GroupDetail>,
      invalidatesTags: ['Group', 'Class'],
    }),
    deleteGroup: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/groups/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Group', 'Class'],
    }),
  }),
});

export const {
  useListGroupsQuery,
  useGetGroupQuery,
  useGroupRelationsQuery,
  useListGroupSchoolsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useRestoreGroupMutation,
  useDeleteGroupMutation,
} = groupsApi;
