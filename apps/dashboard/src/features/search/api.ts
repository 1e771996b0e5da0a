import type { SearchHit, SearchRequest, SearchResult, SearchType } from '@aula/domain/search';
import { api } from '@aula/web/lib/api.ts';

// The dashboard's search: POST /dashboard/search and GET /dashboard/search/details (docs/search.md).

export type SearchArgs = Pick<SearchRequest, 'query' | 'page' | 'per_page'> & { types?: SearchType[] | undefined };

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchDashboard: build.query<SearchResult, SearchArgs>({
      query: (body) => ({ url: '/dashboard/search', method: 'POST', body }),
      transformResponse: (r: { data: SearchResult }) => r.data,
      keepUnusedDataFor: 30,
    }),
    searchHitDetails: build.query<SearchHit, { type: SearchType; id: number }>({
      query: ({ type, id }) => ({ url: '/dashboard/search/details', params: { type, id } }),
      transformResponse: (r: { data: SearchHit }) => r.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSearchDashboardQuery, useSearchHitDetailsQuery } = searchApi;
