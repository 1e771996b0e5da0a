import { api } from '@aula/web/lib/api.ts';
import type {
  LtiCatalogItem,
  LtiDeploymentDto,
  LtiDeploymentListInput,
  LtiDeploymentSaveInput,
  LtiKeyDto,
  LtiPlatformDto,
  LtiPlatformSaveInput,
  LtiRotateInput,
} from '@aula/domain/lti';

// LTI keys, platforms and deployments (002 section 7). Deployment create and update errors are the screen's
// (002 section 8), so those endpoint names are in @aula/web's SCREEN_HANDLED list.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['LtiKeys', 'LtiPlatforms', 'LtiDeployments'] });

export interface LtiDeploymentPage {
  data: LtiDeploymentDto[];
  meta: { page: number; per_page: number; total: number };
}

export const ltiApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listLtiKeys: build.query<LtiKeyDto[], void>({
      query: () => '/dashboard/lti/keys',
      transformResponse: data<LtiKeyDto[]>,
      providesTags: ['LtiKeys'],
    }),
    createLtiKey: build.mutation<LtiKeyDto, void>({
      query: () => ({ url: '/dashboard/lti/keys', method: 'POST' }),
      transformResponse: data<LtiKeyDto>,
      invalidatesTags: ['LtiKeys'],
    }),
    rotateLtiKeys: build.mutation<LtiKeyDto, LtiRotateInput>({
      query: (body) => ({ url: '/dashboard/lti/keys/rotate', method: 'POST', body }),
      transformResponse: data<LtiKeyDto>,
      invalidatesTags: ['LtiKeys'],
    }),
    toggleLtiKey: build.mutation<LtiKeyDto, number>({
      query: (id) => `/dashboard/lti/keys/${id}/toggle-active`,
      transformResponse: data<LtiKeyDto>,
      invalidatesTags: ['LtiKeys'],
    }),
    deleteLtiKey: build.mutation<void, number>({
      query: (id) => ({ url: `/dashboard/lti/keys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LtiKeys'],
    }),
    listLtiPlatforms: build.query<LtiPlatformDto[], void>({
      query: () => '/dashboard/lti/platforms',
      transformResponse: data<LtiPlatformDto[]>,
      providesTags: ['LtiPlatforms'],
    }),
    ltiPlatformCatalog: build.query<LtiCatalogItem[], void>({
      query: () => '/dashboard/lti/platforms/catalog',
      transformResponse: data<LtiCatalogItem[]>,
      providesTags: ['LtiPlatforms'],
    }),
    getLtiPlatform: build.query<LtiPlatformDto, number>({
      query: (id) => `/dashboard/lti/platforms/${id}`,
      transformResponse: data<LtiPlatformDto>,
      providesTags: ['LtiPlatforms'],
    }),
    createLtiPlatform: build.mutation<LtiPlatformDto, LtiPlatformSaveInput>({
      query: (body) => ({ url: '/dashboard/lti/platforms', method: 'POST', body }),
      transformResponse: data<LtiPlatformDto>,
      invalidatesTags: ['LtiPlatforms'],
    }),
    updateLtiPlatform: build.mutation<LtiPlatformDto, LtiPlatformSaveInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/dashboard/lti/platforms/${id}`, method: 'PUT', body }),
      transformResponse: data<LtiPlatformDto>,
      invalidatesTags: ['LtiPlatforms'],
    }),
    deleteLtiPlatform: build.mutation<void, number>({
      query: (id) => ({ url: `/dashboard/lti/platforms/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LtiPlatforms'],
    }),
    listLtiDeployments: build.query<LtiDeploymentPage, Partial<LtiDeploymentListInput>>({
      query: (body) => ({ url: '/dashboard/lti/deployments/list', method: 'POST', body }),
      providesTags: ['LtiDeployments'],
    }),
    getLtiDeployment: build.query<LtiDeploymentDto, number>({
      query: (id) => `/dashboard/lti/deployments/${id}`,
      transformResponse: data<LtiDeploymentDto>,
      providesTags: ['LtiDeployments'],
    }),
    createLtiDeployment: build.mutation<LtiDeploymentDto, LtiDeploymentSaveInput>({
      query: (body) => ({ url: '/dashboard/lti/deployments', method: 'POST', body }),
      transformResponse: data<LtiDeploymentDto>,
      invalidatesTags: ['LtiDeployments', 'LtiPlatforms'],
    }),
    updateLtiDeployment: build.mutation<LtiDeploymentDto, LtiDeploymentSaveInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/dashboard/lti/deployments/${id}`, method: 'PUT', body }),
      transformResponse: data<LtiDeploymentDto>,
      invalidatesTags: ['LtiDeployments', 'LtiPlatforms'],
    }),
    toggleLtiDeployment: build.mutation<LtiDeploymentDto, number>({
      query: (id) => `/dashboard/lti/deployments/${id}/toggle-active`,
      transformResponse: data<LtiDeploymentDto>,
      invalidatesTags: ['LtiDeployments'],
    }),
    deleteLtiDeployment: build.mutation<void, number>({
      query: (id) => ({ url: `/dashboard/lti/deployments/${id}`, method: 'DELETE' }),
      invalidatesTags: ['LtiDeployments', 'LtiPlatforms'],
    }),
    listLtiAccountOptions: build.query<{ id: number; name: string }[], string>({
      query: (search) => ({
        url: '/dashboard/accounts/list',
        method: 'POST',
        body: { per_page: 50, ...(search ? { search } : {}) },
      }),
      transformResponse: data<{ id: number; name: string }[]>,
    }),
  }),
});

export const {
  useListLtiKeysQuery,
  useCreateLtiKeyMutation,
  useRotateLtiKeysMutation,
  useToggleLtiKeyMutation,
  useDeleteLtiKeyMutation,
  useListLtiPlatformsQuery,
  useLtiPlatformCatalogQuery,
  useGetLtiPlatformQuery,
  useCreateLtiPlatformMutation,
  useUpdateLtiPlatformMutation,
  useDeleteLtiPlatformMutation,
  useListLtiDeploymentsQuery,
  useGetLtiDeploymentQuery,
  useCreateLtiDeploymentMutation,
  useUpdateLtiDeploymentMutation,
  useToggleLtiDeploymentMutation,
  useDeleteLtiDeploymentMutation,
  useListLtiAccountOptionsQuery,
} = ltiApi;
