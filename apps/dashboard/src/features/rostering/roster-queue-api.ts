import type { RosterStatusAction } from '@aula/domain/roster-queue';
import { api } from '@aula/web/lib/api.ts';
import type {
  Paged,
  RosterChange,
  RosterHistoryArgs,
  RosterLogEntry,
  RosterLogSummary,
  RosterQueueItem,
  RosterReviewArgs,
} from './roster-queue.types';

// The roster queue calls of 002 section 7 (Rostering) the history and review pages make, under /dashboard/roster.
// Endpoint names start with rosterQueue (RTK Query names are app-wide).

const R = '/dashboard/roster';
const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['RosterQueue', 'RosterReview'] });

export const rosterQueueApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    rosterQueueHistory: build.query<Paged<RosterQueueItem>, RosterHistoryArgs>({
      query: ({ account_id, ...body }) => ({
        url: `${R}/history`,
        method: 'POST',
        body: account_id ? { ...body, scope: { account_id } } : body,
      }),
      providesTags: ['RosterQueue'],
      keepUnusedDataFor: 0,
    }),
    rosterQueueItem: build.query<RosterQueueItem, number>({
      query: (id) => `${R}/queue/${id}`,
      transformResponse: data<RosterQueueItem>,
      providesTags: (_r, _e, id) => [{ type: 'RosterQueue', id }],
      keepUnusedDataFor: 0,
    }),
    rosterQueueSetStatus: build.mutation<RosterQueueItem, { id: number; status: RosterStatusAction }>({
      query: ({ id, status }) => ({ url: `${R}/queue/${id}`, method: 'PUT', body: { status } }),
      transformResponse: data<RosterQueueItem>,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'RosterQueue', id }, 'RosterQueue', 'RosterReview'],
    }),
    rosterQueueRefresh: build.mutation<RosterQueueItem, number>({
      query: (id) => ({ url: `${R}/queue/${id}/refresh`, method: 'POST' }),
      transformResponse: data<RosterQueueItem>,
      invalidatesTags: (_r, _e, id) => [{ type: 'RosterQueue', id }, 'RosterQueue', 'RosterReview'],
    }),
    rosterQueueLog: build.query<Paged<RosterLogEntry>, { id: number; page: number; per_page: number }>({
      query: ({ id, ...body }) => ({ url: `${R}/queue/${id}/log`, method: 'POST', body }),
      providesTags: (_r, _e, { id }) => [{ type: 'RosterQueue', id }],
      keepUnusedDataFor: 0,
    }),
    rosterQueueLogSummary: build.query<RosterLogSummary, number>({
      query: (id) => ({ url: `${R}/queue/${id}/log/summary`, method: 'POST' }),
      transformResponse: data<RosterLogSummary>,
      providesTags: (_r, _e, id) => [{ type: 'RosterQueue', id }],
      keepUnusedDataFor: 0,
    }),
    rosterQueueReview: build.query<Paged<RosterChange>, RosterReviewArgs>({
      query: ({ queue_id, ...body }) => ({
        url: `${R}/review`,
        method: 'POST',
        body: { ...body, scope: { queue_id } },
      }),
      providesTags: ['RosterReview'],
      keepUnusedDataFor: 0,
    }),
    /** POST run import: a OneRoster CSV zip for an account (provider and domain staff name it; a district's own). */
    rosterQueueImport: build.mutation<RosterQueueItem, { file: File; account_id?: number | undefined }>({
      query: ({ file, account_id }) => {
        const body = new FormData();
        if (account_id) body.append('account_id', String(account_id));
        body.append('file', file);
        return { url: `${R}/import`, method: 'POST', body };
      },
      transformResponse: data<RosterQueueItem>,
      invalidatesTags: ['RosterQueue'],
    }),
  }),
});

export const {
  useRosterQueueHistoryQuery,
  useRosterQueueItemQuery,
  useRosterQueueSetStatusMutation,
  useRosterQueueRefreshMutation,
  useRosterQueueLogQuery,
  useRosterQueueLogSummaryQuery,
  useRosterQueueReviewQuery,
  useRosterQueueImportMutation,
} = rosterQueueApi;
