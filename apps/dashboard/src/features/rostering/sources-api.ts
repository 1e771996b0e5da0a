import { api } from '@aula/web/lib/api.ts';
import type { RosterSourceDto, RosterSourceSaveInput, RosterSourceTestResult } from '@aula/domain/rostering-sources';

// Roster sources (002 section 7, Rostering): get sources, create or update, toggle active, delete by account_id,
// test connection, create queue item from source. Their errors are the screen's (002 section 8), so these endpoint
// names are in @aula/web's SCREEN_HANDLED list.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['RosterSources'] });

export type RosterSourceForm = Omit<RosterSourceSaveInput, 'authorization_type'> & {
  authorization_type?: RosterSourceSaveInput['authorization_type'];
};

export const rosterSourcesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listRosterSources: build.query<RosterSourceDto[], number | undefined>({
      query: (accountId) => ({
        url: '/dashboard/roster/sources/list',
        method: 'POST',
        body: { scope: accountId ? { account_id: accountId } : {} },
      }),
      transformResponse: data<RosterSourceDto[]>,
      providesTags: ['RosterSources'],
      keepUnusedDataFor: 0,
    }),
    saveRosterSource: build.mutation<RosterSourceDto, RosterSourceForm>({
      query: (body) => ({ url: '/dashboard/roster/sources', method: 'PUT', body }),
      transformResponse: data<RosterSourceDto>,
      invalidatesTags: ['RosterSources'],
    }),
    toggleRosterSource: build.mutation<{ result: boolean; is_active: boolean }, number>({
      query: (accountId) => ({
        url: '/dashboard/roster/sources/toggle-active',
        method: 'POST',
        body: { account_id: accountId },
      }),
      transformResponse: data<{ result: boolean; is_active: boolean }>,
      invalidatesTags: ['RosterSources'],
    }),
    deleteRosterSource: build.mutation<void, number>({
      query: (accountId) => ({ url: `/dashboard/roster/sources/${accountId}`, method: 'DELETE' }),
      invalidatesTags: ['RosterSources'],
    }),
    testRosterSource: build.mutation<RosterSourceTestResult, Partial<RosterSourceForm>>({
      query: (body) => ({ url: '/dashboard/roster/sources/test-connection', method: 'POST', body }),
      transformResponse: data<RosterSourceTestResult>,
    }),
    importFromRosterSource: build.mutation<{ queued: boolean }, number>({
      query: (accountId) => ({
        url: '/dashboard/roster/sources/import',
        method: 'POST',
        body: { account_id: accountId },
      }),
      transformResponse: data<{ queued: boolean }>,
    }),
    listRosterAccountOptions: build.query<{ id: number; name: string }[], string>({
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
  useListRosterSourcesQuery,
  useSaveRosterSourceMutation,
  useToggleRosterSourceMutation,
  useDeleteRosterSourceMutation,
  useTestRosterSourceMutation,
  useImportFromRosterSourceMutation,
  useListRosterAccountOptionsQuery,
} = rosterSourcesApi;
