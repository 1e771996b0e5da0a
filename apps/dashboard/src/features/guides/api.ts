import { api } from '@aula/web/lib/api.ts';
import type { Guide, GuideFormValues, GuidePage } from './guides.types';
import { guideFormData } from './lib/guide-form-data';

// The guide pages (docs/guides.md): POST /dashboard/guides/list, GET one, multipart POST create and PUT update,
// DELETE; POST /dashboard/activities/guides for an activity's details page.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['Guides'] });

export const guidesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listGuides: build.query<GuidePage, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: '/dashboard/guides/list', method: 'POST', body }),
      providesTags: ['Guides'],
      keepUnusedDataFor: 0,
    }),
    getGuide: build.query<Guide, number>({
      query: (id) => `/dashboard/guides/${id}`,
      transformResponse: data<Guide>,
      providesTags: ['Guides'],
      keepUnusedDataFor: 0,
    }),
    listActivityGuides: build.query<Guide[], number>({
      query: (activityId) => ({
        url: '/dashboard/activities/guides',
        method: 'POST',
        body: { activity_id: activityId },
      }),
      transformResponse: data<Guide[]>,
      providesTags: ['Guides'],
    }),
    /** The activity picker of the guide form: the activities the caller may read, by title. */
    searchGuideActivities: build.query<{ id: number; title: string }[], string>({
      query: (search) => ({
        url: '/dashboard/activities/search',
        method: 'POST',
        body: { per_page: 20, ...(search ? { search } : {}) },
      }),
      transformResponse: (r: { data: { id: number; title: string }[] }) =>
        r.data.map(({ id, title }) => ({ id, title })),
    }),
    createGuide: build.mutation<Guide, GuideFormValues>({
      query: (values) => ({ url: '/dashboard/guides', method: 'POST', body: guideFormData(values) }),
      transformResponse: data<Guide>,
      invalidatesTags: ['Guides'],
    }),
    updateGuide: build.mutation<Guide, GuideFormValues & { id: number }>({
      query: ({ id, ...values }) => ({ url: `/dashboard/guides/${id}`, method: 'PUT', body: guideFormData(values) }),
      transformResponse: data<Guide>,
      invalidatesTags: ['Guides'],
    }),
    deleteGuide: build.mutation<void, number>({
      query: (id) => ({ url: `/dashboard/guides/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Guides'],
    }),
  }),
});

export const {
  useListGuidesQuery,
  useGetGuideQuery,
  useListActivityGuidesQuery,
  useSearchGuideActivitiesQuery,
  useCreateGuideMutation,
  useUpdateGuideMutation,
  useDeleteGuideMutation,
} = guidesApi;
