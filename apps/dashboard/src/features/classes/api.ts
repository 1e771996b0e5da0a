import { api } from '@aula/web/lib/api.ts';
import type {
  ClassFilters,
  ClassRow,
  ClassSetting,
  ClassSettingChange,
  ClassSummary,
  ClassUser,
  LabGroup,
  LabGroupInput,
  ListOf,
  Paged,
} from './classes.types';

// The class calls (001 section 7 "Classrooms", 002 section 3 class summary): lists (all, my, under another page),
// one class, update, users by type, summary, settings and lab groups. Everything is under /dashboard.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Class', 'ClassSettings', 'LabGroup'] });

export const classesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listClasses: build.query<Paged<ClassRow>, ClassFilters & { of?: ListOf; my?: boolean }>({
      query: ({ of, my, ...body }) => ({
        url: of ? `${D}/${of.scope}/${of.id}/classes` : `${D}/classes/${my ? 'my' : 'list'}`,
        method: 'POST',
        body,
      }),
      providesTags: ['Class'],
    }),
    getClass: build.query<ClassRow, number>({
      query: (id) => `${D}/classes/${id}`,
      transformResponse: data<ClassRow>,
      providesTags: (_r, _e, id) => [{ type: 'Class', id }],
    }),
    updateClass: build.mutation<ClassRow, { id: number; custom_title?: string | null }>({
      query: ({ id, ...body }) => ({ url: `${D}/classes/${id}`, method: 'PUT', body }),
      transformResponse: data<ClassRow>,
      invalidatesTags: ['Class'],
    }),
    listClassUsers: build.query<Paged<ClassUser>, { id: number; user_type: 'student' | 'teacher'; per_page?: number }>({
      query: ({ id, ...body }) => ({ url: `${D}/classes/${id}/users`, method: 'POST', body }),
      providesTags: ['Class'],
    }),
    getClassSummary: build.query<ClassSummary, { id: number; start_date?: string; end_date?: string }>({
      query: ({ id, ...body }) => ({ url: `${D}/classes/${id}/summary`, method: 'POST', body }),
      transformResponse: data<ClassSummary>,
      providesTags: ['Class', 'LabGroup'],
    }),
    getClassSettings: build.query<ClassSetting[], number>({
      query: (id) => `${D}/classes/${id}/settings`,
      transformResponse: data<ClassSetting[]>,
      providesTags: (_r, _e, id) => [{ type: 'ClassSettings', id }],
    }),
    saveClassSettings: build.mutation<ClassSetting[], { id: number; settings: ClassSettingChange[] }>({
      query: ({ id, settings }) => ({ url: `${D}/classes/${id}/settings`, method: 'POST', body: { settings } }),
      transformResponse: data<ClassSetting[]>,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'ClassSettings', id }],
    }),
    listClassLabGroups: build.query<LabGroup[], number>({
      query: (classId) => `${D}/classes/${classId}/lab-groups`,
      transformResponse: data<LabGroup[]>,
      providesTags: ['LabGroup'],
    }),
    createClassLabGroup: build.mutation<LabGroup, { classId: number } & LabGroupInput>({
      query: ({ classId, ...body }) => ({ url: `${D}/classes/${classId}/lab-groups`, method: 'POST', body }),
      transformResponse: data<LabGroup>,
      invalidatesTags: ['LabGroup'],
    }),
    updateClassLabGroup: build.mutation<LabGroup, { classId: number; id: number } & LabGroupInput>({
      query: ({ classId, id, ...body }) => ({ url: `${D}/classes/${classId}/lab-groups/${id}`, method: 'PUT', body }),
      transformResponse: data<LabGroup>,
      invalidatesTags: ['LabGroup'],
    }),
    deleteClassLabGroup: build.mutation<void, { classId: number; id: number }>({
      query: ({ classId, id }) => ({ url: `${D}/classes/${classId}/lab-groups/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LabGroup'],
    }),
  }),
});

export const {
  useListClassesQuery,
  useGetClassQuery,
  useUpdateClassMutation,
  useListClassUsersQuery,
  useGetClassSummaryQuery,
  useGetClassSettingsQuery,
  useSaveClassSettingsMutation,
  useListClassLabGroupsQuery,
  useCreateClassLabGroupMutation,
  useUpdateClassLabGroupMutation,
  useDeleteClassLabGroupMutation,
} = classesApi;
