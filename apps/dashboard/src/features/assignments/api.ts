import { api } from '@aula/web/lib/api.ts';
import type {
  AssignableActivity,
  Assignment,
  AssignmentFilters,
  AssignmentInput,
  AssignmentSet,
  AssignmentSetView,
  LabGroup,
  LabGroupInput,
  ListScope,
  Paged,
  Targets,
  TargetsFilter,
} from './assignments.types';

// The assignments calls (apps/api/src/modules/assignments): everything under /dashboard, snake_case bodies, single
// rows as { data }, lists as { data, meta }.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Assignment', 'AssignmentSet', 'LabGroup'] });

export const assignmentsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** All the caller reaches, or (with `of`) those under an account, school, class, student, group, teacher or admin. */
    listAssignments: build.query<Paged<Assignment>, AssignmentFilters & { of?: { scope: ListScope; id: number } }>({
      query: ({ of, ...body }) => ({
        url: of ? `${D}/${of.scope}/${of.id}/assignments` : `${D}/assignments/list`,
        method: 'POST',
        body,
      }),
      providesTags: ['Assignment'],
    }),
    getAssignment: build.query<Assignment, number>({
      query: (id) => `${D}/assignments/${id}`,
      transformResponse: data<Assignment>,
      providesTags: (_r, _e, id) => [{ type: 'Assignment', id }],
    }),
    createAssignment: build.mutation<Assignment, AssignmentInput>({
      query: (body) => ({ url: `${D}/assignments`, method: 'POST', body }),
      transformResponse: data<Assignment>,
      invalidatesTags: ['Assignment', 'AssignmentSet'],
    }),
    /** Its failures are shown by the screen (001 section 8), e.g. the attempted-assignment message. */
    updateAssignment: build.mutation<Assignment, { id: number } & Partial<AssignmentInput>>({
      query: ({ id, ...body }) => ({ url: `${D}/assignments/${id}`, method: 'PUT', body }),
      transformResponse: data<Assignment>,
      invalidatesTags: ['Assignment', 'AssignmentSet'],
    }),
    /** Its failures are shown by the screen (001 section 8). */
    deleteAssignment: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/assignments/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Assignment', 'AssignmentSet'],
    }),
    getAssignTargets: build.query<Targets, TargetsFilter>({
      query: (body) => ({ url: `${D}/assignments/targets`, method: 'POST', body }),
      transformResponse: data<Targets>,
      providesTags: ['Assignment'],
    }),
    /** Published, unarchived activities of the catalogue (the only ones that can be assigned). */
    listAssignableActivities: build.query<Paged<AssignableActivity>, { search?: string }>({
      query: ({ search }) => ({
        url: `${D}/activities/list`,
        method: 'POST',
        body: { page: 1, per_page: 50, sort: 'title', ...(search ? { search } : {}) },
      }),
    }),

    /** One activity of the catalogue, for the flow opened from the library with it chosen (404 when not readable). */
    getPresetActivity: build.query<AssignableActivity & { status: 'draft' | 'published' }, number>({
      query: (id) => `${D}/activities/${id}`,
      transformResponse: data<AssignableActivity & { status: 'draft' | 'published' }>,
    }),

    // Lab groups under an assignment
    listLabGroups: build.query<LabGroup[], number>({
      query: (assignmentId) => `${D}/assignments/${assignmentId}/lab-groups`,
      transformResponse: data<LabGroup[]>,
      providesTags: ['LabGroup'],
    }),
    createLabGroup: build.mutation<LabGroup, { assignmentId: number } & LabGroupInput>({
      query: ({ assignmentId, ...body }) => ({
        url: `${D}/assignments/${assignmentId}/lab-groups`,
        method: 'POST',
        body,
      }),
      transformResponse: data<LabGroup>,
      invalidatesTags: ['LabGroup'],
    }),
    updateLabGroup: build.mutation<LabGroup, { assignmentId: number; id: number } & Partial<LabGroupInput>>({
      query: ({ assignmentId, id, class_id: _classId, ...body }) => ({
        url: `${D}/assignments/${assignmentId}/lab-groups/${id}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<LabGroup>,
      invalidatesTags: ['LabGroup'],
    }),
    deleteLabGroup: build.mutation<void, { assignmentId: number; id: number }>({
      query: ({ assignmentId, id }) => ({ url: `${D}/assignments/${assignmentId}/lab-groups/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LabGroup'],
    }),

    // Assignment sets
    listAssignmentSets: build.query<Paged<AssignmentSet>, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: `${D}/assignment-sets/list`, method: 'POST', body }),
      providesTags: ['AssignmentSet'],
    }),
    getAssignmentSet: build.query<AssignmentSetView, number>({
      query: (id) => `${D}/assignment-sets/${id}`,
      transformResponse: data<AssignmentSetView>,
      providesTags: ['AssignmentSet', 'Assignment'],
    }),
    createAssignmentSet: build.mutation<AssignmentSet, { name: string; account_id?: number }>({
      query: (body) => ({ url: `${D}/assignment-sets`, method: 'POST', body }),
      transformResponse: data<AssignmentSet>,
      invalidatesTags: ['AssignmentSet'],
    }),
    /** Districts for provider and domain staff's set form (the accounts API's list). */
    listDistricts: build.query<Paged<{ id: number; name: string }>, void>({
      query: () => ({ url: `${D}/accounts/list`, method: 'POST', body: { page: 1, per_page: 300 } }),
    }),
  }),
});

export const {
  useListAssignmentsQuery,
  useGetAssignmentQuery,
  useCreateAssignmentMutation,
  useUpdateAssignmentMutation,
  useDeleteAssignmentMutation,
  useGetAssignTargetsQuery,
  useListAssignableActivitiesQuery,
  useGetPresetActivityQuery,
  useListLabGroupsQuery,
  useCreateLabGroupMutation,
  useUpdateLabGroupMutation,
  useDeleteLabGroupMutation,
  useListAssignmentSetsQuery,
  useGetAssignmentSetQuery,
  useCreateAssignmentSetMutation,
  useListDistrictsQuery,
} = assignmentsApi;
